import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { Layout } from '../components/layout/layout';
import { cardOfNode } from '../components/magazine/article-data';
import { ArticleList } from '../components/magazine/article-list';
import { fill, magazineStrings } from '../components/magazine/head-strings';
import { MagazineHeader } from '../components/magazine/magazine-header';
import { PageHead } from '../components/seo/page-head';
import { locales, type Locale } from '../../contract/locales';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';
import { useTranslation } from '../lib/i18n/use-translation';

/** What the page query below answers, as Gatsby generates it from the query (src/gatsby-types.d.ts). */
type Data = Queries.MagazinePageQuery;

interface Context {
  language: string;
  /** The category listed; absent on the page of all articles. */
  categoryId?: number;
}


/** The page's category (null for all articles) and its path in each language. */
function magazineRoute(data: Data, context: Context) {
  const category = data.categories.nodes.find((node) => node.kf_id === context.categoryId) ?? null;
  const urls = Object.fromEntries(
    locales.map((locale) => [locale, routePath('magazine', locale, category ? { category: category.slugs[locale] } : undefined)]),
  ) as Record<Locale, string>;
  return { category, urls };
}

export default function MagazinePage({ data, pageContext }: PageProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('magazine');
  const { category, urls } = magazineRoute(data, pageContext);
  const other: Locale = locale === 'de' ? 'en' : 'de';
  // Home → Magazin, and the category on its page: breadcrumbs always start with Home (docs/decisions/076).
  const breadcrumbs = [
    { text: 'Home', link: routePath('index', locale) },
    { text: t('headline'), link: routePath('magazine', locale) },
    ...(category ? [{ text: category.name, link: urls[locale] }] : []),
  ];
  return (
    <Layout locale={locale} path={urls[locale]} breadcrumbs={breadcrumbs} alternate={{ locale: other, url: urls[other] }}>
      <MagazineHeader locale={locale} categories={data.categories.nodes} currentPath={urls[locale]} />
      <ArticleList
        // A new list for each category page: its state starts from that page's prebuilt first page.
        key={urls[locale]}
        locale={locale}
        category={category?.slug ?? null}
        mainTeasers={data.mainTeasers.nodes.map(cardOfNode)}
        firstPage={data.articles.nodes.map(cardOfNode)}
        count={data.articles.totalCount}
      />
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<Data, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  const strings = magazineStrings(locale);
  const { category, urls } = magazineRoute(data, pageContext);
  return (
    <PageHead
      locale={locale}
      path={urls[locale]}
      siteUrl={siteUrl}
      title={category ? fill(strings.categoryTitle, { category: category.name }) : strings.headline}
      description={strings.description}
      urls={urls}
    />
  );
}

export const query = graphql`
  query MagazinePage($language: String!, $categoryId: Int, $limit: Int!) {
    categories: allKfArticleCategory(filter: { locale: { eq: $language } }, sort: [{ position: ASC }, { kf_id: ASC }]) {
      nodes {
        ...KfArticleCategoryFields
      }
    }
    mainTeasers: allKfArticle(
      filter: { locale: { eq: $language }, category_id: { eq: $categoryId }, is_main_teaser: { eq: true } }
      sort: [{ published_on: DESC }, { kf_id: DESC }]
      limit: $limit
    ) {
      nodes {
        ...KfArticleCardFields
      }
    }
    articles: allKfArticle(
      filter: { locale: { eq: $language }, category_id: { eq: $categoryId } }
      sort: [{ published_on: DESC }, { kf_id: DESC }]
      limit: $limit
    ) {
      totalCount
      nodes {
        ...KfArticleCardFields
      }
    }
  }
`;

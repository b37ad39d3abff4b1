import { graphql, Link, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Layout } from '../components/layout/layout';
import { MagazineHeaderLink } from '../components/magazine/magazine-header';
import { formatPublishedOn } from '../components/magazine/published-date';
import { ResponsiveImage } from '../components/media/responsive-image';
import { PageSections } from '../components/modules/container-renderer';
import { JsonLd } from '../components/seo/json-ld';
import { PageHead } from '../components/seo/page-head';
import { articleJsonLd } from '../lib/site-json-ld';
import type { Locale } from '../../contract/locales';
import { requiredNode, toContainer } from '../lib/page-data';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';

type Data = Queries.ArticlePageQuery;


/**
 * An article: the site header lies transparent over the lead image (docs/product.md, Header and menu), then the
 * magazine header, title, meta line, teaser as lead paragraph and the body's containers. Without a lead image the
 * header stays opaque, since its white text would stand on the page's light background.
 */
export default function ArticlePage({ data, location }: PageProps<Data>) {
  const { t } = useTranslation(['magazine', 'translation']);
  const article = requiredNode(data.kfArticle, 'article', location.pathname);
  const locale = localeOf(article);
  const other: Locale = locale === 'de' ? 'en' : 'de';
  const breadcrumbs = [
    { text: t('translation:home'), link: routePath('index', locale) },
    { text: t('headline'), link: routePath('magazine', locale) },
    { text: article.title, link: article.url },
  ];
  return (
    <Layout
      locale={locale}
      path={article.url}
      breadcrumbs={breadcrumbs}
      transparentHeader={article.image !== null}
      fullBleed={article.image !== null}
      alternate={{ locale: other, url: article.urls[other] }}
      editTarget={{ type: 'article', id: article.kf_id }}
    >
      <article className={`article${article.image ? ' article--with-image' : ''}`}>
        {article.image && (
          <div className="article__lead-image">
            <ResponsiveImage media={article.image} width={1920} layout="fullWidth" loading="eager" />
          </div>
        )}
        <div className="article__content">
          <MagazineHeaderLink locale={locale} />
          <header className="article__header">
            <h1 className="article__title">{article.title}</h1>
            <p className="article__meta">
              {article.author && <span className="article__author">{t('byAuthor', { author: article.author })}</span>}
              <time className="article__date" dateTime={article.published_on}>
                {formatPublishedOn(article.published_on, locale)}
              </time>
              <span className="article__category">
                <span className="visually-hidden">{t('categoryLabel')}: </span>
                <Link to={routePath('magazine', locale, { category: article.category.slug })}>{article.category.name}</Link>
              </span>
            </p>
            {article.teaser && <p className="article__lead">{article.teaser}</p>}
          </header>
          <div className="article__body">
            {/* In edit mode the record's sections are listed from its saved state, with "add section" (ADR 059). */}
            <PageSections containers={article.containers.map(toContainer)} />
          </div>
        </div>
      </article>
    </Layout>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const article = requiredNode(data.kfArticle, 'article', location.pathname);
  const siteUrl = useSiteUrl();
  return (
    <>
      <PageHead
        locale={localeOf(article)}
        path={article.url}
        siteUrl={siteUrl}
        title={article.title}
        description={article.teaser}
        og={{ image: article.image, type: 'article' }}
        urls={article.urls}
      />
      <meta property="article:published_time" content={article.published_on} />
      <meta property="article:section" content={article.category.name} />
      {article.author && <meta name="author" content={article.author} />}
      <JsonLd
        data={articleJsonLd(
          {
            title: article.title,
            teaser: article.teaser,
            url: article.url,
            locale: article.locale,
            published_on: article.published_on,
            author: article.author,
            section: article.category.name,
            image: article.image ? `${siteUrl}/media/${article.image.id}/1240.jpg` : undefined,
          },
          siteUrl,
        )}
      />
    </>
  );
}

export const query = graphql`
  query ArticlePage($id: String!) {
    kfArticle(id: { eq: $id }) {
      ...KfArticleCardFields
      locale
      urls {
        de
        en
      }
      author
      containers {
        ...KfContainerFields
      }
    }
  }
`;

import type { HeadProps, PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Layout } from '../components/layout/layout';
import { SearchView } from '../components/search/search-view';
import { searchAlternate } from '../components/layout/alternates';
import { PageHead } from '../components/seo/page-head';
import type searchStrings from '../../locales/de/search.json';
import { namespaceOf } from '../lib/i18n/instances';
import { locales, type Locale } from '../../contract/locales';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { unlistedRoutes } from '../lib/unlisted-routes';
import { localeOf } from '../lib/locale-of';

interface Context {
  language: string;
}

const urls = () => Object.fromEntries(locales.map((locale) => [locale, routePath('search', locale)])) as Record<Locale, string>;

/**
 * `/de/search`, `/en/search` and every route below them (a match path: the category and page segments and the
 * search string are read in the browser, gatsby/create-search-pages.ts).
 */
export default function SearchPage({ pageContext, location }: PageProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('search');
  return (
    <Layout
      locale={locale}
      path={routePath('search', locale)}
      breadcrumbs={[
        { text: 'Home', link: routePath('index', locale) },
        { text: t('title'), link: routePath('search', locale) },
      ]}
      alternate={searchAlternate(locale)}
    >
      <SearchView locale={locale} location={location} />
    </Layout>
  );
}

export function Head({ pageContext }: HeadProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  // Head is rendered outside the translation provider; the strings come from the loaded translations (ADR 041).
  const strings = namespaceOf<typeof searchStrings>(locale, 'search');
  return (
    <PageHead
      locale={locale}
      path={routePath('search', locale)}
      siteUrl={siteUrl}
      title={strings.title}
      description={strings.description}
      urls={urls()}
      noindex={unlistedRoutes.has('search')}
    />
  );
}


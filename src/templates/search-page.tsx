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
import { parseSearchRoute } from '../components/search/search-route';
import NotFoundPage, { Head as NotFoundHead } from './not-found-page';

interface Context {
  language: string;
}

const urls = () => Object.fromEntries(locales.map((locale) => [locale, routePath('search', locale)])) as Record<Locale, string>;

/** Whether the address is a search route; what a category's match path takes beyond them is an unknown address. */
const isSearchRoute = (locale: Locale, location: { pathname: string }) => parseSearchRoute(locale, location.pathname, '') !== null;

/**
 * `/de/search`, `/en/search` and a page per category whose match path takes its numbered pages
 * (gatsby/create-search-pages.ts, ADR 073). The search string and the page are read in the browser. A path the
 * match path takes that is no search route (`/de/search/pages/x`) is an unknown address: the hosts answer it with
 * the 404 page and status 404, and this renders that page, so the browser agrees with the HTML it hydrates.
 */
export default function SearchPage(props: PageProps<unknown, Context>) {
  const { pageContext, location } = props;
  const locale = localeOf(pageContext);
  if (!isSearchRoute(locale, location)) return <NotFoundPage {...props} />;
  return <SearchRoutePage locale={locale} location={location} />;
}

function SearchRoutePage({ locale, location }: { locale: Locale; location: PageProps['location'] }) {
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

export function Head(props: HeadProps<unknown, Context>) {
  const { pageContext, location } = props;
  const locale = localeOf(pageContext);
  if (!isSearchRoute(locale, location)) return <NotFoundHead {...props} />;
  return <SearchHead locale={locale} />;
}

function SearchHead({ locale }: { locale: Locale }) {
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


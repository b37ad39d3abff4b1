import type { HeadProps, PageProps } from 'gatsby';
import React, { useEffect } from 'react';
import { EditorMissingPageSlot } from '../components/editor-gate/editor-gate';
import { Layout } from '../components/layout/layout';
import { ErrorView } from '../components/page/error-view';
import { reportBrokenLink } from '../lib/errors/not-found';
import { PageHead } from '../components/seo/page-head';
import { useSiteUrl } from '../lib/site-url';
import { pageLanguageAt } from '../lib/i18n/page-language';

interface Context {
  language?: string;
}

export default function NotFoundPage({ pageContext, location }: PageProps<unknown, Context>) {
  // The bare 404 page has no language of its own: the browser shows it at an unknown address of either (ADR 095).
  const locale = pageLanguageAt(pageContext, location.pathname);
  // A link of the site that led here is reported (ADR 057); an address typed or linked from elsewhere is not.
  useEffect(() => reportBrokenLink(location.pathname), [location.pathname]);
  return (
    <Layout locale={locale} path={location.pathname}>
      {/* Staff with ?edit see an offline page here (it is not in the build, so its address serves this page). */}
      <EditorMissingPageSlot>
        <ErrorView status={404} locale={locale} />
      </EditorMissingPageSlot>
    </Layout>
  );
}

export function Head({ pageContext, location }: HeadProps<unknown, Context>) {
  const locale = pageLanguageAt(pageContext, location.pathname);
  const siteUrl = useSiteUrl();
  const title = locale === 'de' ? 'Fehler 404' : 'Error 404';
  return <PageHead locale={locale} path={location.pathname} siteUrl={siteUrl} title={title} noindex />;
}


/**
 * The error page of a page that failed to render, in the site's layout (chunk `route-error`, loaded by
 * ./route-error-boundary.tsx). Should the layout fail as well, the error page shows alone.
 *
 * It names itself in the document's title ("Fehler 500 | Konzertfreunde"), ADR 068: the failed page's Head,
 * rendered by Gatsby apart from the page, fails on the same data and leaves no title at all, or else names the
 * page that is not shown.
 */
import React, { useEffect } from 'react';
import type { Locale } from '../../../contract/locales';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Layout } from '../layout/layout';
import { documentTitle } from '../seo/page-head';
import { ErrorView } from './error-view';
import { Boundary } from './boundary';

const status = 500;

/**
 * A `<title>` of its own at the head's start while the error page shows: the first title is the document's, so
 * whatever Gatsby's Head handler adds or removes after it (`data-gatsby-head`) leaves it standing; the next page
 * takes it away.
 */
function useErrorTitle() {
  const { t } = useTranslation();
  const text = documentTitle(t('errorTitle', { status }));
  useEffect(() => {
    const title = document.createElement('title');
    title.textContent = text;
    title.dataset.errorPage = String(status);
    document.head.prepend(title);
    return () => title.remove();
  }, [text]);
}

export default function RouteErrorPage({ locale, path }: { locale: Locale; path: string }) {
  useErrorTitle();
  const page = <ErrorView status={status} locale={locale} />;
  return (
    <Boundary path={path} fallback={<main id="main-content">{page}</main>}>
      <Layout locale={locale} path={path}>
        {page}
      </Layout>
    </Boundary>
  );
}

/**
 * The error page of a page that failed to render, in the site's layout (chunk `route-error`, loaded by
 * ./route-error-boundary.tsx). Should the layout fail as well, the error page shows alone.
 */
import React from 'react';
import type { Locale } from '../../../contract/locales';
import { Layout } from '../layout/layout';
import { ErrorView } from './error-view';
import { Boundary } from './boundary';

export default function RouteErrorPage({ locale, path }: { locale: Locale; path: string }) {
  const page = <ErrorView status={500} locale={locale} />;
  return (
    <Boundary path={path} fallback={<main id="main-content">{page}</main>}>
      <Layout locale={locale} path={path}>
        {page}
      </Layout>
    </Boundary>
  );
}

/** The error page of a page that failed to render, in the site's layout (chunk `route-error`, ./route-error-boundary.tsx). */
import React from 'react';
import type { Locale } from '../../../contract/locales';
import { Layout } from '../layout/layout';
import { ErrorView } from './error-view';

export default function RouteErrorPage({ locale, path }: { locale: Locale; path: string }) {
  return (
    <Layout locale={locale} path={path}>
      <ErrorView status={500} locale={locale} />
    </Layout>
  );
}

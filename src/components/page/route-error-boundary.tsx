/**
 * The error page for a page that failed to render (docs/product.md, States; ADR 057): a
 * template that throws no longer blanks the page. gatsby-browser wraps every page in it, so it is kept to the boundary
 * itself: the error page ("Fehler 500" in the site's layout) is a chunk of its own, `route-error`, loaded only then.
 * It reports the error, and the next page (a new path) renders again.
 */
import React, { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { reportLater } from '../../lib/errors/install';
import { Boundary } from './boundary';

// A chunk that cannot load is reported as such (src/lib/navigation/chunk-reload.ts); the page then stays empty, as
// it was before there was an error page.
const RouteErrorPage = lazy<ComponentType<{ locale: Locale; path: string }>>(() =>
  import(/* webpackChunkName: "route-error" */ './route-error-page').catch(() => ({ default: () => null })),
);

export function RouteErrorBoundary({ path, locale, children }: { path: string; locale: Locale; children: ReactNode }) {
  return (
    <Boundary
      path={path}
      fallback={
        <Suspense fallback={null}>
          <RouteErrorPage locale={locale} path={path} />
        </Suspense>
      }
      onError={(error) => reportLater((reporter) => reporter.reportRouteError(error, path))}
    >
      {children}
    </Boundary>
  );
}

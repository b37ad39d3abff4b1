/**
 * The error page for a page that failed to render (spec §2 "Route-change errors show the error page", issue 20): a
 * template that throws no longer blanks the page. gatsby-browser wraps every page in it; it shows "Fehler 500" in the
 * site's layout (a chunk of its own, `route-error`, loaded only then), reports the error, and lets the next page
 * render again. Without the layout's chunk, or when the layout fails too, the error page's words show alone.
 */
import React, { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { reportLater } from '../../lib/errors/install';
import { useTranslation } from '../../lib/i18n/use-translation';

interface BoundaryProps {
  /** The page's path: a new one renders the children again. */
  path: string;
  fallback: ReactNode;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  path: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, path: props.path };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The error page's words alone, for when its chunk cannot load or the layout fails as well (kept small: every page has it). */
function PlainErrorPage() {
  const { t } = useTranslation();
  return (
    <main id="main-content" className="error-view">
      <h1>{t('errorTitle', { status: 500 })}</h1>
      <p className="error-view__message">{t('error500')}</p>
    </main>
  );
}

const ErrorPageInLayout = lazy(() =>
  import(/* webpackChunkName: "route-error" */ './route-error-page').catch(() => ({ default: PlainErrorPage })),
);

export function RouteErrorBoundary({ path, locale, children }: { path: string; locale: Locale; children: ReactNode }) {
  const plain = <PlainErrorPage />;
  const fallback = (
    <Boundary path={path} fallback={plain}>
      <Suspense fallback={null}>
        <ErrorPageInLayout locale={locale} path={path} />
      </Suspense>
    </Boundary>
  );
  return (
    <Boundary path={path} fallback={fallback} onError={(error) => reportLater((reporter) => reporter.reportRouteError(error, path))}>
      {children}
    </Boundary>
  );
}

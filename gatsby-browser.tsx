import type { GatsbyBrowser } from 'gatsby';
import React, { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './src/styles/global.css';
import './src/styles/layout.css';
import './src/styles/modules.css';
import './src/styles/magazine.css';
import './src/styles/programme.css';
import './src/styles/exchange.css';
import './src/styles/newsletter.css';
import './src/styles/search.css';
import './src/styles/forms.css';
import './src/styles/motion.css';
import { wrapLoadPage } from './gatsby/private/loader';
import { keepNotFoundAddress } from './gatsby/private/page-path';
import { locales } from './contract/locales';
import { RouteErrorBoundary } from './src/components/page/route-error-boundary';
import { installErrorReports } from './src/lib/errors/install';
import { notePreviousPath } from './src/lib/errors/previous-path';
import { loadTranslations } from './src/lib/i18n/load-translations';
import { pageLanguageAt, pathLanguage } from './src/lib/i18n/page-language';
import { TranslationProvider } from './src/lib/i18n/use-translation';
import { chunkFailedInNavigation, isChunkError } from './src/lib/navigation/chunk-reload';
import { scrollToHash } from './src/lib/navigation/hash-scroll';
import { onInternalNavigationStart } from './src/lib/navigation/link-start';
import { createProgressBar } from './src/lib/navigation/progress-bar';

const progress = typeof window === 'undefined' ? null : createProgressBar();

/**
 * Gatsby shows a page once its loader has its data and component; the page's translations join that wait
 * (ADR 041), on the first page and on every client-side navigation (a switch of language included), so nothing
 * renders untranslated. The loader is Gatsby's private object, reached through gatsby/private/loader.ts (ADR 077).
 *
 * A page chunk that fails to load in a navigation is reported here (ADR 057): Gatsby catches the failure itself and
 * loads the page from the server (navigation.js), so no listener hears of it. On the first page it is Gatsby's start
 * that rethrows it, which the chunk reload's listener hears.
 */
function awaitTranslations(): void {
  wrapLoadPage((loadPage) => (path) =>
    loadPage(path).then((resources) => {
      if (resources?.error && document.documentElement.dataset.hydrated === 'true' && isChunkError(resources.error)) chunkFailedInNavigation(resources.error);
      return resources?.json
        ? loadTranslations(pageLanguageAt(resources.json.pageContext, path)).then(
            () => resources,
            // Without them the page still works (keys for words); the next page tries again.
            () => resources,
          )
        : resources;
    }),
  );
}

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  // A language's 404 page keeps the unknown address it is served at (ADR 068, 095).
  keepNotFoundAddress(locales.map((locale) => `/${locale}/404`));
  installErrorReports();
  // Fetched beside the page data rather than after it (the head preloads the same file).
  void loadTranslations(pathLanguage(window.location.pathname)).catch(() => undefined);
  awaitTranslations();
  onInternalNavigationStart(() => {
    document.documentElement.classList.add('is-leaving');
    progress?.start();
  });
};

/** From the second page of a visit on, pages fade in (layout.css); the first is shown at once (ADR 041). */
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = ({ prevLocation }) => {
  if (prevLocation) document.documentElement.classList.add('kf-navigated');
  // A 404 page reached from here was linked by the site (src/lib/errors/not-found.ts).
  notePreviousPath(prevLocation?.pathname);
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location, prevLocation }) => {
  progress?.done();
  document.documentElement.classList.remove('is-leaving');
  if (location.hash) scrollToHash(location.hash);
  else if (prevLocation) window.scrollTo(0, 0);
};

/**
 * Scrolling is ours: top on every route change, hash targets with the delay and offset of docs/product.md, Navigation
 * behaviour.
 */
export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = () => false;

/** A page that throws while rendering shows the error page (ADR 057); the server render needs no such wrapper. */
export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => {
  const locale = pageLanguageAt(props.pageContext, props.location.pathname);
  return (
    <TranslationProvider locale={locale}>
      <RouteErrorBoundary path={props.location.pathname} locale={locale}>
        {element}
      </RouteErrorBoundary>
    </TranslationProvider>
  );
};

/**
 * The first page hydrates in a transition (ADR 099). Outside a transition, React 18 hydrates a root in a single task
 * as long as the whole page takes. On a phone's CPU that is the longest task of a visit, and Lighthouse counts it in
 * Total Blocking Time. In a transition React yields to the browser every few milliseconds, and an input meanwhile is
 * replayed once the part it concerns has hydrated. Like Gatsby's own renderer, it renders instead of hydrating a
 * page whose HTML holds no markup (a client-only page).
 */
function hydrateInTransition(element: React.ReactElement, container: Element): void {
  if (document.getElementById('gatsby-focus-wrapper')?.children.length) startTransition(() => void hydrateRoot(container, element));
  else createRoot(container).render(element);
}

// Gatsby's type is legacy ReactDOM.render's, which returns an element; Gatsby calls the function for its effect only.
type Hydrate = ReturnType<NonNullable<GatsbyBrowser['replaceHydrateFunction']>>;
export const replaceHydrateFunction: GatsbyBrowser['replaceHydrateFunction'] = () => hydrateInTransition as unknown as Hydrate;

/** Marks the document once React has hydrated; end-to-end tests wait for it before they interact. */
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  document.documentElement.dataset.hydrated = 'true';
};

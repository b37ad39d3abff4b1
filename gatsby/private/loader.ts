/**
 * Gatsby's page loader in the browser, `window.___loader`: the object its navigation and first render ask for a
 * page's data and component. Not Gatsby's public API; the names are in the registry of its private shapes
 * (modules.cjs, entry `pageLoader`, ADR 077), and the canary test checks that Gatsby's runtime still sets them and
 * that the names here are the registry's. Kept apart from the registry so the visitors' bundle carries only this.
 */

/** What the loader answers for a page. */
export interface PageResources {
  json?: { pageContext?: unknown };
  /** Set when the page's data or chunk could not be loaded (`status: 'error'`). */
  error?: unknown;
}
export type LoadPage = (path: string) => Promise<PageResources | null>;

/** The names, as the registry has them. */
export const PAGE_LOADER = { global: '___loader', method: 'loadPage' } as const;

/**
 * Puts `wrap(loadPage)` in place of the loader's `loadPage`; does nothing when Gatsby set no loader (the canary test
 * fails for such a Gatsby).
 */
export function wrapLoadPage(wrap: (loadPage: LoadPage) => LoadPage): void {
  const loader = (window as unknown as Record<string, Record<string, LoadPage> | undefined>)[PAGE_LOADER.global];
  const loadPage = loader?.[PAGE_LOADER.method];
  if (!loader || typeof loadPage !== 'function') return;
  loader[PAGE_LOADER.method] = wrap(loadPage);
}

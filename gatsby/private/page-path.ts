/**
 * The page Gatsby's HTML was rendered from, `window.pagePath`, which Gatsby's first render in the browser compares with
 * the address (`cache-dir/production-app.js`): when they differ it replaces the address with the page's own, unless
 * the address is inside a page's match path or the page is Gatsby's `/404`. Not Gatsby's public API; the lines are in
 * the registry (modules.cjs, entry `pagePath`, ADR 077) and the canary checks they are still there.
 *
 * A language's 404 page, served by the content server or Netlify at an unknown address of its language with status
 * 404, must keep that address (ADR 068). Its match path `/de/*` once did that, at the price of a match-path table
 * that listed every page (ADR 095). Here the page says it is Gatsby's 404 page instead; the browser then renders the
 * bare `/404` page at the address, in the address's language, which is what the HTML shows.
 */

/** The names, as the registry has them. */
export const PAGE_PATH = { global: 'pagePath', notFound: '/404' } as const;

/** Tells Gatsby's first render that a page of `notFoundPaths`, shown at another address, is its 404 page. */
export function keepNotFoundAddress(notFoundPaths: readonly string[], win: Window = window): void {
  const globals = win as unknown as Record<string, unknown>;
  const pagePath = globals[PAGE_PATH.global];
  if (typeof pagePath === 'string' && notFoundPaths.includes(pagePath) && pagePath !== win.location.pathname) globals[PAGE_PATH.global] = PAGE_PATH.notFound;
}

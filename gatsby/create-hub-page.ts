import type { CreatePageArgs, CreatePagesArgs } from 'gatsby';
import { defaultLocale } from '../contract/locales';
import { localisedContext } from './page-context';

/** The staff hub (`/cms-hub`, docs/product.md, Routes; ADR 016): one client-only page outside the language prefixes. */
export const hubPath = '/cms-hub';

/**
 * `src/pages/cms-hub/[...].tsx` is created by Gatsby at `/cms-hub/[...]` with the match path `/cms-hub/*`, so its
 * HTML would land in `public/cms-hub/[...]/`. Moved to `/cms-hub`, the HTML is `public/cms-hub/index.html`, which
 * our server and a CDN serve for `/cms-hub` itself; the rewrite below serves it for every address below it. The
 * hub's language is German.
 */
export function placeHubPage({ page, actions }: CreatePageArgs): void {
  if (page.matchPath !== `${hubPath}/*` || page.path === hubPath) return;
  actions.deletePage(page);
  actions.createPage({ ...page, path: hubPath, context: localisedContext(defaultLocale) });
}

/** The hub's sub-addresses (`/cms-hub/events/12`) have no file: a rewrite (status 200) answers them with its page. */
export function createHubPages({ actions }: CreatePagesArgs): void {
  actions.createRedirect({ fromPath: `${hubPath}/*`, toPath: hubPath, statusCode: 200, redirectInBrowser: false });
}

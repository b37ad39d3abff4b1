import type { CreatePagesArgs } from 'gatsby';
import path from 'node:path';
import { defaultLocale } from '../contract/locales';
import { localisedContext } from './page-context';

/** The staff hub (`/cms-hub`, docs/product.md, Routes; ADR 016): one client-only page outside the language prefixes. */
export const hubPath = '/cms-hub';

const template = path.resolve(__dirname, '../src/templates/hub-page.tsx');

/**
 * The hub's one page: its HTML is `public/cms-hub/index.html`, which our server and a CDN serve for `/cms-hub`
 * itself, and its match path `/cms-hub/*` makes Gatsby's router show it for every address below it in the browser.
 * Those sub-addresses (`/cms-hub/events/12`) have no file: a rewrite (status 200) answers them with the page. The
 * hub's language is German.
 *
 * Made here, not from a file in `src/pages/`: such a page would need an `onCreatePage` hook to move it from Gatsby's
 * `/cms-hub/[...]`, and Gatsby runs that hook for every page of every build (ADR 007, ADR 091).
 */
export function createHubPages({ actions }: CreatePagesArgs): void {
  actions.createPage({ path: hubPath, matchPath: `${hubPath}/*`, component: template, context: localisedContext(defaultLocale) });
  actions.createRedirect({ fromPath: `${hubPath}/*`, toPath: hubPath, statusCode: 200, redirectInBrowser: false });
}

import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales } from '../contract/locales';
import { previewPaths } from '../contract/preview-links';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/preview-page.tsx');

/**
 * The page a preview link opens (ADR 084), per language: built at the bare address (`/de/vorschau`), with the match
 * path below it, so the browser renders it at `/de/vorschau/<token>/`. Nobody gets it at its own address: the
 * content server answers every preview address (the proxy rules of gatsby/netlify-files.ts), with this page for a
 * token that opens a preview and the 404 page for anything else. A template of its own, so its script is a chunk
 * no visitor's page loads.
 */
export function createPreviewPages({ actions }: CreatePagesArgs): void {
  for (const locale of locales) {
    const pagePath = previewPaths[locale];
    actions.createPage({ path: pagePath, matchPath: `${pagePath}/*`, component: template, context: localisedContext(locale) });
  }
}

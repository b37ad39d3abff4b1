import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales } from '../contract/locales';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/search-page.tsx');

/**
 * The search page per language (spec §2 `/de/search/{category?}/{page?}`): one page whose match path takes every
 * route below it, so the category and page segments resolve in the browser. A rewrite (status 200) in
 * `_redirects` lets a host answer those routes with the page when they are opened directly.
 */
export function createSearchPages({ actions }: CreatePagesArgs): void {
  for (const locale of locales) {
    const pagePath = routePath('search', locale);
    actions.createPage({ path: pagePath, matchPath: `${pagePath}/*`, component: template, context: localisedContext(locale) });
    actions.createRedirect({ fromPath: `${pagePath}/*`, toPath: pagePath, statusCode: 200, redirectInBrowser: false });
  }
}

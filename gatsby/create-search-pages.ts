import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales, type Locale } from '../contract/locales';
import { maxResultPage } from '../contract/search-rules';
import { searchCategories } from '../src/components/search/search-route';
import { routePath } from '../src/lib/route-path';
import type { BuildRedirect } from './netlify-files';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/search-page.tsx');

/**
 * The search pages per language (`/de/search/{category}/{page}`, docs/product.md, Routes; ADR 073): the search itself,
 * a plain page, and one page per category whose match path is a splat (`/de/search/pages/*`). A splat takes the page's
 * own path too, so the browser picks the category's page for `/de/search/pages` and for `/de/search/pages/2` alike; a
 * match path `/de/search/pages/:page` would leave out `/de/search/pages`, which then fell to the 404 page's `/de/*`
 * (ADR 068). The template shows the 404 page for what the splat takes that is no search route
 * (`/de/search/pages/x`, `/de/search/pages/2/3`), which is what the hosts answer there.
 */
export function searchRoutes(locale: Locale): { path: string; matchPath?: string }[] {
  const base = routePath('search', locale);
  return [{ path: base }, ...searchCategories.map((category) => ({ path: `${base}/${category}`, matchPath: `${base}/${category}/*` }))];
}

/**
 * The rewrites (status 200) that answer a category's numbered pages, opened directly, with the category's page: one
 * per page number up to maxResultPage, since a host's rule cannot tell a number from a word. Every other path below
 * the search has no rule and no file, so it falls to the 404 rules and answers 404.
 */
export function searchRewrites(locale: Locale): BuildRedirect[] {
  const base = routePath('search', locale);
  const numbers = Array.from({ length: maxResultPage }, (_, index) => index + 1);
  return searchCategories.flatMap((category) => numbers.map((page) => ({ fromPath: `${base}/${category}/${page}`, toPath: `${base}/${category}`, statusCode: 200 })));
}

export function createSearchPages({ actions }: CreatePagesArgs): void {
  for (const locale of locales) {
    for (const route of searchRoutes(locale)) actions.createPage({ ...route, component: template, context: localisedContext(locale) });
    for (const rewrite of searchRewrites(locale)) actions.createRedirect({ ...rewrite, redirectInBrowser: false });
  }
}

import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { locales, type Locale } from '../contract/locales';
import { searchCategories } from '../src/components/search/search-route';
import { routePath } from '../src/lib/route-path';
import type { BuildRedirect } from './netlify-files';
import { localisedContext } from './page-context';

const template = path.resolve(__dirname, '../src/templates/search-page.tsx');

/**
 * The search pages per language (spec §2 `/de/search/{category?}/{page?}`), one per route that exists: the search
 * itself and each category's results, whose match path takes a page number below it. Any other path below the
 * search is an unknown address and gets the 404 page with status 404, in the browser too, where the language's
 * 404 page has the wider match path (`/de/*`) and so no search page takes it (ADR 068).
 *
 * Pages are numbers, but a host's rules cannot tell a number from a word, so `/de/search/pages/zwei` still gets the
 * category's page, which says there is no such page of results (and, as every search page, noindex).
 */
export function searchRoutes(locale: Locale): { path: string; matchPath?: string }[] {
  const base = routePath('search', locale);
  return [{ path: base }, ...searchCategories.map((category) => ({ path: `${base}/${category}`, matchPath: `${base}/${category}/:page` }))];
}

/** The rewrites (status 200) that let a host answer a category's numbered pages, opened directly, with its page. */
export function searchRewrites(locale: Locale): BuildRedirect[] {
  return searchRoutes(locale).flatMap((route) => (route.matchPath ? [{ fromPath: route.matchPath, toPath: route.path, statusCode: 200 }] : []));
}

export function createSearchPages({ actions }: CreatePagesArgs): void {
  for (const locale of locales) {
    for (const route of searchRoutes(locale)) actions.createPage({ ...route, component: template, context: localisedContext(locale) });
    for (const rewrite of searchRewrites(locale)) actions.createRedirect({ ...rewrite, redirectInBrowser: false });
  }
}

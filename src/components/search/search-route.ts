/**
 * The search page's routes (docs/product.md, Routes: `/de/search/{category}/{page}`, the search string in `?q=`), read
 * from and written to a location. A page per category serves its numbered pages (a Gatsby match path,
 * gatsby/create-search-pages.ts), so the route is worked out in the browser; a page is a number up to
 * maxResultPage (ADR 073).
 */
import type { SearchCategory } from '../../../contract/schemas/search';
import { routes, type Locale } from '../../../contract/locales';
import { maxResultPage } from '../../../contract/search-rules';

/** The result categories: content pages, and the programme with the magazine and subscriptions. */
export const searchCategories = ['pages', 'others'] as const satisfies readonly SearchCategory[];

export interface SearchRoute {
  /** null: the summary of both categories. */
  category: SearchCategory | null;
  /** A page of a category's results, from 1. */
  page: number;
  /** The search string as in the address (not trimmed). */
  query: string;
}

const isCategory = (value: string): value is SearchCategory => (searchCategories as readonly string[]).includes(value);

/** The route a location names, or null for a path below the search page that is no search route. */
export function parseSearchRoute(locale: Locale, pathname: string, search: string): SearchRoute | null {
  const base = routes.search[locale];
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const [category, page, ...rest] = pathname.slice(base.length).split('/').filter(Boolean);
  const query = new URLSearchParams(search).get('q') ?? '';
  if (category === undefined) return { category: null, page: 1, query };
  if (!isCategory(category) || rest.length || (page !== undefined && !(/^[1-9]\d{0,5}$/.test(page) && Number(page) <= maxResultPage))) return null;
  return { category, page: page === undefined ? 1 : Number(page), query };
}

/** The address of a route: `/de/search`, `/de/search/pages/2?q=Bach`; page 1 and an empty query are left out. */
export function searchRoutePath(locale: Locale, route: SearchRoute): string {
  const segments: string[] = [routes.search[locale]];
  if (route.category) segments.push(route.category);
  if (route.category && route.page > 1) segments.push(String(route.page));
  const query = route.query.trim() ? `?${new URLSearchParams({ q: route.query.trim() }).toString()}` : '';
  return segments.join('/') + query;
}

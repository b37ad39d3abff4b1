/**
 * The search calls (docs/product.md, Calls; ADR 010) on the site's own origin: suggestions for the autocomplete, the
 * summary of both categories, and a page of one category through the one helper for paged calls.
 */
import type { Paged } from '../../../contract/schemas/programme';
import type { SearchCategory, SearchResult, SearchSuggestion, SearchSummary } from '../../../contract/schemas/search';
import { dataOf, fetchPage, getJson } from '../../lib/api-read';
import type { Locale } from '../../../contract/locales';

const callUrl = (locale: Locale, path: string, query: Record<string, string>) =>
  `/${locale}/api/search/${path}?${new URLSearchParams(query).toString()}`;

/** Rejects on a failure: the search shows "not loaded" whatever the reason. */
const fetchJson = async <T>(url: string, signal?: AbortSignal): Promise<T> => dataOf(url, await getJson<T>(url, { signal }));

export const fetchSuggestions = (locale: Locale, query: string, signal?: AbortSignal) =>
  fetchJson<SearchSuggestion[]>(callUrl(locale, 'autocomplete/', { query: query.trim() }), signal);

export const fetchSummary = (locale: Locale, query: string, signal?: AbortSignal) =>
  fetchJson<SearchSummary>(callUrl(locale, '', { query: query.trim() }), signal);

export const fetchResults = (locale: Locale, category: SearchCategory, query: string, page: number, signal?: AbortSignal): Promise<Paged<SearchResult>> =>
  fetchPage<SearchResult>(callUrl(locale, `${category}/`, { query: query.trim(), ...(page > 1 ? { page: String(page) } : {}) }), signal);

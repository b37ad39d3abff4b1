/**
 * The search calls (ADR 010): counts, pages and suggestions from the index's queries (db/repositories/
 * search-reads.ts, where the ranking per dialect is described), with snippets and DRF paging.
 */
import type { Locale } from '../../../../contract/locales';
import type { Paged } from '../../../../contract/schemas/programme';
import type { SearchCategory, SearchResult, SearchSummary, SearchSuggestion } from '../../../../contract/schemas/search';
import type { Db } from '../../db/database';
import { countsByKind, documentRows, titleSuggestions, type SearchRow } from '../../db/search/search-reads';
import type { SearchKind } from '../../db/tables/search-document.table';
import { pageLinks, pageOffset } from '../paging';
import { pageSize } from '../../../../contract/paging';
import { buildSnippet } from './snippet';
import type { SearchQuery } from '../../db/search/search-query';
import type { TitleIndex } from './title-index';

/** Which kinds of document each result category lists: content pages, and the programme and magazine. */
export const categoryKinds: Record<SearchCategory, SearchKind[]> = {
  pages: ['page'],
  others: ['event', 'article', 'subscription'],
};
/** Suggestions the autocomplete call sends at most. */
export const suggestionLimit = 8;
/** Results per category in the summary call. */
export const summaryLimit = 5;

const countOf = (counts: Map<SearchKind, number>, category: SearchCategory) =>
  categoryKinds[category].reduce((sum, kind) => sum + (counts.get(kind) ?? 0), 0);

const toResult = (row: SearchRow, query: SearchQuery): SearchResult => ({
  type: row.kind,
  title: row.title,
  url: row.url,
  snippet: buildSnippet(row.body, query.terms),
  ...(row.date ? { date: row.date } : {}),
});

/** Title rows the autocomplete ranks on SQLite: the shortest matching titles (see suggest). */
export const suggestionCandidates = 64;

/**
 * Up to eight documents whose title matches, best first, for the autocomplete: a suggestion shows a title, and
 * words only in a page's text are what the search itself is for. On SQLite the title table's rows come shortest
 * title first (db/search/search-index.ts, titleRowid), and bm25 ranks the first 64 matches: for a word typed into the
 * field it ranks a shorter title higher anyway, and the short prefixes typed first, which match thousands of
 * titles, cost no more than a rare word. Only the eight best rows are then looked up. Given the title index (SQLite,
 * services/search/title-index.ts, ADR 090), the same answer comes from memory.
 */
export async function suggest(db: Db, locale: Locale, query: SearchQuery, titles?: TitleIndex): Promise<SearchSuggestion[]> {
  const result =
    (await titles?.suggest(locale, query.terms, suggestionLimit, suggestionCandidates)) ??
    (await titleSuggestions(db, locale, query, suggestionLimit, suggestionCandidates));
  return result.map((row) => ({ title: row.title, url: row.url, type: row.kind, ...(row.date ? { date: row.date } : {}) }));
}

/** The summary call: the number of results per category and the first five of each. */
export async function searchSummary(db: Db, locale: Locale, query: SearchQuery): Promise<SearchSummary> {
  const counts = await countsByKind(db, locale, query);
  const group = async (category: SearchCategory) => {
    const count = countOf(counts, category);
    const results = count ? await documentRows(db, locale, query, categoryKinds[category], summaryLimit) : [];
    return { count, results: results.map((row) => toResult(row, query)) };
  };
  return { query: query.text, pages: await group('pages'), others: await group('others') };
}

/** One page of a category's results, DRF-paged like the other list calls (12 a page, 404 past the end). */
export async function searchCategory(
  db: Db,
  locale: Locale,
  query: SearchQuery,
  category: SearchCategory,
  page: number,
  url: string,
): Promise<Paged<SearchResult>> {
  const count = countOf(await countsByKind(db, locale, query), category);
  const offset = pageOffset(count, page);
  const results = count ? await documentRows(db, locale, query, categoryKinds[category], pageSize, offset) : [];
  return { count, ...pageLinks(url, page, count), results: results.map((row) => toResult(row, query)) };
}

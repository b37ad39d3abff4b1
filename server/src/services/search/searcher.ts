/**
 * The search calls' reads (ADR 010), per dialect: documents of the request's language whose title or text holds
 * every term, best first (FTS5's bm25 with the title weighted ten times the text; PostgreSQL's ts_rank over the
 * title's weight A and the text's B, divided by 1 + the log of the document's length), then by kind and record,
 * so equal ranks keep one order across pages and rebuilds.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../../../contract/locales';
import type { Paged } from '../../../../contract/schemas/programme';
import type { SearchCategory, SearchResult, SearchSummary, SearchSuggestion } from '../../../../contract/schemas/search';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import type { SearchKind } from '../../db/tables/search-document.table';
import { pageLinks, pageOffset } from '../paging';
import { pageSize } from '../../../../contract/paging';
import { documentIdOf, ftsTable, titleTable, tsConfig } from './index-store';
import { buildSnippet } from './snippet';
import { ftsMatch, tsQuery, type SearchQuery } from './search-query';

/** Which kinds of document each result category lists: content pages, and the programme and magazine. */
export const categoryKinds: Record<SearchCategory, SearchKind[]> = {
  pages: ['page'],
  others: ['event', 'article', 'subscription'],
};
/** Suggestions the autocomplete call sends at most. */
export const suggestionLimit = 8;
/** Results per category in the summary call. */
export const summaryLimit = 5;

/** FROM and WHERE of a search: the language's documents matching the terms (of the given kinds). */
function matching(db: Db, locale: Locale, query: SearchQuery, kinds: SearchKind[] | undefined): { from: RawBuilder<unknown>; rank: RawBuilder<unknown> } {
  const kindFilter = kinds ? sql` and d.kind in (${sql.join(kinds)})` : sql``;
  if (dialectOf(db) === 'postgres') {
    return {
      from: sql`search_document d, to_tsquery(${tsConfig[locale]}::regconfig, ${tsQuery(query.terms)}) q
        where d.locale = ${locale} and d.search_vector @@ q${kindFilter}`,
      rank: sql`ts_rank(d.search_vector, q, 1) desc`,
    };
  }
  const fts = sql.table(ftsTable[locale]);
  return {
    from: sql`${fts} f join search_document d on d.id = f.rowid
      where ${fts} match ${ftsMatch(query.terms)} and f.rank match 'bm25(10.0, 1.0)'${kindFilter}`,
    rank: sql`f.rank`,
  };
}

interface SuggestionRow {
  title: string;
  url: string;
  kind: SearchKind;
  date: string | null;
}

interface Row {
  kind: SearchKind;
  title: string;
  url: string;
  date: string | null;
  body: string;
}

async function rows(db: Db, locale: Locale, query: SearchQuery, kinds: SearchKind[], limit: number, offset = 0) {
  const { from, rank } = matching(db, locale, query, kinds);
  const result = await sql<Row>`select d.kind, d.title, d.url, d.date, d.body from ${from}
    order by ${rank}, d.kind, d.record_id limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

/** How many documents match, per kind. */
async function countsByKind(db: Db, locale: Locale, query: SearchQuery): Promise<Map<SearchKind, number>> {
  const { from } = matching(db, locale, query, undefined);
  const result = await sql<{ kind: SearchKind; count: number | string }>`select d.kind, count(*) as count from ${from} group by d.kind`.execute(db);
  return new Map(result.rows.map((row) => [row.kind, Number(row.count)]));
}

const countOf = (counts: Map<SearchKind, number>, category: SearchCategory) =>
  categoryKinds[category].reduce((sum, kind) => sum + (counts.get(kind) ?? 0), 0);

const toResult = (row: Row, query: SearchQuery): SearchResult => ({
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
 * title first (index-store.ts, titleRowid), and bm25 ranks the first 64 matches: for a word typed into the
 * field it ranks a shorter title higher anyway, and the short prefixes typed first, which match thousands of
 * titles, cost no more than a rare word. Only the eight best rows are then looked up.
 */
export async function suggest(db: Db, locale: Locale, query: SearchQuery): Promise<SearchSuggestion[]> {
  const titles = sql.table(titleTable[locale]);
  const result =
    dialectOf(db) === 'postgres'
      ? await sql<SuggestionRow>`select d.title, d.url, d.kind, d.date from search_document d,
          to_tsquery(${tsConfig[locale]}::regconfig, ${tsQuery(query.terms, true)}) q
          where d.locale = ${locale} and d.search_vector @@ q
          order by ts_rank(d.search_vector, q, 1) desc, d.kind, d.record_id limit ${suggestionLimit}`.execute(db)
      : await sql<SuggestionRow>`select d.title, d.url, d.kind, d.date from (
            select rowid, rank from (
              select rowid, rank from ${titles} where ${titles} match ${ftsMatch(query.terms)} limit ${suggestionCandidates}
            ) order by rank, rowid limit ${suggestionLimit}
          ) t join search_document d on d.id = ${documentIdOf(sql.ref('t.rowid'))}
          order by t.rank, d.kind, d.record_id`.execute(db);
  return result.rows.map((row) => ({ title: row.title, url: row.url, type: row.kind, ...(row.date ? { date: row.date } : {}) }));
}

/** The summary call: the number of results per category and the first five of each. */
export async function searchSummary(db: Db, locale: Locale, query: SearchQuery): Promise<SearchSummary> {
  const counts = await countsByKind(db, locale, query);
  const group = async (category: SearchCategory) => {
    const count = countOf(counts, category);
    const results = count ? await rows(db, locale, query, categoryKinds[category], summaryLimit) : [];
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
  const results = count ? await rows(db, locale, query, categoryKinds[category], pageSize, offset) : [];
  return { count, ...pageLinks(url, page, count), results: results.map((row) => toResult(row, query)) };
}

/**
 * The search calls' queries, per dialect (services/search/searcher.ts shapes their rows into answers): documents of
 * the request's language whose title or text holds every term, best first (FTS5's bm25 with the title weighted ten
 * times the text; PostgreSQL's ts_rank over the title's weight A and the text's B, divided by 1 + the log of the
 * document's length), then by kind and record, so equal ranks keep one order across pages and rebuilds.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import { dialectOf } from '../dialect';
import type { SearchKind } from '../tables/search-document.table';
import { documentIdOf, ftsTable, titleTable, tsConfig } from './search-index';
import { ftsMatch, tsQuery, type SearchQuery } from './search-query';

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

export interface SuggestionRow {
  title: string;
  url: string;
  kind: SearchKind;
  date: string | null;
}

export interface SearchRow {
  kind: SearchKind;
  title: string;
  url: string;
  date: string | null;
  body: string;
}

/** A slice of the matching documents of some kinds, best first. */
export async function documentRows(db: Db, locale: Locale, query: SearchQuery, kinds: SearchKind[], limit: number, offset = 0) {
  const { from, rank } = matching(db, locale, query, kinds);
  const result = await sql<SearchRow>`select d.kind, d.title, d.url, d.date, d.body from ${from}
    order by ${rank}, d.kind, d.record_id limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

/** How many documents match, per kind. */
export async function countsByKind(db: Db, locale: Locale, query: SearchQuery): Promise<Map<SearchKind, number>> {
  const { from } = matching(db, locale, query, undefined);
  const result = await sql<{ kind: SearchKind; count: number | string }>`select d.kind, count(*) as count from ${from} group by d.kind`.execute(db);
  return new Map(result.rows.map((row) => [row.kind, Number(row.count)]));
}

/**
 * Up to `limit` documents whose title matches, best first; on SQLite bm25 ranks only the first `candidates` rows
 * of the title table (shortest title first), see services/search/searcher.ts `suggest`.
 */
export async function titleSuggestions(db: Db, locale: Locale, query: SearchQuery, limit: number, candidates: number): Promise<SuggestionRow[]> {
  const titles = sql.table(titleTable[locale]);
  const result =
    dialectOf(db) === 'postgres'
      ? await sql<SuggestionRow>`select d.title, d.url, d.kind, d.date from search_document d,
          to_tsquery(${tsConfig[locale]}::regconfig, ${tsQuery(query.terms, true)}) q
          where d.locale = ${locale} and d.search_vector @@ q
          order by ts_rank(d.search_vector, q, 1) desc, d.kind, d.record_id limit ${limit}`.execute(db)
      : await sql<SuggestionRow>`select d.title, d.url, d.kind, d.date from (
            select rowid, rank from (
              select rowid, rank from ${titles} where ${titles} match ${ftsMatch(query.terms)} limit ${candidates}
            ) order by rank, rowid limit ${limit}
          ) t join search_document d on d.id = ${documentIdOf(sql.ref('t.rowid'))}
          order by t.rank, d.kind, d.record_id`.execute(db);
  return result.rows;
}

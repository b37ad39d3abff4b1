/**
 * The autocomplete's title index on SQLite (ADR 090): every document's title words in memory, per language, so a
 * prefix is looked up by binary search in the sorted words instead of by an FTS5 query. It answers what the FTS5
 * query of db/search/search-reads.ts `titleSuggestions` answers, row for row:
 * - the candidates are the first `candidates` documents, in title-rowid order (shortest title first, then id,
 *   db/search/search-index.ts `titleRowid`), whose title holds every term (a prefix, or the whole word for a
 *   one-letter term);
 * - they are ranked by FTS5's bm25 over the title table, computed here with FTS5's formula and its arithmetic in
 *   the same order (k1 = 1.2, b = 0.75, IDF = ln((N − n + 0.5) / (n + 0.5)) floored at 1e-6, n the documents
 *   matching the term, |D| the row's tokens, avgdl the table's tokens / N; the rank is −score), with N and the
 *   tokens as FTS5 counts them (ftsTotals);
 * - the best `limit` by (rank, rowid), then ordered by (rank, kind, record id).
 * The tokens are FTS5's: the title's `indexText` split as the `unicode61 remove_diacritics 2` tokenizer splits it
 * (ftsTokens). A query whose term FTS5 would split into a phrase is left to the SQL query (suggest answers
 * undefined).
 *
 * Freshness: the index reflects the change log up to a seq. Before answering it reads the newest seq (one
 * primary-key lookup); when that moved, it reloads the documents of the records the changes since touched (the
 * mapping of db/search/search-indexer.ts, whose hook rewrote them in the writes' transactions), or everything when
 * the log was compacted past it; in one read transaction, so the seq, the documents and FTS5's counts agree. A write
 * by another server on the same database is seen the same way. Requests that arrive during a load wait for that one
 * load.
 */
import { locales, type Locale } from '../../../../contract/locales';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { changesSince, compactedSeq, newestSeq, newestSeqReader } from '../../db/repositories/change-log';
import { selectInChunks } from '../../db/repositories/shared';
import { indexText } from '../../db/search/fold';
import { titleRowid, titleTable } from '../../db/search/search-index';
import { recordsOfChanges } from '../../db/search/search-indexer';
import type { QueryTerm } from '../../db/search/search-query';
import type { SuggestionRow } from '../../db/search/search-reads';
import type { SearchKind } from '../../db/tables/search-document.table';

/**
 * Letters FTS5's tokenizer folds where lower-casing and dropping marks (db/search/fold.ts) leave them: SQLite's
 * case folding maps these variant forms to the plain letter. title-index.test.ts checks every code point.
 */
const ftsFolded: Record<string, string> = {
  µ: 'μ',
  ſ: 's',
  ς: 'σ',
  ϐ: 'β',
  ϑ: 'θ',
  ϕ: 'φ',
  ϖ: 'π',
  ϰ: 'κ',
  ϱ: 'ρ',
  ϵ: 'ε',
  ẛ: 's',
};
const ftsFoldedPattern = new RegExp(`[${Object.keys(ftsFolded).join('')}]`, 'gu');
/** Letters to JavaScript's Unicode tables (a word's letters) that SQLite's older tables hold for separators. */
const ftsSeparators = /[\u19b0-\u19c0\u19c8\u19c9\u1cf2\u1cf3]+/u;

/** The tokens FTS5 (`unicode61 remove_diacritics 2`) makes of a text that db/search/fold.ts produced. */
export function ftsTokens(folded: string): string[] {
  const tokens: string[] = [];
  for (const word of folded.split(' ')) {
    if (!word) continue;
    const mapped = word.replace(ftsFoldedPattern, (c) => ftsFolded[c]);
    for (const token of mapped.split(ftsSeparators)) if (token) tokens.push(token);
  }
  return tokens;
}

const k1 = 1.2;
const b = 0.75;

interface Entry {
  kind: SearchKind;
  recordId: number;
  /** The title table's rowid: word count × 2³² + document id. */
  rowid: number;
  tokens: string[];
  row: SuggestionRow;
}

interface DocumentRow extends SuggestionRow {
  id: number;
  record_id: number;
  locale: Locale;
}

const recordKey = (kind: SearchKind, recordId: number) => `${kind}:${recordId}`;

/** The first index in the sorted `words` whose word is not below `text`. */
function lowerBound(words: readonly string[], text: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (words[mid] < text) low = mid + 1;
    else high = mid;
  }
  return low;
}

const termMatches = (token: string, term: QueryTerm) => (term.prefix ? token.startsWith(term.text) : token === term.text);

/** Terms whose matching documents are kept at once (#matching); past this the list starts again. */
const termsKept = 2000;

/** One language's titles. */
export class LocaleTitles {
  readonly #entries: (Entry | undefined)[] = [];
  readonly #free: number[] = [];
  readonly #byRecord = new Map<string, number>();
  /** The slots of the documents holding each token (any order; a document once per token). */
  readonly #postings = new Map<string, number[]>();
  /** The tokens sorted, with their postings; rebuilt after a change added or removed a token. */
  #words: string[] | undefined;
  #wordPostings: number[][] = [];
  #count = 0;
  /** FTS5's own counts of rows and tokens, which bm25 reads (see TitleIndex #totals). */
  #ftsRows = 0;
  #ftsTokens = 0;
  /** Each term's matching slots in rowid order, until the next change (#matching). */
  readonly #byTerm = new Map<string, Int32Array>();
  /** Per slot: the last term lookup that counted it, and how many terms of the current query it holds. */
  #termMark = new Float64Array(0);
  #andMark = new Float64Array(0);
  #query = 0;

  get size() {
    return this.#count;
  }

  /** The rows and tokens the FTS5 table counts (bm25's N and the sum behind avgdl). */
  setTotals(rows: number, tokens: number) {
    this.#ftsRows = rows;
    this.#ftsTokens = tokens;
  }

  add(id: number, kind: SearchKind, recordId: number, row: SuggestionRow) {
    const tokens = ftsTokens(indexText(row.title));
    const entry: Entry = { kind, recordId, rowid: titleRowid(id, row.title), tokens, row };
    const slot = this.#free.pop() ?? this.#entries.length;
    this.#entries[slot] = entry;
    this.#byRecord.set(recordKey(kind, recordId), slot);
    this.#byTerm.clear();
    for (const token of new Set(tokens)) {
      const list = this.#postings.get(token);
      if (list) list.push(slot);
      else {
        this.#postings.set(token, [slot]);
        this.#words = undefined;
      }
    }
    this.#count++;
  }

  remove(kind: SearchKind, recordId: number) {
    const key = recordKey(kind, recordId);
    const slot = this.#byRecord.get(key);
    if (slot === undefined) return;
    const entry = this.#entries[slot]!;
    for (const token of new Set(entry.tokens)) {
      // In place (a posting's order does not matter), so the sorted words stay valid unless a token goes.
      const list = this.#postings.get(token)!;
      list[list.indexOf(slot)] = list[list.length - 1];
      list.pop();
      if (!list.length) {
        this.#postings.delete(token);
        this.#words = undefined;
      }
    }
    this.#byRecord.delete(key);
    this.#byTerm.clear();
    this.#entries[slot] = undefined;
    this.#free.push(slot);
    this.#count--;
  }

  #sorted(): string[] {
    if (this.#words) return this.#words;
    const words = [...this.#postings.keys()].sort();
    this.#wordPostings = words.map((word) => this.#postings.get(word)!);
    this.#words = words;
    return words;
  }

  /**
   * The suggestions FTS5 would give for these terms (see the module comment), or undefined when a term is not
   * one FTS5 token.
   */
  suggest(queryTerms: readonly QueryTerm[], limit: number, candidates: number): SuggestionRow[] | undefined {
    const terms: QueryTerm[] = [];
    for (const term of queryTerms) {
      const tokens = ftsTokens(term.text);
      if (tokens.length !== 1) return undefined;
      terms.push({ text: tokens[0], prefix: term.prefix });
    }
    if (!terms.length || this.#count === 0 || this.#ftsRows === 0) return [];
    const lists = terms.map((term) => this.#matching(term));
    if (lists.some((list) => list.length === 0)) return [];
    const hits = lists.map((list) => list.length);
    return this.#rank(terms, hits, this.#firstOfAll(lists, candidates), limit);
  }

  /**
   * The slots of the documents holding a token the term matches, in title-rowid order: kept per term until the
   * next change of this language's titles (a per-prefix cache the index's own writes clear), so the short prefixes
   * typed first cost one lookup after their first query.
   */
  #matching(term: QueryTerm): Int32Array {
    const key = `${term.prefix ? '*' : '='}${term.text}`;
    const known = this.#byTerm.get(key);
    if (known) return known;
    const words = this.#sorted();
    if (this.#termMark.length < this.#entries.length) this.#termMark = new Float64Array(this.#entries.length * 2);
    const mark = ++this.#query;
    const termMark = this.#termMark;
    const slots: number[] = [];
    for (let w = lowerBound(words, term.text); w < words.length && termMatches(words[w], term); w++) {
      for (const slot of this.#wordPostings[w]) {
        if (termMark[slot] === mark) continue;
        termMark[slot] = mark;
        slots.push(slot);
      }
      if (!term.prefix) break;
    }
    const entries = this.#entries;
    const ordered = Int32Array.from(slots.sort((x, y) => entries[x]!.rowid - entries[y]!.rowid));
    if (this.#byTerm.size >= termsKept) this.#byTerm.clear();
    this.#byTerm.set(key, ordered);
    return ordered;
  }

  /**
   * The first `candidates` slots, in title-rowid order, that every term's list holds: the shortest list walked in
   * its order, the others marked first.
   */
  #firstOfAll(lists: Int32Array[], candidates: number): number[] {
    const [driver, ...others] = [...lists].sort((x, y) => x.length - y.length);
    if (this.#andMark.length < this.#entries.length) this.#andMark = new Float64Array(this.#entries.length * 2);
    const andMark = this.#andMark;
    // Marks of earlier queries stay below this one's base: no clearing needed.
    const base = ++this.#query * 16;
    others.forEach((list, i) => {
      for (const slot of list) if (i === 0 || andMark[slot] === base + i) andMark[slot] = base + i + 1;
    });
    const first: number[] = [];
    for (const slot of driver) {
      if (others.length && andMark[slot] !== base + others.length) continue;
      first.push(slot);
      if (first.length === candidates) break;
    }
    return first;
  }

  /** bm25 as FTS5 computes it (fts5_aux.c), then the order of titleSuggestions. */
  #rank(terms: QueryTerm[], hits: number[], slots: number[], limit: number): SuggestionRow[] {
    const rows = this.#ftsRows;
    const avgdl = this.#ftsTokens / rows;
    const idf = hits.map((hit) => {
      const value = Math.log((rows - hit + 0.5) / (hit + 0.5));
      return value <= 0 ? 1e-6 : value;
    });
    const ranked = slots.map((slot) => {
      const entry = this.#entries[slot]!;
      const size = entry.tokens.length;
      let score = 0;
      terms.forEach((term, i) => {
        let freq = 0;
        for (const token of entry.tokens) if (termMatches(token, term)) freq += 1;
        score += idf[i] * ((freq * (k1 + 1)) / (freq + k1 * (1 - b + (b * size) / avgdl)));
      });
      return { entry, rank: -1 * score };
    });
    ranked.sort((x, y) => x.rank - y.rank || x.entry.rowid - y.entry.rowid);
    const best = ranked.slice(0, limit);
    best.sort((x, y) => x.rank - y.rank || (x.entry.kind < y.entry.kind ? -1 : x.entry.kind > y.entry.kind ? 1 : 0) || x.entry.recordId - y.entry.recordId);
    return best.map(({ entry }) => entry.row);
  }
}

const documents = (db: Db) => db.selectFrom('search_document').select(['id', 'kind', 'record_id', 'locale', 'title', 'url', 'date']);

/** A varint as SQLite writes them: 7 bits a byte, high bit set on all but the last, the ninth byte whole. */
function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = bytes[at + i];
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) return [value, at + i + 1];
  }
  return [value * 256 + bytes[at + 8], at + 9];
}

/**
 * The rows and tokens FTS5 counts for a title table: its averages record (rowid 1 of `<table>_data`: the row count,
 * then the tokens per column, as varints), which bm25 reads for N and avgdl. In a `contentless_delete` table a
 * delete leaves both counts as they were, so they include every row written since the table was last emptied
 * (clearSearchIndex): they cannot be counted from the documents.
 */
async function ftsTotals(db: Db, locale: Locale): Promise<[rows: number, tokens: number]> {
  const { rows } = await sql<{ block: Uint8Array }>`select block from ${sql.table(`${titleTable[locale]}_data`)} where id = 1`.execute(db);
  if (!rows[0]) return [0, 0];
  const [count, next] = readVarint(rows[0].block, 0);
  return [count, readVarint(rows[0].block, next)[0]];
}

const addRow = (titles: Record<Locale, LocaleTitles>, row: DocumentRow) =>
  titles[row.locale].add(row.id, row.kind, row.record_id, { title: row.title, url: row.url, kind: row.kind, date: row.date });

/** The title indexes of both languages over one database, kept current with the change log. */
export class TitleIndex {
  #titles: Record<Locale, LocaleTitles> | undefined;
  /** The newest change-log seq the index reflects; undefined before the first load. */
  #seq: number | undefined;
  #loading: Promise<void> | undefined;
  readonly #newestSeq: () => number | Promise<number>;

  constructor(private readonly db: Db) {
    this.#newestSeq = newestSeqReader(db);
  }

  /** Suggestions as titleSuggestions gives them on SQLite, or undefined when that query must answer. */
  async suggest(locale: Locale, terms: readonly QueryTerm[], limit: number, candidates: number): Promise<SuggestionRow[] | undefined> {
    const titles = await this.current();
    return titles[locale].suggest(terms, limit, candidates);
  }

  /** The index, brought up to the newest seq first. */
  async current(): Promise<Record<Locale, LocaleTitles>> {
    const read = this.#newestSeq();
    const seq = typeof read === 'number' ? read : await read;
    while (this.#seq === undefined || seq > this.#seq) {
      this.#loading ??= this.#catchUp().finally(() => (this.#loading = undefined));
      await this.#loading;
    }
    return this.#titles!;
  }

  async #catchUp() {
    // One read snapshot: the documents, FTS5's counts and the seq they reflect belong together.
    const read = await this.db.transaction().execute(async (trx) => {
      const newest = await newestSeq(trx);
      const totals = await Promise.all(locales.map((locale) => ftsTotals(trx, locale)));
      // At first use, or when the log was compacted past the index's seq (what changed meanwhile is unknown).
      if (this.#seq === undefined || this.#seq < (await compactedSeq(trx)) - 1) {
        return { newest, totals, all: await documents(trx).orderBy('id').execute() };
      }
      const changes = await changesSince(trx, this.#seq);
      const reloaded: [SearchKind, number[], DocumentRow[]][] = [];
      for (const [kind, ids] of await recordsOfChanges(
        trx,
        changes.map((row) => ({ entity: row.entity, id: row.entity_id })),
      )) {
        if (!ids.size) continue;
        const rows = await selectInChunks([...ids], (chunk) => documents(trx).where('kind', '=', kind).where('record_id', 'in', chunk).execute());
        reloaded.push([kind, [...ids], rows]);
      }
      return { newest, totals, reloaded };
    });
    // Applied at once, after every read: a request never sees half of it.
    let titles = this.#titles!;
    if (read.all) {
      titles = { de: new LocaleTitles(), en: new LocaleTitles() };
      for (const row of read.all) addRow(titles, row);
    }
    for (const [kind, ids, rows] of read.reloaded ?? []) {
      for (const locale of locales) for (const id of ids) titles[locale].remove(kind, id);
      for (const row of rows) addRow(titles, row);
    }
    locales.forEach((locale, i) => titles[locale].setTotals(...read.totals[i]));
    this.#titles = titles;
    this.#seq = read.newest;
  }
}

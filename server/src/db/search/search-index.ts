/**
 * Writes of the search index, per dialect (ADR 010). SQLite: a `search_document` row, a row with the same rowid
 * in the language's FTS5 table of title and text (the search), and one in its table of titles (the
 * autocomplete), whose rowid puts the title's word count above the document's id (titleRowid). PostgreSQL: the
 * row with its `search_vector`, built by the language's text search configuration from the folded words. Both
 * receive the same folded words (db/search/fold.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import { dialectOf } from '../dialect';
import { chunks, selectInChunks } from '../repositories/shared';
import type { SearchKind } from '../tables/search-document.table';
import type { SearchDocument } from './search-documents';
import { foldedWords, indexText } from './fold';

/** The FTS5 tables of each language (SQLite): title and text, and the title alone. */
export const ftsTable: Record<Locale, string> = { de: 'search_fts_de', en: 'search_fts_en' };
export const titleTable: Record<Locale, string> = { de: 'search_title_de', en: 'search_title_en' };
/** The text search configuration of each language (PostgreSQL). */
export const tsConfig: Record<Locale, string> = { de: 'german', en: 'english' };

/** Document ids stay below this; a title row's id carries the title's word count above it. */
const idSpan = 2 ** 32;

/**
 * The rowid of a document's row in the title table: its title's word count × 2³² + its id. FTS5 walks a match's
 * rows in rowid order, so the first rows it meets are the shortest titles, which are the ones bm25 ranks best for a
 * word typed into the autocomplete (searcher.ts).
 */
export const titleRowid = (id: number, title: string) => foldedWords(title).length * idSpan + id;
/** SQL for the document id of a title row's rowid. */
export const documentIdOf = (rowid: RawBuilder<unknown>) => sql`(${rowid} % ${idSpan})`;

const row = (doc: SearchDocument) => ({
  kind: doc.kind,
  record_id: doc.recordId,
  locale: doc.locale,
  title: doc.title,
  url: doc.url,
  date: doc.date,
  body: doc.body,
});

/** Adds documents (none of which may be indexed yet). */
export async function insertSearchDocuments(trx: Db, docs: SearchDocument[]): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    for (const chunk of chunks(docs, 500)) {
      const values = chunk.map((doc) => {
        const values = row(doc);
        const config = tsConfig[doc.locale];
        return sql`(${values.kind}, ${values.record_id}, ${values.locale}, ${values.title}, ${values.url}, ${values.date}, ${values.body},
          setweight(to_tsvector(${config}::regconfig, ${indexText(doc.title)}), 'A') ||
          setweight(to_tsvector(${config}::regconfig, ${indexText(doc.body)}), 'B'))`;
      });
      await sql`insert into search_document (kind, record_id, locale, title, url, date, body, search_vector)
        values ${sql.join(values)}`.execute(trx);
    }
    return;
  }
  for (const doc of docs) {
    const { id } = await trx.insertInto('search_document').values(row(doc)).returning('id').executeTakeFirstOrThrow();
    const title = indexText(doc.title);
    await sql`insert into ${sql.table(ftsTable[doc.locale])} (rowid, title, body) values (${id}, ${title}, ${indexText(doc.body)})`.execute(trx);
    await sql`insert into ${sql.table(titleTable[doc.locale])} (rowid, title) values (${titleRowid(id, doc.title)}, ${title})`.execute(trx);
  }
}

/** Removes the documents of the given records, in every language. */
export async function removeSearchDocuments(trx: Db, kind: SearchKind, recordIds: number[]): Promise<void> {
  if (!recordIds.length) return;
  if (dialectOf(trx) === 'sqlite') {
    const rows = await selectInChunks(recordIds, (chunk) =>
      trx.selectFrom('search_document').select(['id', 'locale', 'title']).where('kind', '=', kind).where('record_id', 'in', chunk).execute(),
    );
    for (const row of rows) {
      await sql`delete from ${sql.table(ftsTable[row.locale])} where rowid = ${row.id}`.execute(trx);
      await sql`delete from ${sql.table(titleTable[row.locale])} where rowid = ${titleRowid(row.id, row.title)}`.execute(trx);
    }
  }
  for (const chunk of chunks([...new Set(recordIds)])) {
    await trx.deleteFrom('search_document').where('kind', '=', kind).where('record_id', 'in', chunk).execute();
  }
}

/** Empties the index. */
export async function clearSearchIndex(trx: Db): Promise<void> {
  if (dialectOf(trx) === 'sqlite') {
    for (const table of [...Object.values(ftsTable), ...Object.values(titleTable)]) await sql`insert into ${sql.table(table)} (${sql.table(table)}) values ('delete-all')`.execute(trx);
  }
  await trx.deleteFrom('search_document').execute();
}

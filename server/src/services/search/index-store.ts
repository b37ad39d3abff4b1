/**
 * Writes of the search index, per dialect (ADR 010). SQLite: a `search_document` row and a row with the same
 * rowid in the language's FTS5 table. PostgreSQL: the row with its `search_vector`, built by the language's text
 * search configuration from the folded words. Both receive the same folded words (fold.ts).
 */
import { sql } from 'kysely';
import type { Locale } from '../../schemas/content';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import { chunks, selectInChunks } from '../../db/repositories/shared';
import type { SearchKind } from '../../db/tables/search-document.table';
import type { SearchDocument } from './documents';
import { indexText } from './fold';

/** The FTS5 table of each language (SQLite). */
export const ftsTable: Record<Locale, string> = { de: 'search_fts_de', en: 'search_fts_en' };
/** The text search configuration of each language (PostgreSQL). */
export const tsConfig: Record<Locale, string> = { de: 'german', en: 'english' };

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
    await sql`insert into ${sql.table(ftsTable[doc.locale])} (rowid, title, body)
      values (${id}, ${indexText(doc.title)}, ${indexText(doc.body)})`.execute(trx);
  }
}

/** Removes the documents of the given records, in every language. */
export async function removeSearchDocuments(trx: Db, kind: SearchKind, recordIds: number[]): Promise<void> {
  if (!recordIds.length) return;
  if (dialectOf(trx) === 'sqlite') {
    const rows = await selectInChunks(recordIds, (chunk) =>
      trx.selectFrom('search_document').select(['id', 'locale']).where('kind', '=', kind).where('record_id', 'in', chunk).execute(),
    );
    for (const row of rows) await sql`delete from ${sql.table(ftsTable[row.locale])} where rowid = ${row.id}`.execute(trx);
  }
  for (const chunk of chunks([...new Set(recordIds)])) {
    await trx.deleteFrom('search_document').where('kind', '=', kind).where('record_id', 'in', chunk).execute();
  }
}

/** Empties the index. */
export async function clearSearchIndex(trx: Db): Promise<void> {
  if (dialectOf(trx) === 'sqlite') {
    for (const table of Object.values(ftsTable)) await sql`insert into ${sql.table(table)} (${sql.table(table)}) values ('delete-all')`.execute(trx);
  }
  await trx.deleteFrom('search_document').execute();
}

/**
 * The site search index (ADR 010): one row per searchable document (an online page, event, article or
 * subscription in one language) with the texts shown in results, and the full-text index over its folded words.
 * Frozen: later changes go into new migrations. Imports nothing from the app; the app fills the index (the words
 * are folded in application code, the same way on both dialects) and rebuilds it on its next start.
 *
 * - SQLite: an FTS5 table per language, contentless (the texts live in `search_document`, the index only holds
 *   the words) with `contentless_delete=1` so a document's row can be deleted by rowid, the `unicode61
 *   remove_diacritics 2` tokenizer and prefix indexes of 2 and 3 characters for autocomplete.
 * - PostgreSQL: a `tsvector` column (title weighted A, body B, built with the german or english configuration)
 *   under a GIN index.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  let table = db.schema.createTable('search_document');
  table = postgres
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  table = table
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('page', 'event', 'article', 'subscription')`))
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('de', 'en')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    // An event's start (UTC instant) or an article's publication day; null for pages and subscriptions.
    .addColumn('date', 'text')
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('search_document_record_unique', ['kind', 'record_id', 'locale']);
  if (postgres) table = table.addColumn('search_vector', sql`tsvector`, (c) => c.notNull());
  await table.execute();

  if (postgres) {
    await sql`create index search_document_vector_idx on search_document using gin (search_vector)`.execute(db);
    return;
  }
  for (const locale of ['de', 'en']) {
    await sql`create virtual table ${sql.id(`search_fts_${locale}`)} using fts5(
      title, body,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    )`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const locale of ['de', 'en']) await sql`drop table if exists ${sql.id(`search_fts_${locale}`)}`.execute(db);
  }
  await db.schema.dropTable('search_document').execute();
  await db.deleteFrom('meta').where('key', '=', 'search_index_version').execute();
}

/**
 * SQLite only: an FTS5 table of titles per language for the autocomplete (ADR 010), so that short prefixes,
 * which match a large part of the texts, are looked up and ranked among the titles alone (a few words each)
 * instead of among whole documents. PostgreSQL finds titles by the weight A of the existing search vector.
 * Frozen: later changes go into new migrations. Imports nothing from the app: the index is filled by the app,
 * which rebuilds it on its next start because the version row is removed here.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const locale of ['de', 'en']) {
      await sql`create virtual table ${sql.id(`search_title_${locale}`)} using fts5(
        title,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
      )`.execute(db);
    }
  }
  await db.deleteFrom('meta').where('key', '=', 'search_index_version').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const locale of ['de', 'en']) await sql`drop table if exists ${sql.id(`search_title_${locale}`)}`.execute(db);
  }
  await db.deleteFrom('meta').where('key', '=', 'search_index_version').execute();
}

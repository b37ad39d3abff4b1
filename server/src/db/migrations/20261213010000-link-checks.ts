/**
 * The outside-link checker (ADR 086): `link_check` holds one row per http(s) address to another host found in stored
 * sections, with what it answered when last checked: `status` (the HTTP status of the last hop) or `error` (timeout,
 * dns, refused address, …), and `checked_at`. `claimed_until` is how a server takes a row for checking: a
 * conditional update, so of several servers on one database one checks it (ADR 051). `seen_at` is when a round last
 * found the address in the sections; a row not seen for a while is dropped. Frozen: later changes go into new
 * migrations. Imports nothing from the app. Timestamps are ISO text. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('link_check');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_check_checked').on('link_check').column('checked_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_check').execute();
}

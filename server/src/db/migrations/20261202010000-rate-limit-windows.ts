/**
 * The counters of the per-address rate limits (ADR 048): one row per limited key (route and client address) and
 * its running window, so that every server process on one database counts the same requests. Rows whose window
 * ended are pruned. Frozen: later changes go into new migrations. Imports nothing from the app. Timestamps are ISO
 * text.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_window')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_window_resets_at').on('rate_limit_window').column('resets_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_window').execute();
}

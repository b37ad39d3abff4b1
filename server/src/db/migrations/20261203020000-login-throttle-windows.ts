/**
 * The login throttle's counts (services/login-throttle.ts, ADR 029, ADR 051): failures per account and address,
 * per address and per account, and the addresses known for an account, as fixed windows in the shape of
 * `rate_limit_window`, so that every server process on one database counts the same attempts. Rows whose window
 * ended are pruned. Frozen: later changes go into new migrations. Imports nothing from the app. Timestamps are ISO
 * text.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle_window')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_window_resets_at').on('login_throttle_window').column('resets_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle_window').execute();
}

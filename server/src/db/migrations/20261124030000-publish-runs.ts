/**
 * The publish queue's runs: one row per rebuild (or build-hook call) with what triggered it, the change-log
 * cursors it covers, how it ended and how long it took. Not content: never synced or logged.
 * Frozen: later changes go into new migrations. Imports nothing from the app. Timestamps are ISO text.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('publish_run');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('trigger_title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('building', 'live', 'failed', 'triggered')`))
    .addColumn('from_cursor', 'text')
    .addColumn('to_cursor', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('pages_rewritten', 'integer')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('publish_run').execute();
}

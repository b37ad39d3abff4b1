/**
 * The record of backups (ADR 081): `backup_run` holds one row per backup the server's schedule or `npm run backup`
 * took or tried, so the hub's dashboard can say when the newest successful one was taken and whether the last one
 * failed. `file` is the archive's base name ('' when it failed), `bytes` its size (a 64-bit count, 0 when it failed),
 * `anonymised` 0/1, `error` a short plain message ('' when it was taken). Old rows are pruned by the repository. Not
 * content: never synced or logged. Frozen: later changes go into new migrations. Imports nothing from the app.
 * Timestamps are ISO text. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('backup_run');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('done', 'failed')`))
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`${sql.ref('trigger')} in ('schedule', 'command')`))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('anonymised', 'integer', (c) => c.notNull().defaultTo(0).check(sql`anonymised in (0, 1)`))
    .addColumn('error', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('backup_run_status_started').on('backup_run').columns(['status', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_run').execute();
}

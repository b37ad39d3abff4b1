/**
 * Error reports (ADR 057): `error_group` holds one row per kind of failure (its fingerprint: source,
 * kind, message and place), with when it was first and last seen and whether an admin marked it resolved;
 * `error_event` one row per report, kept 30 days, with what the report said after scrubbing and, when a
 * Sentry-compatible service is configured, how forwarding it went. `ref` names what a server-side report is about
 * (`publish_run:17`), so a failed publish run is reported once however many servers notice it. Frozen: later
 * changes go into new migrations. Imports nothing from the app. Timestamps are ISO text.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('error_group')
    .addColumn('fingerprint', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('browser', 'server')`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer')
    .execute();
  await db.schema.createIndex('error_group_last_seen').on('error_group').column('last_seen').execute();

  const table = db.schema.createTable('error_event');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('fingerprint', 'text', (c) => c.notNull().references('error_group.fingerprint').onDelete('cascade'))
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('release', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('stack', 'text')
    // JSON object of what else the report said (call, reloaded, method, run), scrubbed.
    .addColumn('detail', 'text')
    .addColumn('ref', 'text', (c) => c.unique())
    // none: no service configured (or over its rate); pending, sent, failed: forwarding to it.
    .addColumn('forward_state', 'text', (c) => c.notNull().check(sql`forward_state in ('none', 'pending', 'sent', 'failed')`))
    .addColumn('forward_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('forward_after', 'text')
    .execute();
  await db.schema.createIndex('error_event_group_time').on('error_event').columns(['fingerprint', 'occurred_at']).execute();
  await db.schema.createIndex('error_event_time').on('error_event').column('occurred_at').execute();
  await db.schema.createIndex('error_event_forward').on('error_event').columns(['forward_state', 'forward_after']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('error_event').execute();
  await db.schema.dropTable('error_group').execute();
}

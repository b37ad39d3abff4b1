/**
 * Error reports bounded whatever arrives (ADR 065): a group counts its reports per day in `error_group_day` (one row
 * per group and day, for the dashboard's days), so a report may be counted without a row of its own; `error_event`
 * keeps a few samples per group. `forward_hour`/`forwards` hold how many reports of the group went to the error
 * service in that hour, which the samples no longer tell once older ones are dropped. The counts of the reports
 * stored so far are carried over. Frozen: later changes go into new migrations. Imports nothing from the app.
 * Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('error_group_day')
    .addColumn('fingerprint', 'text', (c) => c.notNull().references('error_group.fingerprint').onDelete('cascade'))
    // YYYY-MM-DD, UTC.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('error_group_day_pk', ['fingerprint', 'day'])
    .execute();
  await db.schema.createIndex('error_group_day_day').on('error_group_day').column('day').execute();
  await db.schema.createIndex('error_group_first_seen').on('error_group').column('first_seen').execute();
  await db.schema.alterTable('error_group').addColumn('forward_hour', 'text').execute();
  await db.schema.alterTable('error_group').addColumn('forwards', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`insert into error_group_day (fingerprint, day, count)
    select fingerprint, substr(occurred_at, 1, 10), count(*) from error_event group by fingerprint, substr(occurred_at, 1, 10)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('error_group').dropColumn('forwards').execute();
  await db.schema.alterTable('error_group').dropColumn('forward_hour').execute();
  await db.schema.dropIndex('error_group_first_seen').execute();
  await db.schema.dropTable('error_group_day').execute();
}

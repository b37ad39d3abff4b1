/**
 * Retrying a publish run a stopped server cut off (ADR 067): `retry_of` names the interrupted run that a waiting
 * request (`publish_request`) or a run (`publish_run`) publishes again; null for an ordinary save and its run.
 * Not content: never synced or logged. Frozen: later changes go into new migrations. Imports nothing from the app.
 * Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('publish_request').addColumn('retry_of', 'integer').execute();
  await db.schema.alterTable('publish_run').addColumn('retry_of', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('publish_run').dropColumn('retry_of').execute();
  await db.schema.alterTable('publish_request').dropColumn('retry_of').execute();
}

/**
 * Versions that say what changed and bursts of saves kept as one (ADR 031): `summary` (JSON, the changes as codes
 * with parameters; `[]` for versions written before), `updated_at` (the last save the version holds; null while it
 * holds one) and `seq` (the change-log seq when the version began, to tell which version a publish run made live;
 * null for versions written before).
 * Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('page_version').addColumn('summary', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('page_version').addColumn('updated_at', 'text').execute();
  await db.schema.alterTable('page_version').addColumn('seq', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('page_version').dropColumn('seq').execute();
  await db.schema.alterTable('page_version').dropColumn('updated_at').execute();
  await db.schema.alterTable('page_version').dropColumn('summary').execute();
}

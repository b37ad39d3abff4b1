/**
 * What a publish run's newest save did, as JSON (shared/save-descriptions.ts `RunSaves` without the names), so the
 * hub can say it in the staff's language (ADR 033); null for runs from before and for runs no staff save
 * started. Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('publish_run').addColumn('trigger_saves', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('publish_run').dropColumn('trigger_saves').execute();
}

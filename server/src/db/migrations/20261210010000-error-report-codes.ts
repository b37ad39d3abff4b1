/**
 * Error reports carry a code the hub words in its own language (ADR 079): `code` (linked_from, save_failed,
 * server_status, publish_failed) and `code_params` (a JSON object: from, status, reason, run) on each stored report.
 * Both stay null for reports without one (an error's own message) and for those stored before; the hub shows their
 * message as before. Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and
 * PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('error_event').addColumn('code', 'text').execute();
  await db.schema.alterTable('error_event').addColumn('code_params', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('error_event').dropColumn('code_params').execute();
  await db.schema.alterTable('error_event').dropColumn('code').execute();
}

/**
 * Who made each change: `changed_by` on the change log, the staff account whose write it records (null for the
 * seed, the sync, scripts and rows written before this column). The hub's dashboard lists recent changes with it.
 * Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Staff accounts may be removed; the change stays in the log and forgets the name.
  await db.schema
    .alterTable('change_log')
    .addColumn('changed_by', 'integer', (c) => c.references('staff_user.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('change_log').dropColumn('changed_by').execute();
}

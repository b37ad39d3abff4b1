/**
 * Versions for in-place editing (ADR 013): every container counts its writes in `version`, so an editor's save
 * based on an older count can be refused instead of overwriting a colleague's change, and remembers who made the
 * last one (`updated_by`). Page versions remember who saved them (`created_by`). Frozen: later changes go into new
 * migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('container')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Staff accounts may be removed; the container keeps its content and forgets the name.
  await db.schema
    .alterTable('container')
    .addColumn('updated_by', 'integer', (c) => c.references('staff_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('page_version')
    .addColumn('created_by', 'integer', (c) => c.references('staff_user.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('page_version').dropColumn('created_by').execute();
  await db.schema.alterTable('container').dropColumn('updated_by').execute();
  await db.schema.alterTable('container').dropColumn('version').execute();
}

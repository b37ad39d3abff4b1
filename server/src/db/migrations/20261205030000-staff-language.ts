/**
 * The language a staff member reads the editor and the hub in (ADR 061): `de` or `en`, German unless they chose
 * English. Their own choice, independent of the language of the page they edit. Frozen: later changes go into new
 * migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff_user')
    .addColumn('staff_language', 'text', (c) => c.notNull().defaultTo('de').check(sql`staff_language in ('de', 'en')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_user').dropColumn('staff_language').execute();
}

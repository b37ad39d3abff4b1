/**
 * The imprint and privacy pages per locale, in the site settings: the cookie banner links to them and stays off
 * them (docs/product.md, Routes), wherever an editor moves them. Empty until set; existing rows keep their contact
 * details. Frozen: later changes go into new migrations. Imports nothing from the app.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_settings').addColumn('imprint_url', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('site_settings').addColumn('privacy_url', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('privacy_url').execute();
  await db.schema.alterTable('site_settings').dropColumn('imprint_url').execute();
}

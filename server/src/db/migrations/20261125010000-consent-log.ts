/**
 * The cookie-consent log: one row each time a visitor gives, changes or withdraws consent in the cookie banner, so
 * the association can show later what a browser agreed to and when. A row holds the banner's random consent id
 * (a UUID the browser keeps in its consent cookie), the accepted categories as a JSON array of strings, the
 * banner's revision and the kind of action. Deliberately no IP address, user agent or anything else about the
 * visitor. Frozen: later changes go into new migrations. Imports nothing from the app. Timestamps are ISO text.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('consent_log');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('consent_id', 'text', (c) => c.notNull())
    // e.g. ["required","media"]: JSON text, the same on both dialects and readable in a dump.
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().check(sql`revision >= 0`))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('first', 'change', 'withdraw')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consent_log_consent_id').on('consent_log').column('consent_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consent_log').execute();
}

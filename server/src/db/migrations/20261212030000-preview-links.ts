/**
 * Preview links (ADR 084): `preview_link` holds one row per link a staff member made so that someone without an
 * account can see a page, event, subscription series or article in one language before it is public. The link's
 * token is not stored: it is the row's id and expiry signed with the server's secret (services/preview-links.ts),
 * so a leaked database gives no working link and a row is all it takes to revoke one. `created_by` and `revoked_by`
 * are staff ids (null once the account is gone); `revoked_at` null while the link holds. Frozen: later changes go
 * into new migrations. Imports nothing from the app. Timestamps are ISO text. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('preview_link');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('page', 'event', 'subscription', 'article')`))
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('de', 'en')`))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer')
    .execute();
  await db.schema.createIndex('preview_link_created').on('preview_link').column('created_at').execute();
  await db.schema.createIndex('preview_link_owner').on('preview_link').columns(['content_type', 'object_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('preview_link').execute();
}

/**
 * Drafts (ADR 085): `content_draft` holds one row per page, event, subscription or
 * article and language whose sections an editor keeps unpublished. The draft's sections are ordinary `container`
 * rows whose owner is the draft (`content_type = 'draft'`, `object_id` = the draft's id), so every editor write works
 * on them as on live sections; their slugs carry the draft's id (`12~slug`) while they are drafts, so the unique
 * slug index stays as it is. `publish_at` is a planned publish (ISO UTC text, so text order is time order).
 * Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('content_draft');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('page', 'event', 'subscription', 'article')`))
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('de', 'en')`))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'text')
    .addUniqueConstraint('content_draft_owner_unique', ['content_type', 'object_id', 'locale'])
    .execute();
  await db.schema.createIndex('content_draft_publish_at').on('content_draft').column('publish_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_draft').execute();
}

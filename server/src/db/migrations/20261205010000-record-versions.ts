/**
 * Versions of the sections of events, subscriptions and articles (ADR 059): one row per version with the owner
 * (`content_type` + `object_id`), when it began and ended, who saved it, the record's containers and modules as
 * JSON (`snapshot`), what changed (`summary`, as in `page_version`, ADR 031) and the change-log seq when it began.
 * A table of its own beside `page_version`, whose `page_id` references `page`. Frozen: later changes go into new
 * migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('record_version');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('event', 'subscription', 'article')`))
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('staff_user.id').onDelete('set null'))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('seq', 'integer')
    .execute();
  await db.schema.createIndex('record_version_owner_idx').on('record_version').columns(['content_type', 'object_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_version').execute();
}

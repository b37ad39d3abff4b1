/**
 * Scheduled publishing (ADR 035): `scheduled_change` holds, per page, event or article, at most one
 * time to go online and one to go offline (`action`), the UTC instant it falls due (`due_at`, ISO text, so text
 * order is time order), who set it and, when applying it failed, why (`error`; such a row is no longer due).
 * Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('scheduled_change');
  await (isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in ('page', 'event', 'article')`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('online', 'offline')`))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addUniqueConstraint('scheduled_change_entity_action', ['entity', 'entity_id', 'action'])
    .execute();
  await db.schema.createIndex('scheduled_change_due').on('scheduled_change').column('due_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_change').execute();
}

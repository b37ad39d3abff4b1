/**
 * What lets several content servers on one database publish as one (ADR 051): `publish_request`, one row per staff
 * save waiting to be published (any server's queue may take them, so a save outlives the server that took it), and
 * `lease`, named leases with a holder and an expiry (the publish lease: one run at a time across servers, and a
 * dead holder's lease simply runs out). Not content: never synced or logged. Frozen: later changes go into new
 * migrations. Imports nothing from the app. Timestamps are ISO text. Runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>) {
  return sql`${0}`.compile(db).sql === '$1';
}

export async function up(db: Kysely<any>): Promise<void> {
  const requests = db.schema.createTable('publish_request');
  await (isPostgres(db)
    ? requests.addColumn('id', 'serial', (c) => c.primaryKey())
    : requests.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('save', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lease').execute();
  await db.schema.dropTable('publish_request').execute();
}

/**
 * An index on `publish_run (status, id)`: the publish status and the readiness check (docs/operations.md) look for
 * the run still building on every call, and a load balancer polls the latter every few seconds. Without it, finding
 * that no run builds reads every run ever recorded, one more a publish, for the life of the site. Frozen: later
 * changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('publish_run_status_id').on('publish_run').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('publish_run_status_id').execute();
}

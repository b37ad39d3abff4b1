/**
 * Netlify's deploy of a build-hook run (ADR 023): its deploy id, what Netlify last reported (building, ready,
 * error) and the deploy's own address, from Netlify's deploy notifications. Null for built runs and for runs no
 * notification named. Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite
 * and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('publish_run').addColumn('deploy_id', 'text').execute();
  await db.schema
    .alterTable('publish_run')
    .addColumn('deploy_state', 'text', (c) => c.check(sql`deploy_state in ('building', 'ready', 'error')`))
    .execute();
  await db.schema.alterTable('publish_run').addColumn('deploy_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['deploy_url', 'deploy_state', 'deploy_id']) await db.schema.alterTable('publish_run').dropColumn(column).execute();
}

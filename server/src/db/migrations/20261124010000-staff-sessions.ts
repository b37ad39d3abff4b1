/**
 * Logged-in staff sessions for the page editor (ADR 013). The cookie holds a random token; a row's id is the
 * token's SHA-256 (hex), so the table alone cannot be used to log in. Frozen: later changes go into new
 * migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL; timestamps are ISO text, as in the
 * other tables, so they compare as strings.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // A deleted account takes its sessions with it.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // Absolute end (created_at + 14 days); the idle limit is computed from last_seen_at.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_session_user').on('staff_session').column('user_id').execute();
  await db.schema.createIndex('staff_session_expires').on('staff_session').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_session').execute();
}

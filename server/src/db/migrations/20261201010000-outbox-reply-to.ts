/**
 * A Reply-To for outbox mail (ADR 042): a form's notification to staff answers the visitor who sent
 * the entry, not the association's own sender address. Null for every other mail and for rows queued before.
 * Frozen: later changes go into new migrations. Imports nothing from the app. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('reply_to').execute();
}

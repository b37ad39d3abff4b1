/**
 * Recognisable resends of outbox mail (ADR 009): `message_id` is the unique part of the mail's
 * Message-ID, made once when the mail is queued and sent unchanged with every attempt, so a receiver can tell a
 * resend from a new mail; `sending_since` is set while a sender holds the row and cleared when it records the
 * outcome, so a row claimed again with it still set is a resend of a mail that may have gone out. Rows queued before this
 * migration get their Message-ID on their first attempt. Frozen: later changes go into new migrations. Imports
 * nothing from the app. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('mail_outbox').addColumn('message_id', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('sending_since', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['sending_since', 'message_id']) await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
}

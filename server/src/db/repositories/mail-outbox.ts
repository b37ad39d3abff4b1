/**
 * The mail outbox's rows (services/mail/outbox.ts queues, services/mail/delivery.ts sends). Every change to a row
 * a sender works on is conditional on the claim it read (status, attempts), so two senders on one database never
 * both record an attempt: the one whose condition no longer holds learns it from the count of updated rows.
 */
import type { Db } from '../database';
import type { MailOutboxRow, MailOutboxTable, NewMailOutboxRow } from '../tables/mail-outbox.table';
import type { Updateable } from 'kysely';

/** Inserts a mail in the caller's transaction; resolves with its id. */
export async function insertMail(trx: Db, mail: NewMailOutboxRow): Promise<number> {
  const row = await trx.insertInto('mail_outbox').values(mail).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Up to `limit` pending mails due at `atIso`, oldest first. */
export const dueMails = (db: Db, atIso: string, limit: number) =>
  db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', atIso)]))
    .orderBy('id')
    .limit(limit)
    .execute();

/** Writes `claim` to the row unless another sender changed it since it was read; true when this one did. */
export async function claimMail(db: Db, row: MailOutboxRow, claim: Updateable<MailOutboxTable>): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set(claim)
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', row.attempts)
    .where((eb) => (row.next_attempt_at === null ? eb('next_attempt_at', 'is', null) : eb('next_attempt_at', '=', row.next_attempt_at)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a running claim's end to `until`, while the row is still at this sender's attempt. */
export const renewMailClaim = (db: Db, row: MailOutboxRow, until: string) =>
  db.updateTable('mail_outbox').set({ next_attempt_at: until }).where('id', '=', row.id).where('status', '=', 'pending').where('attempts', '=', row.attempts).execute();

/** Records a failed attempt while the claim is still `attempts`'s; true when it was. */
export async function recordMailFailure(db: Db, id: number, attempts: number, outcome: Updateable<MailOutboxTable>): Promise<boolean> {
  const result = await db.updateTable('mail_outbox').set(outcome).where('id', '=', id).where('status', '=', 'pending').where('attempts', '=', attempts).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a pending mail sent, whoever holds its claim; false when it was no longer pending. */
export async function recordMailSent(db: Db, id: number, sentAt: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: sentAt, next_attempt_at: null, last_error: null, sending_since: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

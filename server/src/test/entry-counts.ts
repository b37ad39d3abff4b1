import type { Db } from '../db/database';

/** How many form entries and queued mails there are: equal before and after means a sending wrote nothing. */
export async function entryAndMailCounts(db: Db) {
  const count = async (table: 'form_entry' | 'mail_outbox') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { entries: await count('form_entry'), mails: await count('mail_outbox') };
}

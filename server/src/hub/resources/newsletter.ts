/**
 * Newsletter subscribers in the hub: who signed up, in which state, and the proof of their consent (which text
 * version, when and from which address they signed up and confirmed). Deleting erases the row for good (GDPR
 * Art. 17); to stop mails without erasing, the subscriber unsubscribes. The proof is exported as CSV in
 * ../csv-exports.ts. Subscribers are not content: nothing is logged.
 */
import { deleteSubscriber } from '../../db/repositories/newsletter';
import type { Db } from '../../db/database';
import type { SubscriberStatus } from '../../db/tables/newsletter.table';
import { locales } from '../../schemas/content';
import type { ResourceDefinition } from '../resource';

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const satisfies readonly SubscriberStatus[];

/** Every column but the token hashes and the unsubscribe salt (the link's secrets). */
const readColumns = [
  'id',
  'list',
  'email',
  'locale',
  'status',
  'consent_text_version',
  'signup_ip',
  'signed_up_at',
  'confirm_token_expires_at',
  'confirmed_at',
  'confirm_ip',
  'unsubscribed_at',
  'updated_at',
] as const;

/** The proof of consent as table rows with a header, oldest sign-up first; `status` narrows it. */
export async function subscriberRows(db: Db, status?: SubscriberStatus): Promise<string[][]> {
  let query = db.selectFrom('newsletter_subscriber').select(readColumns).orderBy('signed_up_at').orderBy('id');
  if (status) query = query.where('status', '=', status);
  const columns = readColumns.filter((column) => column !== 'id' && column !== 'confirm_token_expires_at' && column !== 'updated_at');
  const rows = await query.execute();
  return [[...columns], ...rows.map((row) => columns.map((column) => String(row[column] ?? '')))];
}

export const newsletter: ResourceDefinition = {
  key: 'newsletter',
  role: 'editor',
  label: 'Subscriber',
  list: {
    table: 'newsletter_subscriber',
    columns: {
      email: 'email',
      status: 'status',
      locale: 'locale',
      signed_up_at: 'signed_up_at',
      confirmed_at: 'confirmed_at',
      unsubscribed_at: 'unsubscribed_at',
    },
    search: ['email'],
    filters: {
      status: { column: 'status', type: 'string', values: subscriberStatuses },
      locale: { column: 'locale', type: 'string', values: locales },
    },
    ordering: ['signed_up_at', 'confirmed_at', 'email'],
    defaultOrdering: '-signed_up_at',
  },
  read: ({ db }, id) => db.selectFrom('newsletter_subscriber').select(readColumns).where('id', '=', id).executeTakeFirst(),
  remove: async ({ db }, id) => {
    await deleteSubscriber(db, id);
  },
};

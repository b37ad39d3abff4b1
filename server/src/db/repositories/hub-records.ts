/**
 * Reads the hub's resource definitions (server/src/hub/resources/) make beside the entities' own repositories:
 * a record as its change page shows it, or what a delete must check first.
 */
import type { Db } from '../database';
import type { SubscriberStatus } from '../tables/newsletter.table';

/** The ticket ads still live (waiting for confirmation or on the exchange) for an event. */
export async function liveTicketAdIds(db: Db, eventId: number): Promise<number[]> {
  const ads = await db.selectFrom('ticket_ad').select('id').where('event_id', '=', eventId).where('status', 'in', ['pending', 'confirmed']).execute();
  return ads.map((ad) => ad.id);
}

export const readArticleCategory = (db: Db, id: number) => db.selectFrom('article_category').selectAll().where('id', '=', id).executeTakeFirst();

export const readRedirect = (db: Db, id: number) => db.selectFrom('redirect').selectAll().where('id', '=', id).executeTakeFirst();

/** A staff account as the hub shows it: never the password hash. */
export const readStaffUser = (db: Db, id: number) =>
  db.selectFrom('staff_user').select(['id', 'email', 'username', 'role', 'is_active', 'created_at', 'updated_at', 'last_login_at']).where('id', '=', id).executeTakeFirst();

/** Every column but the two token hashes, which staff have no use for and which stay on the server. */
const ticketAdColumns = [
  'id',
  'event_id',
  'kind',
  'quantity',
  'price_category',
  'category_label_de',
  'category_label_en',
  'face_value_cents',
  'price_cents',
  'message',
  'name',
  'email',
  'locale',
  'status',
  'confirm_expires_at',
  'created_at',
  'confirmed_at',
  'withdrawn_at',
  'expired_at',
] as const;

export const readTicketAd = (db: Db, id: number) => db.selectFrom('ticket_ad').select(ticketAdColumns).where('id', '=', id).executeTakeFirst();

export const ticketAdStatus = async (db: Db, id: number) =>
  (await db.selectFrom('ticket_ad').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

export const pageExists = async (db: Db, id: number) => (await db.selectFrom('page').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const mediaExists = async (db: Db, id: number) => (await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** Every column but the token hashes and the unsubscribe salt (the link's secrets). */
const subscriberColumns = [
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

export type SubscriberColumn = (typeof subscriberColumns)[number];

export const readSubscriber = (db: Db, id: number) => db.selectFrom('newsletter_subscriber').select(subscriberColumns).where('id', '=', id).executeTakeFirst();

/** Every subscriber (of one status when given), oldest sign-up first. */
export function listSubscribers(db: Db, status?: SubscriberStatus) {
  let query = db.selectFrom('newsletter_subscriber').select(subscriberColumns).orderBy('signed_up_at').orderBy('id');
  if (status) query = query.where('status', '=', status);
  return query.execute();
}

/** How many rows of a form's fields or entries each of the forms has, by form id (absent: none). */
export async function countByForm(db: Db, table: 'form_field' | 'form_entry', formIds: number[]): Promise<Map<number, number>> {
  const counts = await db
    .selectFrom(table)
    .select(['form_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('form_id', 'in', formIds)
    .groupBy('form_id')
    .execute();
  return new Map(counts.map((row) => [Number(row.form_id), Number(row.n)]));
}

export const readForm = (db: Db, id: number) => db.selectFrom('form').selectAll().where('id', '=', id).executeTakeFirst();

export const readFormEntry = (db: Db, id: number) => db.selectFrom('form_entry').selectAll().where('id', '=', id).executeTakeFirst();

/** A form's entries, oldest first. */
export const listFormEntries = (db: Db, formId: number) =>
  db.selectFrom('form_entry').selectAll().where('form_id', '=', formId).orderBy('created_at').orderBy('id').execute();

/** The uploads attached to the entries (none asked: none read). */
export async function entryFiles(db: Db, entryIds: number[]) {
  if (!entryIds.length) return [];
  return db.selectFrom('temp_file').select(['id', 'original_name', 'size', 'mime', 'attached_entry_id']).where('attached_entry_id', 'in', entryIds).execute();
}

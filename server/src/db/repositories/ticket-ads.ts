/**
 * Ticket ads (ADR 012). Not content, but the site's build renders the live ads as the exchange call lists them
 * (ADR 074): an ad going on or off the exchange (confirmed, withdrawn, expired) is logged as a `ticket_ad` change in
 * the same transaction, so the publish queue sees something to rebuild. Nothing else here touches the change log. Functions take the database or a transaction; the exchange service runs a
 * placement with its mail in one transaction. Status changes are conditional updates (`where status = …`), so
 * two clicks on one link cannot both succeed.
 *
 * An ad is live while it is confirmed and its event takes ads (online, not cancelled, not begun); lists apply
 * that rule in SQL, so an ad drops off the moment its event begins whether or not the sweep has marked it
 * expired yet.
 */
import type { ExpressionBuilder } from 'kysely';
import type { TicketAdKind } from '../../../../contract/ad-limits';
import type { Database, Db } from '../database';
import type { EventRow } from '../tables/event.table';
import type { NewTicketAdRow, TicketAdRow } from '../tables/ticket-ad.table';
import { logChanges } from './change-log';
import { inTransaction } from './shared';

/** Logs ads that went on or off the exchange, by nobody in particular: the build reads the exchange call (ADR 074). */
const logAdChanges = (trx: Db, ids: readonly number[]) => logChanges(trx, ids.map((id) => ({ entity: 'ticket_ad' as const, id })), { by: null });

/** The events that take ads at `now`, as a condition on a query that has the `event` table. */
export function eventTakesAds(eb: ExpressionBuilder<Database, 'event'>, now: string) {
  return eb.and([
    eb('event.is_online', '=', 1),
    eb('event.status', '<>', 'cancelled'),
    eb.or([
      eb(eb.fn.coalesce('event.postponed_to', 'event.start_at'), '>', now),
      eb.and([eb('event.status', '=', 'postponed'), eb('event.postponed_to', 'is', null)]),
    ]),
  ]);
}

/** Event columns an ad shows. */
export type AdEventRow = Pick<
  EventRow,
  'id' | 'slug_de' | 'slug_en' | 'title_de' | 'title_en' | 'start_at' | 'status' | 'postponed_to'
>;
export type LiveAdRow = TicketAdRow & { event: AdEventRow };

export interface AdFilter {
  eventId?: number;
  kind?: TicketAdKind;
}

function liveAds(db: Db, now: string, filter: AdFilter) {
  let query = db
    .selectFrom('ticket_ad')
    .innerJoin('event', 'event.id', 'ticket_ad.event_id')
    .where('ticket_ad.status', '=', 'confirmed')
    .where((eb) => eventTakesAds(eb, now));
  if (filter.eventId !== undefined) query = query.where('ticket_ad.event_id', '=', filter.eventId);
  if (filter.kind !== undefined) query = query.where('ticket_ad.kind', '=', filter.kind);
  return query;
}

const eventColumns = [
  'event.slug_de as event_slug_de',
  'event.slug_en as event_slug_en',
  'event.title_de as event_title_de',
  'event.title_en as event_title_en',
  'event.start_at as event_start_at',
  'event.status as event_status',
  'event.postponed_to as event_postponed_to',
] as const;

type JoinedRow = TicketAdRow & {
  event_slug_de: string;
  event_slug_en: string;
  event_title_de: string;
  event_title_en: string;
  event_start_at: string;
  event_status: EventRow['status'];
  event_postponed_to: string | null;
};

const splitJoined = ({
  event_slug_de,
  event_slug_en,
  event_title_de,
  event_title_en,
  event_start_at,
  event_status,
  event_postponed_to,
  ...ad
}: JoinedRow): LiveAdRow => ({
  ...ad,
  event: {
    id: ad.event_id,
    slug_de: event_slug_de,
    slug_en: event_slug_en,
    title_de: event_title_de,
    title_en: event_title_en,
    start_at: event_start_at,
    status: event_status,
    postponed_to: event_postponed_to,
  },
});

export async function countLiveAds(db: Db, now: string, filter: AdFilter = {}): Promise<number> {
  const row = await liveAds(db, now, filter)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Live ads by their event's date (soonest first), newest ad first within an event. */
export async function listLiveAds(db: Db, now: string, filter: AdFilter, offset: number, limit: number): Promise<LiveAdRow[]> {
  const rows = await liveAds(db, now, filter)
    .selectAll('ticket_ad')
    .select(eventColumns)
    .orderBy((eb) => eb.fn.coalesce('event.postponed_to', 'event.start_at'))
    .orderBy('event.id')
    .orderBy('ticket_ad.confirmed_at', 'desc')
    .orderBy('ticket_ad.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => splitJoined(row as JoinedRow));
}

/** One live ad, or undefined when it does not exist or is not live (pending, withdrawn, its event begun…). */
export async function findLiveAd(db: Db, id: number, now: string): Promise<LiveAdRow | undefined> {
  const row = await liveAds(db, now, {}).selectAll('ticket_ad').select(eventColumns).where('ticket_ad.id', '=', id).executeTakeFirst();
  return row && splitJoined(row as JoinedRow);
}

/** Online events that take ads, by date, with their live offers and searches counted. */
export async function listAdEvents(db: Db, now: string) {
  const events = await db
    .selectFrom('event')
    .selectAll()
    .where((eb) => eventTakesAds(eb, now))
    .orderBy((eb) => eb.fn.coalesce('event.postponed_to', 'event.start_at'))
    .orderBy('event.id')
    .execute();
  const counts = await liveAds(db, now, {})
    .select(['ticket_ad.event_id as event_id', 'ticket_ad.kind as kind', (eb) => eb.fn.countAll().as('count')])
    .groupBy(['ticket_ad.event_id', 'ticket_ad.kind'])
    .execute();
  const byEvent = new Map<number, Record<TicketAdKind, number>>();
  for (const row of counts) {
    const entry = byEvent.get(row.event_id) ?? { offer: 0, search: 0 };
    entry[row.kind] = Number(row.count);
    byEvent.set(row.event_id, entry);
  }
  return events.map((event) => ({ event, counts: byEvent.get(event.id) ?? { offer: 0, search: 0 } }));
}

export async function insertTicketAd(db: Db, row: NewTicketAdRow): Promise<number> {
  const { id } = await db.insertInto('ticket_ad').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The ad a link's token hash belongs to, with its event. */
export async function findAdByTokenHash(
  db: Db,
  link: 'confirm' | 'withdraw',
  hash: string,
): Promise<{ ad: TicketAdRow; event: EventRow } | undefined> {
  const ad = await db
    .selectFrom('ticket_ad')
    .selectAll()
    .where(link === 'confirm' ? 'confirm_token_hash' : 'withdraw_token_hash', '=', hash)
    .executeTakeFirst();
  if (!ad) return undefined;
  const event = await db.selectFrom('event').selectAll().where('id', '=', ad.event_id).executeTakeFirstOrThrow();
  return { ad, event };
}

/** pending → confirmed, logged as a change; false when the ad was not pending any more (another click came first). */
export function markAdConfirmed(db: Db, id: number, now: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('ticket_ad')
      .set({ status: 'confirmed', confirmed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const confirmed = Number(result.numUpdatedRows) === 1;
    if (confirmed) await logAdChanges(trx, [id]);
    return confirmed;
  });
}

/** pending or confirmed → withdrawn; a confirmed one's leaving is logged as a change. False when it had ended already. */
export function markAdWithdrawn(db: Db, id: number, now: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('ticket_ad').select('status').where('id', '=', id).executeTakeFirst();
    const result = await trx
      .updateTable('ticket_ad')
      .set({ status: 'withdrawn', withdrawn_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'confirmed'])
      .executeTakeFirst();
    const withdrawn = Number(result.numUpdatedRows) === 1;
    if (withdrawn && before?.status === 'confirmed') await logAdChanges(trx, [id]);
    return withdrawn;
  });
}

/**
 * The sweep: pending and confirmed ads whose event has begun become expired (lists hide them anyway; this keeps
 * the stored status true), the confirmed ones logged as changes, so the built exchange drops them at the next
 * publish (ADR 074). Then the personal data goes once it has no use left: pending ads whose link lapsed, and
 * withdrawn or expired ads, are deleted `keepMs` after that. Ads of cancelled or offline events are only hidden,
 * since both can be undone. Returns how many rows each step touched and which confirmed ads expired.
 */
export async function sweepTicketAds(db: Db, now: string, keepMs: number): Promise<{ expired: number; deleted: number; expiredListed: number[] }> {
  const begun = db
    .selectFrom('event')
    .select('event.id')
    .where((eb) =>
      eb.and([
        eb(eb.fn.coalesce('event.postponed_to', 'event.start_at'), '<=', now),
        eb.or([eb('event.status', '<>', 'postponed'), eb('event.postponed_to', 'is not', null)]),
      ]),
    );
  const { expired, expiredListed } = await inTransaction(db, async (trx) => {
    const listed = await trx.selectFrom('ticket_ad').select('id').where('status', '=', 'confirmed').where('event_id', 'in', begun).execute();
    const result = await trx
      .updateTable('ticket_ad')
      .set({ status: 'expired', expired_at: now })
      .where('status', 'in', ['pending', 'confirmed'])
      .where('event_id', 'in', begun)
      .executeTakeFirst();
    const ids = listed.map((row) => row.id);
    await logAdChanges(trx, ids);
    return { expired: result, expiredListed: ids };
  });
  const before = new Date(Date.parse(now) - keepMs).toISOString();
  const deleted = await db
    .deleteFrom('ticket_ad')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('confirm_expires_at', '<', before)]),
        eb.and([eb('status', '=', 'withdrawn'), eb('withdrawn_at', '<', before)]),
        eb.and([eb('status', '=', 'expired'), eb('expired_at', '<', before)]),
      ]),
    )
    .executeTakeFirst();
  return { expired: Number(expired.numUpdatedRows), deleted: Number(deleted.numDeletedRows), expiredListed };
}

/** Whether the event exists and is online (ads are filtered by programme events only). */
export async function isOnlineEvent(db: Db, id: number): Promise<boolean> {
  const event = await db.selectFrom('event').select('is_online').where('id', '=', id).executeTakeFirst();
  return event?.is_online === 1;
}

/** The event an ad is placed for, whatever its state (the rules decide whether it takes ads). */
export const eventForAd = (db: Db, id: number) => db.selectFrom('event').selectAll().where('id', '=', id).executeTakeFirst();

export const getTicketAd = (db: Db, id: number) => db.selectFrom('ticket_ad').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

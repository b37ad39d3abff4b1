/**
 * Loads programme records for the calls and the changes feed with a fixed number of queries per batch (no query
 * per record), and hands the rows to the assembler. Visitors' calls see online records only.
 */
import type { Locale } from '../../../contract/locales';
import type { Article, ArticleCategory, Event, EventSummary, Paged, Subscription, SubscriptionDetail } from '../../../contract/schemas/programme';
import type { Db } from '../db/database';
import type { ContainerOwner } from '../db/repositories/container-owners';
import { getMediaMap } from '../db/repositories/media';
import { selectInChunks } from '../db/repositories/shared';
import type { ArticleCategoryRow, ArticleRow } from '../db/tables/article.table';
import type { EventRow } from '../db/tables/event.table';
import type { SubscriptionRow } from '../db/tables/subscription.table';
import { MAX_DB_INTEGER } from '../../../contract/schemas/requests';
import { pageSize } from '../../../contract/paging';
import { assembleContainers, ownedContainerRows } from './content-reader';
import { ContentValidationError } from './errors';
import { pageLinks, pageOffset } from './paging';
import {
  articleOf,
  categoryOf,
  eventOf,
  eventSummaryOf,
  subscriptionOf,
  type EventContext,
} from './programme-assembler';

const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
};

const present = (ids: (number | null)[]) => ids.filter((id): id is number => id !== null);

/** Venues, images and online series of a batch of events. */
export async function loadEventContext(db: Db, rows: EventRow[]): Promise<EventContext> {
  const ids = rows.map((row) => row.id);
  const venueIds = present(rows.map((row) => row.venue_id));
  const [venues, media, links] = await Promise.all([
    selectInChunks(venueIds, (chunk) => db.selectFrom('venue').selectAll().where('id', 'in', chunk).execute()),
    getMediaMap(db, present(rows.map((row) => row.image_id))),
    selectInChunks(ids, (chunk) =>
      db
        .selectFrom('subscription_event')
        .innerJoin('subscription', 'subscription.id', 'subscription_event.subscription_id')
        .select([
          'subscription.id',
          'subscription.slug_de',
          'subscription.slug_en',
          'subscription.title_de',
          'subscription.title_en',
          'subscription_event.event_id as event_id',
        ])
        .where('subscription_event.event_id', 'in', chunk)
        .where('subscription.is_online', '=', 1)
        .orderBy('subscription.position')
        .orderBy('subscription.id')
        .execute(),
    ),
  ]);
  return {
    venues: new Map(venues.map((row) => [row.id, row])),
    media,
    subscriptions: groupBy(links, (row) => row.event_id),
  };
}

export async function assembleEvents(db: Db, rows: EventRow[], locale: Locale): Promise<Event[]> {
  const context = await loadEventContext(db, rows);
  return rows.map((row) => eventOf(row, context, locale));
}

/** Ids of the online events of some series, in series order. */
export async function seriesEventIds(db: Db, subscriptionIds: number[]): Promise<Map<number, number[]>> {
  const rows = await selectInChunks(subscriptionIds, (chunk) =>
    db
      .selectFrom('subscription_event')
      .innerJoin('event', 'event.id', 'subscription_event.event_id')
      .select(['subscription_event.subscription_id as subscription_id', 'subscription_event.event_id as event_id'])
      .where('subscription_event.subscription_id', 'in', chunk)
      .where('event.is_online', '=', 1)
      .orderBy('subscription_event.position')
      .execute(),
  );
  const out = new Map<number, number[]>();
  for (const [id, links] of groupBy(rows, (row) => row.subscription_id)) out.set(id, links.map((row) => row.event_id));
  return out;
}

export async function assembleSubscriptions(db: Db, rows: SubscriptionRow[], locale: Locale): Promise<Subscription[]> {
  const [eventIds, media] = await Promise.all([
    seriesEventIds(db, rows.map((row) => row.id)),
    getMediaMap(db, present(rows.map((row) => row.image_id))),
  ]);
  return rows.map((row) => subscriptionOf(row, eventIds.get(row.id) ?? [], media, locale));
}

export async function assembleArticles(db: Db, rows: ArticleRow[], locale: Locale): Promise<Article[]> {
  const [categories, media] = await Promise.all([
    selectInChunks(
      rows.map((row) => row.category_id),
      (chunk) => db.selectFrom('article_category').selectAll().where('id', 'in', chunk).execute(),
    ),
    getMediaMap(db, present(rows.map((row) => row.image_id))),
  ]);
  const byId = new Map(categories.map((row) => [row.id, row]));
  return rows.map((row) => articleOf(row, byId.get(row.category_id)!, media, locale));
}

/** Container ids per `{owner id}:{locale}`, in order, for some records of one kind. */
export async function containerIdsOf(db: Db, contentType: ContainerOwner, ownerIds: number[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const row of await ownedContainerRows(db, contentType, ownerIds)) {
    const key = `${row.object_id}:${row.locale}`;
    out.set(key, [...(out.get(key) ?? []), row.id]);
  }
  return out;
}

// ---- Events ----------------------------------------------------------------------------------------------------

export interface EventFilter {
  /** Events that start, or are still running, at or after this instant. */
  from: string;
  /** Only events starting before this instant (a month). */
  startsBefore?: string;
  /** Only events of this series. */
  subscriptionId?: number;
}

function onlineEvents(db: Db, filter: EventFilter) {
  let query = db
    .selectFrom('event')
    .where('event.is_online', '=', 1)
    .where((eb) => eb(eb.fn.coalesce('event.end_at', 'event.start_at'), '>=', filter.from));
  if (filter.startsBefore !== undefined) query = query.where('event.start_at', '<', filter.startsBefore);
  if (filter.subscriptionId !== undefined) {
    query = query.where('event.id', 'in', (eb) =>
      eb.selectFrom('subscription_event').select('event_id').where('subscription_id', '=', filter.subscriptionId!),
    );
  }
  return query;
}

/** A page of the programme from a point in time on, in start order. */
export async function readEventsPage(
  db: Db,
  locale: Locale,
  filter: EventFilter,
  page: number,
  url: string,
  fixedParams: Record<string, string>,
): Promise<Paged<Event>> {
  const total = await onlineEvents(db, filter).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  const count = Number(total.count);
  const offset = pageOffset(count, page);
  const rows = await onlineEvents(db, filter)
    .selectAll('event')
    .orderBy('event.start_at')
    .orderBy('event.id')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { count, ...pageLinks(url, page, count, fixedParams), results: await assembleEvents(db, rows, locale) };
}

/** Every online event, past ones too, in start order. */
export async function readAllEvents(db: Db, locale: Locale): Promise<EventSummary[]> {
  const rows = await db.selectFrom('event').selectAll().where('is_online', '=', 1).orderBy('start_at').orderBy('id').execute();
  return rows.map((row) => eventSummaryOf(row, locale));
}

// ---- Subscriptions ---------------------------------------------------------------------------------------------

export async function isOnlineSubscription(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('subscription').select('is_online').where('id', '=', id).executeTakeFirst();
  return row?.is_online === 1;
}

export async function readSubscriptions(db: Db, locale: Locale): Promise<Subscription[]> {
  const rows = await db.selectFrom('subscription').selectAll().where('is_online', '=', 1).orderBy('position').orderBy('id').execute();
  return assembleSubscriptions(db, rows, locale);
}

/** A series with its online events in order and its containers in `locale`; offline ones only for staff. */
export async function readSubscription(
  db: Db,
  locale: Locale,
  id: number,
  options: { staff: boolean },
): Promise<SubscriptionDetail | undefined> {
  const row = await db.selectFrom('subscription').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.is_online !== 1 && !options.staff)) return undefined;
  const [subscription] = await assembleSubscriptions(db, [row], locale);
  const eventRows = await selectInChunks(subscription.event_ids, (chunk) =>
    db.selectFrom('event').selectAll().where('id', 'in', chunk).execute(),
  );
  const order = new Map(subscription.event_ids.map((eventId, i) => [eventId, i]));
  eventRows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const containers = (await ownedContainerRows(db, 'subscription', [id])).filter((container) => container.locale === locale);
  return {
    ...subscription,
    events: await assembleEvents(db, eventRows, locale),
    modules: await assembleContainers(db, containers),
  };
}

// ---- Magazine --------------------------------------------------------------------------------------------------

export async function readCategories(db: Db, locale: Locale): Promise<ArticleCategory[]> {
  const rows = await db.selectFrom('article_category').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map((row) => categoryOf(row, locale));
}

/**
 * The category a `?category=` names: its slug in the request's language, or its id when the value is a number
 * (category slugs always hold a letter). An unknown one is a 400 naming `query.category`.
 */
export async function resolveCategory(db: Db, locale: Locale, value: string): Promise<ArticleCategoryRow> {
  const query = db.selectFrom('article_category').selectAll();
  // An id only within PostgreSQL's integer (issue 15): a longer number is no slug either, so it names nothing (400).
  const row = /^\d{1,10}$/.test(value) && Number(value) <= MAX_DB_INTEGER
    ? await query.where('id', '=', Number(value)).executeTakeFirst()
    : await query.where(locale === 'de' ? 'slug_de' : 'slug_en', '=', value).executeTakeFirst();
  if (!row) throw new ContentValidationError('query.category', `query.category ${value} names no article category`);
  return row;
}

export interface ArticleFilter {
  categoryId?: number;
  mainTeaser?: boolean;
}

function onlineArticles(db: Db, filter: ArticleFilter) {
  let query = db.selectFrom('article').where('is_online', '=', 1);
  if (filter.categoryId !== undefined) query = query.where('category_id', '=', filter.categoryId);
  if (filter.mainTeaser) query = query.where('is_main_teaser', '=', 1);
  return query;
}

/** A page of online articles, newest first. */
export async function readArticlesPage(
  db: Db,
  locale: Locale,
  filter: ArticleFilter,
  page: number,
  url: string,
): Promise<Paged<Article>> {
  const total = await onlineArticles(db, filter).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  const count = Number(total.count);
  const offset = pageOffset(count, page);
  const rows = await onlineArticles(db, filter)
    .selectAll()
    .orderBy('published_on', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { count, ...pageLinks(url, page, count), results: await assembleArticles(db, rows, locale) };
}

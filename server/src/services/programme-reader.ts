/**
 * Loads programme records for the calls and the changes feed with a fixed number of queries per batch (no query
 * per record), and hands the rows to the assembler. Visitors' calls see online records only.
 */
import type { Locale } from '../../../contract/locales';
import type { Article, ArticleCategory, Event, EventSummary, Paged, Subscription, SubscriptionDetail } from '../../../contract/schemas/programme';
import type { Db } from '../db/database';
import type { ContainerOwner } from '../db/repositories/container-owners';
import { getMediaMap } from '../db/repositories/media';
import {
  allCategories,
  allOnlineEvents,
  categoriesByIds,
  countOnlineArticles,
  countOnlineEvents,
  eventsByIds,
  findCategory,
  onlineArticlesSlice,
  onlineEventsOfSeries,
  onlineEventsSlice,
  onlineSeriesOfEvents,
  onlineSubscriptions,
  subscriptionById,
  venuesByIds,
  type ArticleFilter,
  type EventFilter,
} from '../db/repositories/programme-reads';
import type { ArticleCategoryRow, ArticleRow } from '../db/tables/article.table';
import type { EventRow } from '../db/tables/event.table';
import type { SubscriptionRow } from '../db/tables/subscription.table';
import { MAX_DB_INTEGER } from '../../../contract/schemas/requests';
import { ownedContainerRows } from '../db/repositories/content-reads';
import { assembleContainers } from './content-reader';
import { ContentValidationError } from '../db/errors';
import { pageLinks, pageOffset } from './paging';
import { pageSize } from '../../../contract/paging';
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
    venuesByIds(db, venueIds),
    getMediaMap(db, present(rows.map((row) => row.image_id))),
    onlineSeriesOfEvents(db, ids),
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
  const rows = await onlineEventsOfSeries(db, subscriptionIds);
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
    categoriesByIds(
      db,
      rows.map((row) => row.category_id),
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

/** A page of the programme from a point in time on, in start order. */
export async function readEventsPage(
  db: Db,
  locale: Locale,
  filter: EventFilter,
  page: number,
  url: string,
  fixedParams: Record<string, string>,
): Promise<Paged<Event>> {
  const count = await countOnlineEvents(db, filter);
  const rows = await onlineEventsSlice(db, filter, pageSize, pageOffset(count, page));
  return { count, ...pageLinks(url, page, count, fixedParams), results: await assembleEvents(db, rows, locale) };
}

/** Every online event, past ones too, in start order. */
export async function readAllEvents(db: Db, locale: Locale): Promise<EventSummary[]> {
  const rows = await allOnlineEvents(db);
  return rows.map((row) => eventSummaryOf(row, locale));
}

// ---- Subscriptions ---------------------------------------------------------------------------------------------

export async function readSubscriptions(db: Db, locale: Locale): Promise<Subscription[]> {
  return assembleSubscriptions(db, await onlineSubscriptions(db), locale);
}

/** A series with its online events in order and its containers in `locale`; offline ones only for staff. */
export async function readSubscription(
  db: Db,
  locale: Locale,
  id: number,
  options: { staff: boolean },
): Promise<SubscriptionDetail | undefined> {
  const row = await subscriptionById(db, id);
  if (!row || (row.is_online !== 1 && !options.staff)) return undefined;
  const [subscription] = await assembleSubscriptions(db, [row], locale);
  const eventRows = await eventsByIds(db, subscription.event_ids);
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
  const rows = await allCategories(db);
  return rows.map((row) => categoryOf(row, locale));
}

/**
 * The category a `?category=` names: its slug in the request's language, or its id when the value is a number
 * (category slugs always hold a letter). An unknown one is a 400 naming `query.category`.
 */
export async function resolveCategory(db: Db, locale: Locale, value: string): Promise<ArticleCategoryRow> {
  // An id only within PostgreSQL's integer (ADR 027): a longer number is no slug either, so it names nothing (400).
  const row = await findCategory(db, /^\d{1,10}$/.test(value) && Number(value) <= MAX_DB_INTEGER ? { id: Number(value) } : { locale, slug: value });
  if (!row) throw new ContentValidationError('query.category', `query.category ${value} names no article category`);
  return row;
}

/** A page of online articles, newest first. */
export async function readArticlesPage(
  db: Db,
  locale: Locale,
  filter: ArticleFilter,
  page: number,
  url: string,
): Promise<Paged<Article>> {
  const count = await countOnlineArticles(db, filter);
  const rows = await onlineArticlesSlice(db, filter, pageSize, pageOffset(count, page));
  return { count, ...pageLinks(url, page, count), results: await assembleArticles(db, rows, locale) };
}

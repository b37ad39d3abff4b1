/**
 * The reads behind the programme's calls and its changes feed (services/programme-reader.ts assembles them): each
 * takes a batch of ids, so a page costs a fixed number of queries, not one per record. Visitors' reads see online
 * records only.
 */
import { berlinDate } from '../../../../contract/berlin-time';
import type { Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import { selectInChunks } from './shared';

export const venuesByIds = (db: Db, ids: number[]) =>
  selectInChunks(ids, (chunk) => db.selectFrom('venue').selectAll().where('id', 'in', chunk).execute());

/** The online series each of some events belongs to, in series order (a row per event and series). */
export const onlineSeriesOfEvents = (db: Db, eventIds: number[]) =>
  selectInChunks(eventIds, (chunk) =>
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
  );

/** The online events of some series, in series order (a row per series and event). */
export const onlineEventsOfSeries = (db: Db, subscriptionIds: number[]) =>
  selectInChunks(subscriptionIds, (chunk) =>
    db
      .selectFrom('subscription_event')
      .innerJoin('event', 'event.id', 'subscription_event.event_id')
      .select(['subscription_event.subscription_id as subscription_id', 'subscription_event.event_id as event_id'])
      .where('subscription_event.subscription_id', 'in', chunk)
      .where('event.is_online', '=', 1)
      .orderBy('subscription_event.position')
      .execute(),
  );

export const categoriesByIds = (db: Db, ids: number[]) =>
  selectInChunks(ids, (chunk) => db.selectFrom('article_category').selectAll().where('id', 'in', chunk).execute());

export const eventsByIds = (db: Db, ids: number[]) =>
  selectInChunks(ids, (chunk) => db.selectFrom('event').selectAll().where('id', 'in', chunk).execute());

export const subscriptionsByIds = (db: Db, ids: number[]) =>
  selectInChunks(ids, (chunk) => db.selectFrom('subscription').selectAll().where('id', 'in', chunk).execute());

export const articlesByIds = (db: Db, ids: number[]) =>
  selectInChunks(ids, (chunk) => db.selectFrom('article').selectAll().where('id', 'in', chunk).execute());

/** Every id of a programme table, online or not (the full feed drops the offline ones itself). */
export async function programmeIds(db: Db, table: 'event' | 'subscription' | 'article' | 'article_category'): Promise<number[]> {
  return (await db.selectFrom(table).select('id').execute()).map((row) => row.id);
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

export async function countOnlineEvents(db: Db, filter: EventFilter): Promise<number> {
  const total = await onlineEvents(db, filter).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(total.count);
}

/** A slice of the filtered events in start order. */
export const onlineEventsSlice = (db: Db, filter: EventFilter, limit: number, offset: number) =>
  onlineEvents(db, filter).selectAll('event').orderBy('event.start_at').orderBy('event.id').limit(limit).offset(offset).execute();

/** Every online event, past ones too, in start order. */
export const allOnlineEvents = (db: Db) =>
  db.selectFrom('event').selectAll().where('is_online', '=', 1).orderBy('start_at').orderBy('id').execute();

// ---- Subscriptions ---------------------------------------------------------------------------------------------

export async function isOnlineSubscription(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('subscription').select('is_online').where('id', '=', id).executeTakeFirst();
  return row?.is_online === 1;
}

export const onlineSubscriptions = (db: Db) =>
  db.selectFrom('subscription').selectAll().where('is_online', '=', 1).orderBy('position').orderBy('id').execute();

export const subscriptionById = (db: Db, id: number) => db.selectFrom('subscription').selectAll().where('id', '=', id).executeTakeFirst();

// ---- Magazine --------------------------------------------------------------------------------------------------

export const allCategories = (db: Db) => db.selectFrom('article_category').selectAll().orderBy('position').orderBy('id').execute();

/** The category with this id, or with this slug in `locale`. */
export function findCategory(db: Db, by: { id: number } | { locale: Locale; slug: string }) {
  const query = db.selectFrom('article_category').selectAll();
  return 'id' in by
    ? query.where('id', '=', by.id).executeTakeFirst()
    : query.where(by.locale === 'de' ? 'slug_de' : 'slug_en', '=', by.slug).executeTakeFirst();
}

export interface ArticleFilter {
  categoryId?: number;
  mainTeaser?: boolean;
}

/**
 * The last day whose articles are public (ADR 069): an article's date is its publication, so one dated after the
 * Berlin date of `at` (default: the system clock, as the scheduler's) is not shown to visitors until that day.
 */
export const publicationDay = (at: Date = new Date()): string => berlinDate(at);

/** Whether an article row is public now: online and dated today or earlier (ADR 069). */
export const isPublicArticle = (row: { is_online: number; published_on: string }, day = publicationDay()) =>
  row.is_online === 1 && row.published_on <= day;

function onlineArticles(db: Db, filter: ArticleFilter) {
  let query = db.selectFrom('article').where('is_online', '=', 1).where('published_on', '<=', publicationDay());
  if (filter.categoryId !== undefined) query = query.where('category_id', '=', filter.categoryId);
  if (filter.mainTeaser) query = query.where('is_main_teaser', '=', 1);
  return query;
}

export async function countOnlineArticles(db: Db, filter: ArticleFilter): Promise<number> {
  const total = await onlineArticles(db, filter).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(total.count);
}

/** A slice of the filtered articles, newest first. */
export const onlineArticlesSlice = (db: Db, filter: ArticleFilter, limit: number, offset: number) =>
  onlineArticles(db, filter).selectAll().orderBy('published_on', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();

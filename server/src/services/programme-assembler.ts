/**
 * Turns programme rows into the API's shapes (schemas/programme.ts) in one language. Pure: the reader loads the
 * rows and what they refer to, these functions only arrange them, so a record reads the same from a call and
 * from the changes feed.
 */
import type { Locale } from '../../../contract/locales';
import type {
  Article,
  ArticleCategory,
  Event,
  EventSummary,
  LocaleMap,
  PriceCategory,
  Subscription,
  SyncArticleCategory,
} from '../../../contract/schemas/programme';
import type { ArticleCategoryRow, ArticleRow } from '../db/tables/article.table';
import type { EventRow, VenueRow } from '../db/tables/event.table';
import type { MediaRow } from '../db/tables/media.table';
import type { SubscriptionRow } from '../db/tables/subscription.table';
import type { StoredPerformer, StoredWork } from '../db/repositories/events';
import type { StoredPrice } from '../db/repositories/programme-support';
import { detailPath, type DetailRoute } from '../../../contract/site-routes';
import { toMedia } from '../db/rules/media-shape';

/** What events refer to, loaded once for a batch of events. */
export interface EventContext {
  media: Map<number, MediaRow>;
  venues: Map<number, VenueRow>;
  /** The online series each event belongs to, in series order. */
  subscriptions: Map<number, SeriesRef[]>;
}

/** What an event shows of a series it belongs to. */
export type SeriesRef = Pick<SubscriptionRow, 'id' | 'slug_de' | 'slug_en' | 'title_de' | 'title_en'>;

type Localised = { id: number; slug_de: string; slug_en: string };

/** The record's own slug and site path in `locale`, and both paths for the language switch. */
function addressOf(route: DetailRoute, row: Localised, locale: Locale) {
  const urls: LocaleMap = {
    de: detailPath(route, 'de', row.slug_de, row.id),
    en: detailPath(route, 'en', row.slug_en, row.id),
  };
  return { id: row.id, locale, slug: locale === 'de' ? row.slug_de : row.slug_en, url: urls[locale], urls };
}

/** A column pair's value in one language: `text(row, 'title', 'en')` is `row.title_en`. */
const text = (row: object, prefix: string, locale: Locale) => String((row as Record<string, unknown>)[`${prefix}_${locale}`] ?? '');

const imageOf = (id: number | null, media: Map<number, MediaRow>, locale: Locale) => {
  const row = id === null ? undefined : media.get(id);
  return row ? toMedia(row, locale) : null;
};

export const pricesOf = (stored: string, locale: Locale): PriceCategory[] =>
  (JSON.parse(stored) as StoredPrice[]).map((price) => ({ label: text(price, 'label', locale), amount_cents: price.amount_cents }));

export function eventSummaryOf(row: EventRow, locale: Locale): EventSummary {
  return {
    ...addressOf('events', row, locale),
    title: text(row, 'title', locale),
    subtitle: text(row, 'subtitle', locale),
    start: row.start_at,
    end: row.end_at,
    status: row.status,
    postponed_to: row.postponed_to,
  };
}

export function eventOf(row: EventRow, context: EventContext, locale: Locale): Event {
  const venue = row.venue_id === null ? undefined : context.venues.get(row.venue_id);
  return {
    ...eventSummaryOf(row, locale),
    venue: venue ? { id: venue.id, name: text(venue, 'name', locale), address: venue.address, city: venue.city } : null,
    performers: (JSON.parse(row.performers) as StoredPerformer[]).map((p) => ({ name: p.name, role: text(p, 'role', locale) })),
    works: (JSON.parse(row.works) as StoredWork[]).map((w) => ({ composer: w.composer, title: text(w, 'title', locale) })),
    image: imageOf(row.image_id, context.media, locale),
    ticket_url: row.ticket_url,
    price_categories: pricesOf(row.price_categories, locale),
    subscriptions: (context.subscriptions.get(row.id) ?? []).map((series) => ({
      id: series.id,
      title: text(series, 'title', locale),
      url: addressOf('abonnements', series, locale).url,
    })),
    is_online: row.is_online === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function subscriptionOf(
  row: SubscriptionRow,
  eventIds: number[],
  media: Map<number, MediaRow>,
  locale: Locale,
): Subscription {
  return {
    ...addressOf('abonnements', row, locale),
    title: text(row, 'title', locale),
    subtitle: text(row, 'subtitle', locale),
    teaser: text(row, 'teaser', locale),
    season: row.season,
    image: imageOf(row.image_id, media, locale),
    price_categories: pricesOf(row.price_categories, locale),
    event_ids: eventIds,
    position: row.position,
    is_online: row.is_online === 1,
    updated_at: row.updated_at,
  };
}

export const categorySlugs = (row: ArticleCategoryRow): LocaleMap => ({ de: row.slug_de, en: row.slug_en });

export function categoryOf(row: ArticleCategoryRow, locale: Locale): ArticleCategory {
  return { id: row.id, name: text(row, 'name', locale), slug: categorySlugs(row) };
}

export function syncCategoryOf(row: ArticleCategoryRow, locale: Locale): SyncArticleCategory {
  return {
    id: row.id,
    locale,
    name: text(row, 'name', locale),
    slug: text(row, 'slug', locale),
    slugs: categorySlugs(row),
    position: row.position,
  };
}

export function articleOf(
  row: ArticleRow,
  category: ArticleCategoryRow,
  media: Map<number, MediaRow>,
  locale: Locale,
): Article {
  return {
    ...addressOf('magazine', row, locale),
    title: text(row, 'title', locale),
    teaser: text(row, 'teaser', locale),
    author: row.author,
    published_on: row.published_on,
    image: imageOf(row.image_id, media, locale),
    category_id: row.category_id,
    category: { id: category.id, name: text(category, 'name', locale), slug: text(category, 'slug', locale) },
    is_main_teaser: row.is_main_teaser === 1,
    is_online: row.is_online === 1,
    updated_at: row.updated_at,
  };
}

/**
 * Response shapes of the programme calls (events, subscriptions, magazine; docs/content-api.md, ADR 006) and of
 * their changes-feed records. Every record is sent in one language; `url` is its page on the site in that
 * language and `urls` holds both, for the language switch.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ContainerSchema, LocaleSchema, MediaSchema } from './content';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const eventStatuses = ['scheduled', 'cancelled', 'postponed', 'sold_out'] as const;
export const EventStatusSchema = Type.Union(eventStatuses.map((status) => Type.Literal(status)));

/** Both languages' values of something, e.g. the site paths of a record. */
export const LocaleMapSchema = Type.Object({ de: Type.String(), en: Type.String() });
export type LocaleMap = Static<typeof LocaleMapSchema>;

/** A UTC instant, e.g. `2026-11-28T18:30:00.000Z`. */
const InstantSchema = Type.String({ description: 'a UTC ISO 8601 instant' });

export const PriceCategorySchema = Type.Object({
  label: Type.String(),
  /** Euro cents: 4500 is €45.00. */
  amount_cents: Type.Integer({ minimum: 0 }),
});
export type PriceCategory = Static<typeof PriceCategorySchema>;

export const VenueSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  city: Type.String(),
});
export type Venue = Static<typeof VenueSchema>;

export const PerformerSchema = Type.Object({ name: Type.String(), role: Type.String() });
export const WorkSchema = Type.Object({ composer: Type.String(), title: Type.String() });
export const SubscriptionRefSchema = Type.Object({ id: Type.Integer(), title: Type.String(), url: Type.String() });

/** What every record sent in one language carries. */
const localisedRecord = {
  id: Type.Integer(),
  locale: LocaleSchema,
  slug: Type.String(),
  url: Type.String(),
  urls: LocaleMapSchema,
};

/** What even the compact list of every event says about one. */
const eventSummaryFields = {
  ...localisedRecord,
  title: Type.String(),
  subtitle: Type.String(),
  start: InstantSchema,
  /** Null when the end is not announced. */
  end: Nullable(InstantSchema),
  status: EventStatusSchema,
  /** The new date of a postponed event; null when not postponed or not known yet. */
  postponed_to: Nullable(InstantSchema),
};

const eventFields = {
  ...eventSummaryFields,
  venue: Nullable(VenueSchema),
  performers: Type.Array(PerformerSchema),
  works: Type.Array(WorkSchema),
  image: Nullable(MediaSchema),
  /** An http(s) link to the box office, or ''. */
  ticket_url: Type.String(),
  price_categories: Type.Array(PriceCategorySchema),
  /** The online subscription series the event belongs to, in their order. */
  subscriptions: Type.Array(SubscriptionRefSchema),
  is_online: Type.Boolean(),
  /** When the event was first entered: its tickets count as on sale from then (ADR 042). */
  created_at: Type.String(),
  updated_at: Type.String(),
};
export const EventSchema = Type.Object(eventFields);
export type Event = Static<typeof EventSchema>;

/** An event as the changes feed sends it: with the ids of its description containers in that language. */
export const SyncEventSchema = Type.Object({ ...eventFields, container_ids: Type.Array(Type.Integer()) });
export type SyncEvent = Static<typeof SyncEventSchema>;

/** One entry of `/api/all-events/`: enough for a calendar or a picker. */
export const EventSummarySchema = Type.Object(eventSummaryFields);
export type EventSummary = Static<typeof EventSummarySchema>;

const subscriptionFields = {
  ...localisedRecord,
  title: Type.String(),
  subtitle: Type.String(),
  teaser: Type.String(),
  /** e.g. `2026/27`. */
  season: Type.String(),
  image: Nullable(MediaSchema),
  price_categories: Type.Array(PriceCategorySchema),
  /** Its online events in series order. */
  event_ids: Type.Array(Type.Integer()),
  position: Type.Integer(),
  is_online: Type.Boolean(),
  updated_at: Type.String(),
};
export const SubscriptionSchema = Type.Object(subscriptionFields);
export type Subscription = Static<typeof SubscriptionSchema>;

/** `/api/subscriptions/{id}/`: the series with its events in order and its description containers. */
export const SubscriptionDetailSchema = Type.Object({
  ...subscriptionFields,
  events: Type.Array(EventSchema),
  modules: Type.Array(ContainerSchema),
});
export type SubscriptionDetail = Static<typeof SubscriptionDetailSchema>;

export const SyncSubscriptionSchema = Type.Object({ ...subscriptionFields, container_ids: Type.Array(Type.Integer()) });
export type SyncSubscription = Static<typeof SyncSubscriptionSchema>;

/** `/api/article-categories/` (docs/product.md, Entities): the name in the request's language, both slugs. */
export const ArticleCategorySchema = Type.Object({ id: Type.Integer(), name: Type.String(), slug: LocaleMapSchema });
export type ArticleCategory = Static<typeof ArticleCategorySchema>;

export const SyncArticleCategorySchema = Type.Object({
  id: Type.Integer(),
  locale: LocaleSchema,
  name: Type.String(),
  slug: Type.String(),
  slugs: LocaleMapSchema,
  position: Type.Integer(),
});
export type SyncArticleCategory = Static<typeof SyncArticleCategorySchema>;

const articleFields = {
  ...localisedRecord,
  title: Type.String(),
  teaser: Type.String(),
  author: Type.String(),
  /** YYYY-MM-DD. */
  published_on: Type.String(),
  image: Nullable(MediaSchema),
  category_id: Type.Integer(),
  /** The category's name and slug in the record's language. */
  category: Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String() }),
  is_main_teaser: Type.Boolean(),
  is_online: Type.Boolean(),
  updated_at: Type.String(),
};
export const ArticleSchema = Type.Object(articleFields);
export type Article = Static<typeof ArticleSchema>;

export const SyncArticleSchema = Type.Object({ ...articleFields, container_ids: Type.Array(Type.Integer()) });
export type SyncArticle = Static<typeof SyncArticleSchema>;

/**
 * A page of a list, as Django REST Framework's page-number pagination sends it: `next` and `previous` are the
 * path and query of the neighbouring pages, or null.
 */
export const PagedSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer({ minimum: 0 }),
    next: Nullable(Type.String()),
    previous: Nullable(Type.String()),
    results: Type.Array(item),
  });
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

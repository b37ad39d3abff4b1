/**
 * What callers write for the programme (repositories now, the editor's routes later). Texts visitors read come
 * as `{ de, en }` pairs; on create both languages are required, a patch may give one. Rules a schema cannot say
 * (real calendar dates, end after start, records that must exist) are checked by the repositories.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { eventStatuses } from './programme';
import { LinkRuleSchema } from './content-input';
import { slugDescription, slugPattern } from '../slug-rule';
import { DbCount, DbId } from './requests';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Both = <T extends TSchema>(schema: T) => Type.Object({ de: schema, en: schema });
const Either = <T extends TSchema>(schema: T) => Type.Object({ de: Type.Optional(schema), en: Type.Optional(schema) });

const SlugSchema = Type.String({
  pattern: slugPattern,
  maxLength: 120,
  description: slugDescription,
});
/** A number in the URL means an id, so a category slug must have a letter. */
const CategorySlugSchema = Type.String({
  pattern: '^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$',
  maxLength: 120,
  description: 'lowercase letters, digits and single hyphens, with at least one letter',
});
/**
 * A text that must say something: spaces alone would be trimmed to the empty text the tables refuse (their CHECK
 * constraints), so they are refused here with a message instead of failing in the database.
 */
const Named = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description: 'more than spaces' });
const Id = DbId();
const Position = DbCount();
const Title = Named(200);
/** A patch of a record's address and title may give one language alone. */
const slugAndTitlePatch = {
  slug: Type.Optional(Either(SlugSchema)),
  title: Type.Optional(Either(Title)),
};
const Subtitle = Type.String({ maxLength: 300 });
const Teaser = Type.String({ maxLength: 600 });
const MediaId = Nullable(Id);

/** An instant with its offset: `2026-11-28T19:30:00+01:00` or `2026-11-28T18:30:00Z`. */
export const InstantInputSchema = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?(?:Z|[+-]\\d{2}:\\d{2})$',
  description: 'an ISO 8601 date and time with Z or an offset, e.g. 2026-11-28T19:30:00+01:00',
});
export const DateInputSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date YYYY-MM-DD' });

export const PriceCategoryInputSchema = Type.Object({
  label: Both(Named(100)),
  amount_cents: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
});
export type PriceCategoryInput = Static<typeof PriceCategoryInputSchema>;
const Prices = Type.Array(PriceCategoryInputSchema, { maxItems: 20 });

export const VenueInputSchema = Type.Object({
  name: Both(Named(200)),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
});
export type VenueInput = Static<typeof VenueInputSchema>;
export const VenuePatchSchema = Type.Object({
  name: Type.Optional(Either(Named(200))),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
});
export type VenuePatch = Static<typeof VenuePatchSchema>;

const eventFields = {
  subtitle: Type.Optional(Both(Subtitle)),
  end_at: Type.Optional(Nullable(InstantInputSchema)),
  venue_id: Type.Optional(Nullable(Id)),
  performers: Type.Optional(
    Type.Array(
      Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), role: Type.Optional(Both(Type.String({ maxLength: 100 }))) }),
      { maxItems: 100 },
    ),
  ),
  works: Type.Optional(
    Type.Array(
      Type.Object({ composer: Type.String({ minLength: 1, maxLength: 200 }), title: Both(Type.String({ minLength: 1, maxLength: 300 })) }),
      { maxItems: 100 },
    ),
  ),
  image_id: Type.Optional(MediaId),
  ticket_url: Type.Optional(LinkRuleSchema({ only: ['web'], empty: true })),
  price_categories: Type.Optional(Prices),
  status: Type.Optional(Type.Union(eventStatuses.map((status) => Type.Literal(status)))),
  postponed_to: Type.Optional(Nullable(InstantInputSchema)),
  is_online: Type.Optional(Type.Boolean()),
};

export const EventInputSchema = Type.Object({
  slug: Both(SlugSchema),
  title: Both(Title),
  start_at: InstantInputSchema,
  ...eventFields,
});
export type EventInput = Static<typeof EventInputSchema>;

export const EventPatchSchema = Type.Object({
  ...slugAndTitlePatch,
  start_at: Type.Optional(InstantInputSchema),
  ...eventFields,
  subtitle: Type.Optional(Either(Subtitle)),
});
export type EventPatch = Static<typeof EventPatchSchema>;

const subscriptionFields = {
  subtitle: Type.Optional(Both(Subtitle)),
  teaser: Type.Optional(Both(Teaser)),
  image_id: Type.Optional(MediaId),
  price_categories: Type.Optional(Prices),
  is_online: Type.Optional(Type.Boolean()),
  position: Type.Optional(Position),
};
const SeasonSchema = Type.String({ pattern: '^\\d{4}/\\d{2}$', description: 'a season like 2026/27' });

export const SubscriptionInputSchema = Type.Object({
  slug: Both(SlugSchema),
  title: Both(Title),
  season: SeasonSchema,
  ...subscriptionFields,
  /** The series' events in order. */
  event_ids: Type.Optional(Type.Array(Id, { maxItems: 200 })),
});
export type SubscriptionInput = Static<typeof SubscriptionInputSchema>;

export const SubscriptionPatchSchema = Type.Object({
  ...slugAndTitlePatch,
  season: Type.Optional(SeasonSchema),
  ...subscriptionFields,
  subtitle: Type.Optional(Either(Subtitle)),
  teaser: Type.Optional(Either(Teaser)),
});
export type SubscriptionPatch = Static<typeof SubscriptionPatchSchema>;

export const EventIdsSchema = Type.Array(Id, { maxItems: 200 });

export const ArticleCategoryInputSchema = Type.Object({
  name: Both(Named(80)),
  slug: Both(CategorySlugSchema),
  position: Type.Optional(Position),
});
export type ArticleCategoryInput = Static<typeof ArticleCategoryInputSchema>;
export const ArticleCategoryPatchSchema = Type.Object({
  name: Type.Optional(Either(Named(80))),
  slug: Type.Optional(Either(CategorySlugSchema)),
  position: Type.Optional(Position),
});
export type ArticleCategoryPatch = Static<typeof ArticleCategoryPatchSchema>;

const articleFields = {
  teaser: Type.Optional(Both(Teaser)),
  author: Type.Optional(Type.String({ maxLength: 120 })),
  image_id: Type.Optional(MediaId),
  is_main_teaser: Type.Optional(Type.Boolean()),
  is_online: Type.Optional(Type.Boolean()),
};

export const ArticleInputSchema = Type.Object({
  slug: Both(SlugSchema),
  title: Both(Title),
  published_on: DateInputSchema,
  category_id: Id,
  ...articleFields,
});
export type ArticleInput = Static<typeof ArticleInputSchema>;

export const ArticlePatchSchema = Type.Object({
  ...slugAndTitlePatch,
  published_on: Type.Optional(DateInputSchema),
  category_id: Type.Optional(Id),
  ...articleFields,
  teaser: Type.Optional(Either(Teaser)),
});
export type ArticlePatch = Static<typeof ArticlePatchSchema>;

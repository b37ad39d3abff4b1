/**
 * The ticket exchange's calls (ADR 012): what visitors send and what they get back. The bounds come from
 * contract/ad-limits.ts, which the site's forms read too. The placer's name (beyond the first name) and
 * address never appear in an answer.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { adLimits, ticketAdKinds } from '../ad-limits';
import { LocaleSchema } from './content';
import { EventStatusSchema } from './programme';
import { DbId, emailSchema, PageQuerySchema } from './requests';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const TicketAdKindSchema = Type.Union(ticketAdKinds.map((kind) => Type.Literal(kind)));

const EmailSchema = emailSchema('an email address like name@example.org');
const NameSchema = Type.String({ minLength: 1, maxLength: adLimits.nameLength });

/** A confirmation or withdrawal token: 32 random bytes, base64url. */
export const TokenSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: 'the token from the link in the mail' });

// ---- Answers -----------------------------------------------------------------------------------------------

const InstantSchema = Type.String({ description: 'a UTC ISO 8601 instant' });

/** A price category of an event as an ad refers to it: by its position in the event's list. */
export const ExchangeCategorySchema = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  label: Type.String(),
  amount_cents: Type.Integer({ minimum: 0 }),
});

/** `GET /{locale}/api/exchange/events/`: an event that takes ads now, with how many live ads it has. */
export const ExchangeEventSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  start: InstantSchema,
  status: EventStatusSchema,
  postponed_to: Nullable(InstantSchema),
  /** The event's page on the site in the request's language. */
  url: Type.String(),
  price_categories: Type.Array(ExchangeCategorySchema),
  offers: Type.Integer({ minimum: 0 }),
  searches: Type.Integer({ minimum: 0 }),
});
export type ExchangeEvent = Static<typeof ExchangeEventSchema>;

/** What an ad says about its event. */
export const AdEventSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  start: InstantSchema,
  status: EventStatusSchema,
  postponed_to: Nullable(InstantSchema),
  url: Type.String(),
});
export type AdEvent = Static<typeof AdEventSchema>;

/** `GET /{locale}/api/exchange/ads/`: one confirmed, live ad. */
export const TicketAdSchema = Type.Object({
  id: Type.Integer(),
  event: AdEventSchema,
  kind: TicketAdKindSchema,
  quantity: Type.Integer({ minimum: 1 }),
  /** The category as it was when the ad was placed, its label in the request's language. */
  price_category: Type.Object({ index: Type.Integer({ minimum: 0 }), label: Type.String(), face_value_cents: Type.Integer({ minimum: 0 }) }),
  /** Per ticket, euro cents; null when a search names no price. */
  price_cents: Nullable(Type.Integer({ minimum: 0 })),
  message: Type.String(),
  /** The first word of the placer's name. */
  first_name: Type.String(),
  confirmed_at: InstantSchema,
});
export type TicketAd = Static<typeof TicketAdSchema>;

/** 202 of placing an ad or writing to its placer; a bot's submission gets the same. */
export const AcceptedSchema = Type.Object({ detail: Type.String() });
export type Accepted = Static<typeof AcceptedSchema>;

/** 200 of confirming or withdrawing an ad. */
export const AdStateSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('confirmed'), Type.Literal('withdrawn')]),
  event: AdEventSchema,
  /** The exchange filtered to the ad's event, in the request's language. */
  list_url: Type.String(),
});
export type AdState = Static<typeof AdStateSchema>;

// ---- Requests ----------------------------------------------------------------------------------------------

export const AdsQuerySchema = Type.Object({
  page: Type.Optional(PageQuerySchema),
  event: Type.Optional(DbId({ description: 'an event id' })),
  kind: Type.Optional(TicketAdKindSchema),
});

/** The fields of an ad as placed; the route adds the abuse guard's fields. */
export const adInputFields = {
  event: DbId(),
  kind: TicketAdKindSchema,
  quantity: Type.Integer({ minimum: adLimits.minQuantity, maximum: adLimits.maxQuantity }),
  /** Position in the event's `price_categories`. */
  price_category: Type.Integer({ minimum: 0, maximum: 99 }),
  /**
   * Per ticket, euro cents; required for an offer, at most the category's price. One `type` list rather than
   * `anyOf`: Fastify's Ajv coerces types, and inside `anyOf` it would turn null into 0 (or 0 into null).
   */
  price_cents: Type.Optional(
    Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: adLimits.maxPriceCents }),
  ),
  message: Type.Optional(Type.String({ maxLength: adLimits.messageLength })),
  name: NameSchema,
  email: EmailSchema,
  /** Consent to storing the ad and being written to through the site; must be true. */
  consent: Type.Boolean(),
};
export const AdInputSchema = Type.Object(adInputFields, { additionalProperties: false });
export type AdInput = Static<typeof AdInputSchema>;

export const contactInputFields = {
  name: NameSchema,
  email: EmailSchema,
  message: Type.String({ minLength: 1, maxLength: adLimits.contactMessageLength }),
};
export const ContactInputSchema = Type.Object(contactInputFields, { additionalProperties: false });
export type ContactInput = Static<typeof ContactInputSchema>;

/**
 * The body of a mailed link's call (confirm, withdraw): the link's token and nothing else. The token proves the
 * sender read the mail, so these calls take no form token and no honeypot (ADR 074).
 */
export const TokenInputSchema = Type.Object({ token: TokenSchema }, { additionalProperties: false });

export const AdParamsSchema = Type.Object({
  locale: LocaleSchema,
  id: DbId({ description: 'an ad id' }),
});

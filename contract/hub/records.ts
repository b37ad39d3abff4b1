/**
 * The records the hub's change pages read (`GET …/hub/{key}/{id}/`, and the answer of a create, update or action),
 * one per resource. The server answers through these schemas (a field left out is dropped), the hub types its pages
 * with them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LocaleSchema } from '../schemas/content';
import { FieldTypeSchema, UploadKindSchema } from '../schemas/forms';
import { EventStatusSchema } from '../schemas/programme';
import { nullable } from './paged';
import { MediaRowSchema, RedirectRowSchema, StaffRoleSchema } from './rows';

const id = Type.Integer();
const text = Type.String();
const integer = Type.Integer();
const time = Type.String();

/** A staff account: never its password hash. */
export const StaffUserRecordSchema = Type.Object({
  id,
  email: text,
  username: text,
  role: StaffRoleSchema,
  is_active: Type.Boolean(),
  created_at: time,
  updated_at: time,
  last_login_at: nullable(time),
});

export const RedirectRecordSchema = RedirectRowSchema;

/** One ticket ad in full; the token hashes stay on the server. */
export const TicketAdRecordSchema = Type.Object({
  id,
  event_id: integer,
  kind: text,
  quantity: integer,
  price_category: nullable(integer),
  category_label_de: nullable(text),
  category_label_en: nullable(text),
  face_value_cents: nullable(integer),
  price_cents: nullable(integer),
  message: nullable(text),
  name: text,
  email: text,
  locale: text,
  status: text,
  confirm_expires_at: nullable(time),
  created_at: time,
  confirmed_at: nullable(time),
  withdrawn_at: nullable(time),
  expired_at: nullable(time),
});
export const ticketAdActions = ['approve', 'withdraw'] as const;

/** An entry as staff read it: each field's label, the value as stored and as read, and the files sent with it. */
export const FormEntryRecordSchema = Type.Object({
  id,
  form_id: integer,
  form: Type.Object({ slug: text, title: text }),
  locale: text,
  created_at: time,
  values: Type.Array(Type.Object({ slug: text, label: text, value: Type.Unknown(), text })),
  files: Type.Array(Type.Object({ id: text, name: text, size: integer, mime: text })),
});

/** A newsletter subscriber with the proof of consent; the token hashes and the unsubscribe salt stay on the server. */
export const SubscriberRecordSchema = Type.Object({
  id,
  list: text,
  email: text,
  locale: text,
  status: text,
  consent_text_version: text,
  signup_ip: text,
  signed_up_at: time,
  confirm_token_expires_at: nullable(time),
  confirmed_at: nullable(time),
  confirm_ip: nullable(text),
  unsubscribed_at: nullable(time),
  updated_at: time,
});

/** One place that shows a media: named, with the hub page that edits it and, for pages, the public address. */
export const MediaUseSchema = Type.Object({
  /** What kind of record: `page` (Open Graph image), `hero`, `module`, `event`, `article`, `subscription`. */
  kind: Type.Union([Type.Literal('page'), Type.Literal('hero'), Type.Literal('module'), Type.Literal('event'), Type.Literal('article'), Type.Literal('subscription')]),
  /** The record's id (the page's for page, hero and page modules; the owner's for other modules). */
  id,
  title: text,
  locale: Type.Optional(LocaleSchema),
  hub_path: nullable(text),
  public_path: nullable(text),
});

/** A media as its change page shows it: the stored fields, the original's address and where it is used. */
export const MediaRecordSchema = Type.Composite([MediaRowSchema, Type.Object({ src: text, uses: Type.Array(MediaUseSchema) })]);

export const PageRecordTranslationSchema = Type.Object({
  slug: text,
  /** The page's address in this language, e.g. `/de/ueber-uns/satzung`. */
  path: text,
  title: text,
  headline: text,
  meta_title: text,
  meta_description: text,
  og_title: text,
  og_description: text,
  og_image_id: nullable(integer),
  og_type: text,
});

/** A page as its change page edits it: flags, place in the tree, each language's texts (null: not translated yet). */
export const PageRecordSchema = Type.Object({
  id,
  parent_id: nullable(integer),
  /** The parent's title in the hub's language (else the other), for the change page; null at the top. */
  parent_title: nullable(text),
  position: integer,
  content_type: Type.Union([Type.Literal('content'), Type.Literal('home')]),
  updated_at: time,
  is_online: Type.Boolean(),
  is_clickable: Type.Boolean(),
  in_menu: Type.Boolean(),
  in_footer: Type.Boolean(),
  has_tab_navigation: Type.Boolean(),
  translations: Type.Object({ de: nullable(PageRecordTranslationSchema), en: nullable(PageRecordTranslationSchema) }),
});

/** A text in both languages, as the change pages edit it (`{ de, en }`, either may be empty where the field is optional). */
const pair = Type.Object({ de: text, en: text });

/**
 * The records below are the input shapes of contract/schemas/programme-input.ts and forms.ts as read back: every
 * field present (the repository fills what a create left out), without the input's write limits, which say what
 * may be stored and nothing about what is answered.
 */
const PriceCategoryRecordSchema = Type.Object({ label: pair, amount_cents: integer });

/** An event as its change page edits it; the schedule's two fields come beside it (`withSchedule`). */
export const EventRecordSchema = Type.Object({
  id,
  slug: pair,
  title: pair,
  subtitle: pair,
  /** An instant in UTC, e.g. `2026-11-28T18:30:00.000Z`. */
  start_at: time,
  end_at: nullable(time),
  venue_id: nullable(integer),
  performers: Type.Array(Type.Object({ name: text, role: pair })),
  works: Type.Array(Type.Object({ composer: text, title: pair })),
  image_id: nullable(integer),
  /** The ticket shop's address; empty when there is none. */
  ticket_url: text,
  price_categories: Type.Array(PriceCategoryRecordSchema),
  status: EventStatusSchema,
  postponed_to: nullable(time),
  is_online: Type.Boolean(),
});

export const VenueRecordSchema = Type.Object({ id, name: pair, address: text, city: text });

/** A magazine category: name and address per language, and its place in the order. */
export const CategoryRecordSchema = Type.Object({ id, name: pair, slug: pair, position: integer });

/** A subscription series with its events' ids in the series' order. */
export const SubscriptionRecordSchema = Type.Object({
  id,
  slug: pair,
  title: pair,
  subtitle: pair,
  teaser: pair,
  /** The season, e.g. `2026/27`. */
  season: text,
  image_id: nullable(integer),
  price_categories: Type.Array(PriceCategoryRecordSchema),
  is_online: Type.Boolean(),
  position: integer,
  event_ids: Type.Array(integer),
});

/** A magazine article's metadata (its body is in containers); the schedule's two fields come beside it. */
export const ArticleRecordSchema = Type.Object({
  id,
  slug: pair,
  title: pair,
  teaser: pair,
  author: text,
  /** A date, `YYYY-MM-DD`. */
  published_on: text,
  image_id: nullable(integer),
  category_id: integer,
  is_main_teaser: Type.Boolean(),
  is_online: Type.Boolean(),
});

/**
 * One field of a form as the form builder edits it. A limit the field does not set is absent rather than null: the
 * builder sends the record back, and Fastify's Ajv would coerce a null into 0, turning "no minimum" into 0.
 */
export const FormFieldRecordSchema = Type.Object({
  slug: text,
  field_type: FieldTypeSchema,
  label: pair,
  placeholder: pair,
  help: pair,
  required: Type.Boolean(),
  visible: Type.Boolean(),
  choices: Type.Array(Type.Object({ value: text, label: pair })),
  /** The starting value as text (a choice value, `1` for a ticked checkbox, a number); empty when there is none. */
  default: text,
  max_length: Type.Optional(integer),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  whole_number: Type.Boolean(),
  accept: Type.Array(UploadKindSchema),
  max_size: Type.Optional(integer),
});

/** A form as a whole, as the form builder reads and saves it: texts per language, recipients, fields in order. */
export const FormRecordSchema = Type.Object({
  id,
  slug: text,
  title: pair,
  intro: pair,
  success_message: pair,
  recipients: Type.Array(text),
  is_online: Type.Boolean(),
  fields: Type.Array(FormFieldRecordSchema),
});

export type EventRecord = Static<typeof EventRecordSchema>;
export type VenueRecord = Static<typeof VenueRecordSchema>;
export type CategoryRecord = Static<typeof CategoryRecordSchema>;
export type SubscriptionRecord = Static<typeof SubscriptionRecordSchema>;
export type ArticleRecord = Static<typeof ArticleRecordSchema>;
export type FormFieldRecord = Static<typeof FormFieldRecordSchema>;
export type FormRecord = Static<typeof FormRecordSchema>;
export type StaffUserRecord = Static<typeof StaffUserRecordSchema>;
export type RedirectRecord = Static<typeof RedirectRecordSchema>;
export type TicketAdRecord = Static<typeof TicketAdRecordSchema>;
export type TicketAdAction = (typeof ticketAdActions)[number];
export type FormEntryRecord = Static<typeof FormEntryRecordSchema>;
export type SubscriberRecord = Static<typeof SubscriberRecordSchema>;
export type MediaUse = Static<typeof MediaUseSchema>;
export type MediaRecord = Static<typeof MediaRecordSchema>;
export type PageRecordTranslation = Static<typeof PageRecordTranslationSchema>;
export type PageRecord = Static<typeof PageRecordSchema>;

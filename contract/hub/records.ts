/**
 * The records the hub's change pages read (`GET …/hub/{key}/{id}/`, and the answer of a create, update or action),
 * for the resources whose record is not simply their input shape with an id. The server answers through these
 * schemas (a field left out is dropped), the hub types its pages with them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LocaleSchema } from '../schemas/content';
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

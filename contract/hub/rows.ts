/**
 * The row of every hub list (`GET …/hub/{key}/`), one schema per resource: the fields its definition's
 * `list.columns` select (plus what `present`/`presentPage` add), with `id` always. The server answers through these
 * schemas, so a field left out here is dropped from the answer: a column added to a list is added here too.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EventStatusSchema } from '../schemas/programme';
import { nullable, StoredFlagSchema } from './paged';

const id = Type.Integer();
const text = Type.String();
const integer = Type.Integer();
const time = Type.String();

export const EventRowSchema = Type.Object({
  id,
  title_de: text,
  title_en: text,
  slug_de: text,
  // The link picker builds an event's address in either language (ADR 038).
  slug_en: text,
  start_at: time,
  venue_id: nullable(integer),
  status: EventStatusSchema,
  is_online: StoredFlagSchema,
  updated_at: time,
});

export const VenueRowSchema = Type.Object({ id, name_de: text, name_en: text, address: text, city: text, updated_at: time });

export const CategoryRowSchema = Type.Object({ id, name_de: text, name_en: text, slug_de: text, slug_en: text, position: integer });

export const RedirectRowSchema = Type.Object({ id, old_path: text, new_path: text, created_at: time });

export const StaffRoleSchema = Type.Union([Type.Literal('editor'), Type.Literal('admin')]);

export const UserRowSchema = Type.Object({
  id,
  email: text,
  username: text,
  role: StaffRoleSchema,
  is_active: StoredFlagSchema,
  last_login_at: nullable(time),
});

export const SubscriptionRowSchema = Type.Object({ id, title_de: text, title_en: text, season: text, is_online: StoredFlagSchema, position: integer });

/** The teasers are searched but not answered: the list stays one line per article. */
export const ArticleRowSchema = Type.Object({
  id,
  title_de: text,
  title_en: text,
  published_on: text,
  category_id: integer,
  is_online: StoredFlagSchema,
  is_main_teaser: StoredFlagSchema,
  author: text,
});

export const TicketAdRowSchema = Type.Object({
  id,
  event_id: integer,
  kind: text,
  status: text,
  quantity: integer,
  price_cents: nullable(integer),
  name: text,
  email: text,
  created_at: time,
  confirmed_at: nullable(time),
});

/** With how many fields and entries each form has (counted per page of the list). */
export const FormRowSchema = Type.Object({
  id,
  slug: text,
  title_de: text,
  title_en: text,
  is_online: StoredFlagSchema,
  updated_at: time,
  field_count: integer,
  entry_count: integer,
});

/** The values sent, as a one-line summary in place of the stored JSON. */
export const FormEntryRowSchema = Type.Object({ id, form_id: integer, locale: text, created_at: time, summary: text });

export const SubscriberRowSchema = Type.Object({
  id,
  email: text,
  status: text,
  locale: text,
  signed_up_at: time,
  confirmed_at: nullable(time),
  unsubscribed_at: nullable(time),
});

export const MediaRowSchema = Type.Object({
  id,
  filename: text,
  mime: text,
  width: integer,
  height: integer,
  alt_de: text,
  alt_en: text,
  copyright: text,
  color: text,
  /** The focal point as fractions of width and height (ADR 087). */
  focal_x: Type.Number(),
  focal_y: Type.Number(),
  created_at: time,
});

/** A page with its title and address in each language (null where it has no translation yet). */
export const PageRowSchema = Type.Object({
  id,
  parent_id: nullable(integer),
  position: integer,
  content_type: text,
  is_online: Type.Boolean(),
  in_menu: Type.Boolean(),
  title_de: nullable(text),
  path_de: nullable(text),
  title_en: nullable(text),
  path_en: nullable(text),
  updated_at: time,
});

export type EventRow = Static<typeof EventRowSchema>;
export type VenueRow = Static<typeof VenueRowSchema>;
export type CategoryRow = Static<typeof CategoryRowSchema>;
export type RedirectRow = Static<typeof RedirectRowSchema>;
export type UserRow = Static<typeof UserRowSchema>;
export type SubscriptionRow = Static<typeof SubscriptionRowSchema>;
export type ArticleRow = Static<typeof ArticleRowSchema>;
export type TicketAdRow = Static<typeof TicketAdRowSchema>;
export type FormRow = Static<typeof FormRowSchema>;
export type FormEntryRow = Static<typeof FormEntryRowSchema>;
export type SubscriberRow = Static<typeof SubscriberRowSchema>;
export type MediaRow = Static<typeof MediaRowSchema>;
export type PageRow = Static<typeof PageRowSchema>;

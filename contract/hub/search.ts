/**
 * The hub's one search (`GET …/hub/search/?q=`, ADR 089): staff find any page, event, article, subscription, media
 * item or form entry, online or not, by a word in it. The answer holds a group per kind the staff member may open
 * (admin_menus), each with how many records matched and the first of them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { maxQueryLength } from '../search-rules';

/** The kinds searched, by their hub section (admin_menus key), in the order the results list them. */
export const hubSearchKinds = ['pages', 'events', 'articles', 'subscriptions', 'media', 'form-entries'] as const;
export type HubSearchKind = (typeof hubSearchKinds)[number];

/** Hits a group lists at most; its count says how many matched. */
export const hubSearchHitLimit = 10;

export const HubSearchQuerySchema = Type.Object(
  { q: Type.String({ maxLength: maxQueryLength, description: `a search text of 1 to ${maxQueryLength} characters` }) },
  { additionalProperties: false },
);

export const HubSearchHitSchema = Type.Object({
  id: Type.Integer(),
  /** The record's title (a media item's file name, a form entry's form title). */
  title: Type.String(),
  /** Escaped HTML: a few words around the match, each matched word inside `<mark>`; no other markup (as ADR 010's). */
  snippet: Type.String(),
  /** Whether it is on the site; left out for kinds that are never online themselves (media, form entries). */
  status: Type.Optional(Type.Union([Type.Literal('online'), Type.Literal('offline')])),
  /** A form entry's arrival (UTC instant). */
  date: Type.Optional(Type.String()),
  /** The record's address in the hub, e.g. `/cms-hub/pages/12`. */
  url: Type.String(),
});

export const HubSearchGroupSchema = Type.Object({
  kind: Type.Union(hubSearchKinds.map((kind) => Type.Literal(kind))),
  count: Type.Integer(),
  hits: Type.Array(HubSearchHitSchema),
});

export const HubSearchSchema = Type.Object({
  query: Type.String(),
  groups: Type.Array(HubSearchGroupSchema),
});

export type HubSearchHit = Static<typeof HubSearchHitSchema>;
export type HubSearchGroup = Static<typeof HubSearchGroupSchema>;
export type HubSearch = Static<typeof HubSearchSchema>;

/**
 * Checks before publishing (ADR 086): what the content server finds on the sections the editor shows of a page,
 * event, subscription series or article in one language (the draft's when there is one). The editor's
 * `GET /{locale}/pageeditor-api/checks/:type/:id/` and the hub's list (`GET …/hub/checks/`) answer with these shapes.
 * Findings never block a save.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LocaleSchema } from './content';
import { draftOwnerTypes } from './drafts';

export const pageCheckKinds = [
  /** An image without alternative text in this language (`detail`: the item's number in a list, or ''). */
  'image_alt',
  /** A heading more than one level below the one before it (`detail`: `h1→h3`). */
  'heading_skipped',
  /** A heading without text (`detail`: `h3`). */
  'heading_empty',
  /** A link text that says nothing of the target, such as "hier" or "read more" (`detail`: the text). */
  'link_text',
  /** A link to a page or event that is offline or gone (`detail`: the reference, `page:12`). */
  'link_offline',
  /** An outside link that answered 4xx/5xx or failed when last checked (`detail`: the address). */
  'link_broken',
] as const;
export type PageCheckKind = (typeof pageCheckKinds)[number];

const OwnerTypeSchema = Type.Union(draftOwnerTypes.map((type) => Type.Literal(type)));

export const PageCheckFindingSchema = Type.Object({
  kind: Type.Union(pageCheckKinds.map((kind) => Type.Literal(kind))),
  /** The section (container) and the module the finding is in, as the editor marks them. */
  section_id: Type.Integer(),
  /** The section's name (slug), as the editor heads it. */
  section_slug: Type.String(),
  module_id: Type.Integer(),
  module_type: Type.String(),
  /** The module's number on the page, counted from 1 in reading order, as the editor's labels count. */
  module_number: Type.Integer(),
  detail: Type.String(),
  /** For `link_broken`: the status of the last check, or null with `error` (timeout, dns, address, network, …). */
  status: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  error: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type PageCheckFinding = Static<typeof PageCheckFindingSchema>;

export const PageChecksSchema = Type.Object({
  content_type: OwnerTypeSchema,
  object_id: Type.Integer(),
  locale: LocaleSchema,
  findings: Type.Array(PageCheckFindingSchema),
});
export type PageChecks = Static<typeof PageChecksSchema>;

/** One page or record with open findings, for the hub. */
export const HubCheckOwnerSchema = Type.Object({
  ...PageChecksSchema.properties,
  title: Type.String(),
  /** Its address on the site, for "Auf der Website bearbeiten"; null when it has none. */
  path: Type.Union([Type.String(), Type.Null()]),
});
export type HubCheckOwner = Static<typeof HubCheckOwnerSchema>;

/** One outside address and what it answered. */
export const HubLinkCheckSchema = Type.Object({
  url: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  checked_at: Type.Union([Type.String(), Type.Null()]),
  /** Where it is used: the titles of the pages and records whose sections link to it. */
  used_on: Type.Array(Type.Object({ content_type: OwnerTypeSchema, object_id: Type.Integer(), locale: LocaleSchema, title: Type.String() })),
});
export type HubLinkCheck = Static<typeof HubLinkCheckSchema>;

export const HubChecksSchema = Type.Object({ owners: Type.Array(HubCheckOwnerSchema), links: Type.Array(HubLinkCheckSchema) });
export type HubChecks = Static<typeof HubChecksSchema>;

/** What "Jetzt prüfen" answers: how many addresses the round checked, and whether its budget left some for later. */
export const LinkCheckRoundSchema = Type.Object({ checked: Type.Integer(), budget_reached: Type.Boolean() });

/**
 * Drafts (ADR 085): a page's, event's, subscription's or article's sections in one language, kept unpublished over
 * several saves until an editor publishes them. The editor's calls under `/{locale}/pageeditor-api/draft/:type/:id/`
 * and the hub's list answer with these shapes.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LocaleSchema, ContainerSchema } from './content';
import { PageTextsSchema } from './page-texts';
import { DbId } from './requests';

export const draftOwnerTypes = ['page', 'event', 'subscription', 'article'] as const;
export type DraftOwnerType = (typeof draftOwnerTypes)[number];
const OwnerTypeSchema = Type.Union(draftOwnerTypes.map((type) => Type.Literal(type)), { description: 'page, event, subscription or article' });

export const DraftParamsSchema = Type.Object({ locale: LocaleSchema, type: OwnerTypeSchema, id: DbId() });

/** A planned publish: an instant with an offset, or null to plan none. */
export const DraftScheduleBodySchema = Type.Object({ at: Type.Union([Type.String({ minLength: 1, maxLength: 40, description: 'an instant with its offset, 2026-12-01T19:00:00+01:00' }), Type.Null()]) }, { additionalProperties: false });

const Instant = Type.String();
const Username = Type.Union([Type.String(), Type.Null()]);

export const DraftInfoSchema = Type.Object({
  id: Type.Integer(),
  /** The username of who started it; null for a removed account. */
  created_by: Username,
  created_at: Instant,
  updated_by: Username,
  updated_at: Instant,
  publish_at: Type.Union([Instant, Type.Null()]),
});
export type DraftInfo = Static<typeof DraftInfoSchema>;

/** An owner's sections in one language as the editor lists them: the draft's when there is one, else the live ones. */
export const DraftStateSchema = Type.Object({
  content_type: OwnerTypeSchema,
  object_id: Type.Integer(),
  locale: LocaleSchema,
  draft: Type.Union([DraftInfoSchema, Type.Null()]),
  sections: Type.Array(ContainerSchema),
});
export type DraftState = Static<typeof DraftStateSchema>;

/** The draft's sections beside the live ones, as texts (sections only: page fields empty, no hero; the other language null). */
export const DraftChangesSchema = Type.Object({ locale: LocaleSchema, draft: PageTextsSchema, live: PageTextsSchema });
export type DraftChanges = Static<typeof DraftChangesSchema>;

export const DraftListRowSchema = Type.Object({
  ...DraftInfoSchema.properties,
  content_type: OwnerTypeSchema,
  object_id: Type.Integer(),
  locale: LocaleSchema,
  /** The owner's title in the draft's language (German for records, whose titles the hub keeps per language). */
  title: Type.String(),
  /** The owner's address on the site in the draft's language, for "Auf der Website bearbeiten"; null when it has none. */
  path: Type.Union([Type.String(), Type.Null()]),
});
export type DraftListRow = Static<typeof DraftListRowSchema>;
export const DraftListSchema = Type.Object({ results: Type.Array(DraftListRowSchema) });

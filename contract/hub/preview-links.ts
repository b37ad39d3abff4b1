/** The hub's "Vorschau-Links" list (`GET …/hub/preview-links/`, ADR 084): every link, newest first. */
import { Type, type Static } from '@sinclair/typebox';
import { LocaleSchema } from '../schemas/content';
import { PreviewOwnerSchema } from '../schemas/preview-links';

export const previewLinkStates = ['active', 'expired', 'revoked'] as const;
export type PreviewLinkState = (typeof previewLinkStates)[number];

export const PreviewLinkItemSchema = Type.Object({
  id: Type.Integer(),
  content_type: PreviewOwnerSchema,
  object_id: Type.Integer(),
  locale: LocaleSchema,
  /** The record's title in the link's language; '' when the record is gone. */
  title: Type.String(),
  /** Who made it (username); null when unknown. */
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  expires_at: Type.String(),
  revoked_at: Type.Union([Type.String(), Type.Null()]),
  revoked_by: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union(previewLinkStates.map((state) => Type.Literal(state))),
});
export const PreviewLinkListSchema = Type.Object({ results: Type.Array(PreviewLinkItemSchema) });

export type PreviewLinkItem = Static<typeof PreviewLinkItemSchema>;

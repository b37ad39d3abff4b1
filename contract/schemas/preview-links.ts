/** Preview links (ADR 084): the editor's call that makes one, and the answer the preview page reads. */
import { Type, type Static } from '@sinclair/typebox';
import { ContainerSchema, LocaleSchema } from './content';
import { DbId } from './requests';

/** The kinds of records a link can show: those with sections of their own. */
export const PreviewOwnerSchema = Type.Union([Type.Literal('page'), Type.Literal('event'), Type.Literal('subscription'), Type.Literal('article')]);
export type PreviewOwner = Static<typeof PreviewOwnerSchema>;

/** `POST /{locale}/pageeditor-api/preview-links/`: the record in the call's language, for 1, 7 or 30 days. */
export const CreatePreviewLinkBodySchema = Type.Object(
  {
    content_type: PreviewOwnerSchema,
    object_id: DbId(),
    days: Type.Union([Type.Literal(1), Type.Literal(7), Type.Literal(30)], { description: 'how many days the link holds: 1, 7 or 30' }),
  },
  { additionalProperties: false },
);
export type CreatePreviewLinkBody = Static<typeof CreatePreviewLinkBodySchema>;

export const PreviewLinkCreatedSchema = Type.Object({
  id: Type.Integer(),
  /** The whole address to hand on, on the site's public origin. */
  url: Type.String(),
  expires_at: Type.String(),
});
export type PreviewLinkCreated = Static<typeof PreviewLinkCreatedSchema>;

/** `GET /{locale}/api/preview/:token/`: what the preview page shows. */
export const PreviewAnswerSchema = Type.Object({
  title: Type.String(),
  locale: LocaleSchema,
  expires_at: Type.String(),
  sections: Type.Array(ContainerSchema),
});
export type PreviewAnswer = Static<typeof PreviewAnswerSchema>;

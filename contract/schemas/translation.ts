/**
 * The editor's translation calls under `/{locale}/pageeditor-api/translation/` (ADR 083): start the call's language
 * from the other's sections, and the state of both languages (when staff last changed each, which one is older).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ContainerSchema, LocaleSchema } from './content';
import { DbId } from './requests';

/** The owners of sections: a content page, and the records with a page of their own (ADR 059). */
export const translationOwners = ['page', 'event', 'subscription', 'article'] as const;
export type TranslationOwner = (typeof translationOwners)[number];

const OwnerSchema = Type.Union(translationOwners.map((type) => Type.Literal(type)), { description: 'page, event, subscription or article' });

export const TranslationParamsSchema = Type.Object({ locale: LocaleSchema, type: OwnerSchema, id: DbId() });

/** One language of the owner: whether it has it, when staff last changed its sections (null: never), its modules. */
export const TranslationSideSchema = Type.Object({
  exists: Type.Boolean(),
  changed_at: Type.Union([Type.String(), Type.Null()]),
  modules: Type.Integer(),
});
export type TranslationSide = Static<typeof TranslationSideSchema>;

export const TranslationStateSchema = Type.Object({
  content_type: OwnerSchema,
  object_id: Type.Integer(),
  /** The call's language, and the other one it is compared with. */
  locale: LocaleSchema,
  other: LocaleSchema,
  sides: Type.Object({ de: TranslationSideSchema, en: TranslationSideSchema }),
  /** The call's language is older: the other language's sections were changed after its own. */
  older: Type.Boolean(),
  /** The older language, if either is. */
  older_side: Type.Union([LocaleSchema, Type.Null()]),
});
export type TranslationState = Static<typeof TranslationStateSchema>;

/** What a copy answers: the call's language's sections as now saved, in order. */
export const TranslationCopySchema = Type.Object({ content_type: OwnerSchema, object_id: Type.Integer(), sections: Type.Array(ContainerSchema) });
export type TranslationCopy = Static<typeof TranslationCopySchema>;

/**
 * A page's texts per language and a version of them beside the page now: what the hub and the editor compare
 * before a restore (ADR 031). The server reads them (services/versions/page-texts.ts) and answers with these
 * schemas; the editor's and the hub's comparison screens take their types from them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PageVersionRowSchema } from './editor';

const Text = Type.String();

export const PageFieldTextsSchema = Type.Object({
  title: Text,
  headline: Text,
  meta_title: Text,
  meta_description: Text,
  og_title: Text,
  og_description: Text,
  og_type: Text,
  og_image_id: Type.Union([Type.Integer(), Type.Null()]),
});

export const LocaleTextsSchema = Type.Object({
  fields: PageFieldTextsSchema,
  hero: Type.Union([Type.Object({ headline: Text, text: Text, link_text: Text, link: Text }), Type.Null()]),
  /** The page's sections in order, each module's text as lines (a rich text's paragraphs each a line). */
  sections: Type.Array(Type.Object({ slug: Text, modules: Type.Array(Type.Object({ type: Text, lines: Type.Array(Text) })) })),
});

/** Per language; null where the page has no translation in it. */
export const PageTextsSchema = Type.Object({ de: Type.Union([LocaleTextsSchema, Type.Null()]), en: Type.Union([LocaleTextsSchema, Type.Null()]) });
export type PageTexts = Static<typeof PageTextsSchema>;
export type PageFieldTexts = Static<typeof PageFieldTextsSchema>;

/** The page texts a version holds and a restore puts back, in their order. */
export const pageTextFields = ['title', 'headline', 'meta_title', 'meta_description', 'og_title', 'og_description', 'og_type', 'og_image_id'] as const;

/**
 * A version with its texts and its owner's now: what the editor compares before a restore. A record's version
 * (ADR 059) holds sections only: its fields are empty and it has no hero.
 */
export const VersionTextsSchema = Type.Object({
  ...PageVersionRowSchema.properties,
  /** The version's texts. */
  texts: PageTextsSchema,
  /** The owner's texts now, to compare the version with. */
  current: PageTextsSchema,
});
export type VersionTexts = Static<typeof VersionTextsSchema>;

/** A page's version with its texts and the page's now: what the hub and the editor compare before a restore. */
export const VersionComparisonSchema = Type.Object({ ...VersionTextsSchema.properties, page_id: Type.Integer() });
export type VersionComparison = Static<typeof VersionComparisonSchema>;

/**
 * A page's texts in the shape the hub and the editor compare versions in (issue 7 "Versions", ADR 031): per language the page's own
 * texts (title, headline, SEO and Open Graph), its hero's and each section's modules' visible text as lines. Made
 * from a PageBundle, the unit a version stores, so a version and the page as it is now come out alike. These are
 * also exactly what a restore from the hub brings back (see resources/pages.ts `restoreFromVersion`); the
 * address (slug) and the flags are not part of it.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { getPageVersion, loadPageBundle, readPageVersionRow, type PageBundle } from '../../db/repositories/page-versions';
import { locales, type Locale } from '../../../../contract/locales';
import { PageVersionRowSchema } from '../../../../contract/schemas/editor';
import { moduleTexts } from '../search/document-text';

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

const line = (text: string) => text.replace(/\s+/g, ' ').trim();

function parseData(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function pageTexts(bundle: PageBundle): PageTexts {
  const forLocale = (locale: Locale) => {
    const translation = bundle.translations.find((row) => row.locale === locale);
    if (!translation) return null;
    const hero = bundle.heroes.find((row) => row.locale === locale);
    return {
      fields: Object.fromEntries(pageTextFields.map((field) => [field, translation[field]])) as PageFieldTexts,
      hero: hero ? { headline: hero.headline, text: hero.text, link_text: hero.link_text, link: hero.link } : null,
      sections: bundle.containers
        .filter((container) => container.locale === locale)
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((container) => ({
          slug: container.slug,
          modules: [...container.modules]
            .sort((a, b) => a.column - b.column || a.position - b.position || a.id - b.id)
            .map((module) => ({ type: module.type, lines: moduleTexts(module.type, parseData(module.data)).map(line).filter(Boolean) })),
        })),
    };
  };
  return Object.fromEntries(locales.map((locale) => [locale, forLocale(locale)])) as PageTexts;
}

/** A version with its texts and the page's now: what the hub and the editor compare before a restore. */
export const VersionComparisonSchema = Type.Object({
  ...PageVersionRowSchema.properties,
  page_id: Type.Integer(),
  /** The version's texts. */
  texts: PageTextsSchema,
  /** The page's texts now, to compare the version with. */
  current: PageTextsSchema,
});
export type VersionComparison = Static<typeof VersionComparisonSchema>;

/** Version `versionId` of page `pageId` beside the page now, or undefined when the page has no such version. */
export async function readVersionComparison(db: Db, pageId: number, versionId: number): Promise<VersionComparison | undefined> {
  const [row, bundle, now] = await Promise.all([readPageVersionRow(db, pageId, versionId), getPageVersion(db, pageId, versionId), loadPageBundle(db, pageId)]);
  if (!row || !bundle || !now) return undefined;
  return { ...row, texts: pageTexts(bundle), current: pageTexts(now) };
}

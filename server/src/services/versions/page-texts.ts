/**
 * A page's texts in the shape the hub and the editor compare versions in (ADR 017, 031): per language the page's own
 * texts (title, headline, SEO and Open Graph), its hero's and each section's modules' visible text as lines. Made
 * from a PageBundle, the unit a version stores, so a version and the page as it is now come out alike. These are
 * also exactly what a restore from the hub brings back (see resources/pages.ts `restoreFromVersion`); the
 * address (slug) and the flags are not part of it.
 */
import type { Db } from '../../db/database';
import { getPageVersion, loadPageBundle, readPageVersionRow } from '../../db/repositories/page-versions';
import type { PageBundle } from '../../db/tables/page.table';
import { locales, type Locale } from '../../../../contract/locales';
import { moduleTexts } from '../../db/search/document-text';
import { pageTextFields, type PageFieldTexts, type PageTexts, type VersionComparison, type VersionTexts } from '../../../../contract/schemas/page-texts';
import { loadRecordBundle, readRecordVersion } from '../../db/repositories/record-versions';
import type { RecordBundle, RecordOwner } from '../../db/tables/record-version.table';

const line = (text: string) => text.replace(/\s+/g, ' ').trim();

function parseData(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** An owner's sections in one language, in order, each module's text as lines. */
function sectionTexts(containers: PageBundle['containers'], locale: Locale) {
  return containers
    .filter((container) => container.locale === locale)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((container) => ({
      slug: container.slug,
      modules: [...container.modules]
        .sort((a, b) => a.column - b.column || a.position - b.position || a.id - b.id)
        .map((module) => ({ type: module.type, lines: moduleTexts(module.type, parseData(module.data)).map(line).filter(Boolean) })),
    }));
}

const noFields = Object.fromEntries(pageTextFields.map((field) => [field, field === 'og_image_id' ? null : ''])) as PageFieldTexts;

/**
 * A record's sections as texts to compare (ADR 059): records have both languages always; their own fields are
 * the hub's and not part of a version, so they stay empty and leave no lines.
 */
export function recordTexts(bundle: RecordBundle): PageTexts {
  return Object.fromEntries(locales.map((locale) => [locale, { fields: noFields, hero: null, sections: sectionTexts(bundle.containers, locale) }])) as PageTexts;
}

/** A record's version beside its sections now, for the editor's comparison before a restore (ADR 059). */
export async function readRecordComparison(db: Db, contentType: RecordOwner, objectId: number, versionId: number): Promise<VersionTexts | undefined> {
  const [version, now] = await Promise.all([readRecordVersion(db, contentType, objectId, versionId), loadRecordBundle(db, contentType, objectId)]);
  if (!version) return undefined;
  return { ...version.row, texts: recordTexts(version.bundle), current: recordTexts(now) };
}

export function pageTexts(bundle: PageBundle): PageTexts {
  const forLocale = (locale: Locale) => {
    const translation = bundle.translations.find((row) => row.locale === locale);
    if (!translation) return null;
    const hero = bundle.heroes.find((row) => row.locale === locale);
    return {
      fields: Object.fromEntries(pageTextFields.map((field) => [field, translation[field]])) as PageFieldTexts,
      hero: hero ? { headline: hero.headline, text: hero.text, link_text: hero.link_text, link: hero.link } : null,
      sections: sectionTexts(bundle.containers, locale),
    };
  };
  return Object.fromEntries(locales.map((locale) => [locale, forLocale(locale)])) as PageTexts;
}

/** Version `versionId` of page `pageId` beside the page now, or undefined when the page has no such version. */
export async function readVersionComparison(db: Db, pageId: number, versionId: number): Promise<VersionComparison | undefined> {
  const [row, bundle, now] = await Promise.all([readPageVersionRow(db, pageId, versionId), getPageVersion(db, pageId, versionId), loadPageBundle(db, pageId)]);
  if (!row || !bundle || !now) return undefined;
  return { ...row, texts: pageTexts(bundle), current: pageTexts(now) };
}

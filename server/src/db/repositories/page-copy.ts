/**
 * A page copied as a new offline page (ADR 088): in the languages chosen, its texts (title, headline, search and
 * sharing fields, with " (Kopie)" / " (copy)" on the title unless another is given), its hero and its live sections
 * with their modules, below the same parent (or a chosen one) under a free address. One transaction through the
 * repositories' create paths (createPage, upsertHero, the sections' copy of ADR 083), so the copy is logged, indexed
 * and versioned as a new page is, by the staff member `asAuthor` names. The original is only read.
 */
import type { Locale } from '../../../../contract/locales';
import { copyTitle, PageCopyBodySchema, type PageCopyBody } from '../../../../contract/hub/page-copy';
import { assertValid } from '../rules/assert-valid';
import { ContentNotFoundError, ContentValidationError } from '../errors';
import type { Db } from '../database';
import type { ContainerRow } from '../tables/container.table';
import type { PageTranslationRow } from '../tables/page.table';
import { currentAuthor } from './change-log';
import { afterContainersWrite } from './container-support';
import { sectionsOf } from './draft-rows';
import { upsertHero } from './heroes';
import { getMediaMap } from './media';
import { getPage } from './page-reads';
import { createPage, pagePath } from './pages';
import { insertSectionCopies, modulesOf } from './translation-copy';
import { inTransaction } from './shared';

const copyWords: Record<Locale, { slug: string; home: string; language: string }> = {
  de: { slug: 'kopie', home: 'startseite', language: 'German' },
  en: { slug: 'copy', home: 'home', language: 'English' },
};

/**
 * A slug for the copy under `parentPath` that no page and no redirect uses: `<slug>-kopie`, then `-kopie-2`, … A
 * copy of a copy counts on (`konzert-kopie-2`) rather than growing (`konzert-kopie-kopie`); the home page's copy is
 * `startseite-kopie` / `home-copy`.
 */
async function freePageSlug(trx: Db, locale: Locale, parentPath: string | null, slug: string): Promise<string> {
  const word = copyWords[locale].slug;
  const base = `${(slug || copyWords[locale].home).replace(new RegExp(`-${word}(?:-\\d+)?$`), '')}-${word}`;
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const path = pagePath(locale, parentPath, candidate);
    const page = await trx.selectFrom('page_translation').select('id').where('path', '=', path).executeTakeFirst();
    const redirect = page ? undefined : await trx.selectFrom('redirect').select('id').where('old_path', '=', path).executeTakeFirst();
    if (!page && !redirect) return candidate;
  }
}

/** The parent's path in `locale`; a parent without that language cannot hold the copy's (400 on `parent_id`). */
async function parentPathIn(trx: Db, parentId: number | null, locale: Locale): Promise<string | null> {
  if (parentId === null) return null;
  const row = await trx.selectFrom('page_translation').select('path').where('page_id', '=', parentId).where('locale', '=', locale).executeTakeFirst();
  if (!row) {
    throw new ContentValidationError('parent_id', `The parent page has no ${copyWords[locale].language} version, so the copy cannot have one`).because('page_copy_parent_language', { language: locale });
  }
  return row.path;
}

/**
 * Copies page `id` (see above) and resolves with the new page's id. Refused, writing nothing: an unknown page (404
 * on `id`) or parent (404 on `parent_id`), a language the page lacks (400 on `locales`), a title for a language not
 * copied (400 on `titles.<locale>`), a parent without a copied language (400 on `parent_id`).
 */
export async function copyPage(db: Db, id: number, input: PageCopyBody): Promise<number> {
  assertValid(PageCopyBodySchema, input);
  return inTransaction(db, async (trx) => {
    const page = await getPage(trx, id);
    if (!page) throw new ContentNotFoundError(`Page ${id} not found`, 'id');
    const rows = await trx.selectFrom('page_translation').selectAll().where('page_id', '=', id).execute();
    const byLocale = new Map(rows.map((row) => [row.locale, row]));
    const chosen = [...new Set(input.locales)];
    for (const locale of chosen) {
      if (!byLocale.has(locale)) {
        throw new ContentValidationError('locales', `Page ${id} has no ${copyWords[locale].language} version to copy`).because('page_copy_language_missing', { language: locale });
      }
    }
    for (const locale of Object.keys(input.titles ?? {}) as Locale[]) {
      if (!chosen.includes(locale)) throw new ContentValidationError(`titles.${locale}`, `titles.${locale} names a language that is not copied`).because('not_allowed_value');
      if (!input.titles?.[locale]?.trim()) throw new ContentValidationError(`titles.${locale}`, `titles.${locale} is required`).because('required');
    }
    const parentId = input.parent_id === undefined ? page.parent_id : input.parent_id;
    if (parentId !== null && !(await getPage(trx, parentId))) throw new ContentNotFoundError(`Page ${parentId} not found`, 'parent_id');

    // Images are shared, not duplicated; one deleted since (not possible while a page uses it) is left out.
    const originals = chosen.map((locale) => byLocale.get(locale)!);
    const heroes = await trx.selectFrom('hero').selectAll().where('page_id', '=', id).where('locale', 'in', chosen).execute();
    const media = await getMediaMap(trx, [...originals.map((row) => row.og_image_id), ...heroes.map((row) => row.image_id)].filter((value): value is number => value !== null));
    const translations: Partial<Record<Locale, Parameters<typeof createPage>[1]['translations']['de']>> = {};
    for (const row of originals) translations[row.locale] = await copiedTexts(trx, row, parentId, input.titles?.[row.locale], media);

    const copyId = await createPage(trx, {
      parent_id: parentId,
      content_type: 'content',
      // Offline until staff put it online; out of the menu and the footer until they choose to put it there.
      is_online: false,
      is_clickable: page.is_clickable === 1,
      in_menu: false,
      in_footer: false,
      has_tab_navigation: page.has_tab_navigation === 1,
      translations,
    });
    for (const hero of heroes) {
      const imageId = hero.image_id !== null && media.has(hero.image_id) ? hero.image_id : null;
      await upsertHero(trx, { page_id: copyId, locale: hero.locale, headline: hero.headline, text: hero.text, link: hero.link, link_text: hero.link_text, image_id: imageId, video: hero.video }, { heldReferences: true });
    }

    // The live sections: a draft of the original (ADR 085) stays the original's, unpublished.
    const created: ContainerRow[] = [];
    for (const locale of chosen) {
      const sections = await sectionsOf(trx, 'page', id, locale);
      created.push(...(await insertSectionCopies(trx, sections, await modulesOf(trx, sections), locale, { contentType: 'page', objectId: copyId, locale })));
    }
    const by = currentAuthor();
    if (created.length) await afterContainersWrite(trx, created, created.map((row) => ({ entity: 'container' as const, id: row.id })), { by });
    // Which language is older (ADR 083) is the original's: the copy holds the same sections.
    if (chosen.length > 1) {
      await trx.deleteFrom('section_change').where('content_type', '=', 'page').where('object_id', '=', copyId).execute();
      const marks = await trx.selectFrom('section_change').selectAll().where('content_type', '=', 'page').where('object_id', '=', id).execute();
      if (marks.length) await trx.insertInto('section_change').values(marks.map((mark) => ({ ...mark, object_id: copyId }))).execute();
    }
    return copyId;
  });
}

/** The copy's texts in one language: the original's, a new title and a free slug; no id, path or timestamps. */
async function copiedTexts(trx: Db, row: PageTranslationRow, parentId: number | null, title: string | undefined, media: Map<number, unknown>) {
  const parentPath = await parentPathIn(trx, parentId, row.locale);
  return {
    slug: await freePageSlug(trx, row.locale, parentPath, row.slug),
    title: title?.trim() ?? copyTitle(row.title, row.locale),
    headline: row.headline,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    og_title: row.og_title,
    og_description: row.og_description,
    og_image_id: row.og_image_id !== null && media.has(row.og_image_id) ? row.og_image_id : null,
    og_type: row.og_type,
  };
}

import { locales, type Locale } from '../../../../contract/locales';
import { assertValid } from '../rules/assert-valid';
import {
  CreatePageInputSchema,
  PageTranslationInputSchema,
  PageTranslationPatchSchema,
  UpdatePageInputSchema,
  type CreatePageInput,
  type PageTranslationInput,
  type PageTranslationPatch,
  type UpdatePageInput,
} from '../../../../contract/schemas/content-input';
import { ContentConflictError, ContentNotFoundError, ContentValidationError } from '../errors';
import type { Db } from '../database';
import type { PageRow, PageTranslationRow } from '../tables/page.table';
import type { Change } from '../tables/change-log.table';
import { logChanges } from './change-log';
import { assertMediaExists } from './media';
import { descendantIds, getPage } from './page-reads';
import { writePageVersion } from './page-versions';
import { closeGap, placeAt } from './ordering';
import { dropRedirectFrom, redirectMovedPath } from './redirects';
import { linkReferrers } from './link-referrers';
import { inTransaction, nowIso, stripUndefined, toFlag } from './shared';
import { deleteDraftsOf } from './draft-rows';

/** The path of a page: its parent's path plus its slug; the home page is the bare locale prefix. */
export function pagePath(locale: Locale, parentPath: string | null, slug: string): string {
  const base = parentPath ?? `/${locale}`;
  return slug ? `${base}/${slug}` : base;
}

/** Which change-log key stands for "every child of this parent". */
export const childrenKey = (parentId: number | null) => (parentId === null ? 'root' : parentId);

async function requirePage(trx: Db, id: number, field = 'id'): Promise<PageRow> {
  const page = await getPage(trx, id);
  if (!page) throw new ContentNotFoundError(`Page ${id} not found`, field);
  return page;
}

async function parentPathFor(trx: Db, parentId: number | null, locale: Locale, field: string) {
  if (parentId === null) return null;
  const parent = await trx
    .selectFrom('page_translation')
    .select('path')
    .where('page_id', '=', parentId)
    .where('locale', '=', locale)
    .executeTakeFirst();
  if (!parent) throw new ContentValidationError(field, `The parent page has no ${locale} version, so this one cannot have one`).because('parent_invalid');
  return parent.path;
}

/** Addresses the API answers; a page there could never be reached. */
const reservedSegments = ['api', 'pageeditor-api', '404'];

function assertNotReserved(path: string, locale: Locale, field: string) {
  const first = path.slice(`/${locale}/`.length).split('/')[0];
  if (reservedSegments.includes(first)) {
    throw new ContentValidationError(field, `${field} must not start the path with ${reservedSegments.join(', ')}`).because('reserved_path');
  }
}

async function assertPathFree(trx: Db, path: string, field: string) {
  const taken = await trx.selectFrom('page_translation').select('page_id').where('path', '=', path).executeTakeFirst();
  if (taken) throw new ContentConflictError(field, `${path} is already the address of page ${taken.page_id}`).because('path_taken');
}

/** Every page write ends here: bump the page's timestamp, log what changed, and keep a version. */
async function afterPageWrite(trx: Db, pageId: number, changes: Change[]) {
  await trx.updateTable('page').set({ updated_at: nowIso() }).where('id', '=', pageId).execute();
  // Modules elsewhere that link to this page or one below it show its address: they follow a new one.
  const linked = await linkReferrers(trx, 'page', [pageId, ...(await descendantIds(trx, pageId))]);
  await logChanges(trx, [{ entity: 'page', id: pageId }, ...changes, ...linked]);
  await writePageVersion(trx, pageId);
}

function translationValues(input: PageTranslationInput) {
  return {
    slug: input.slug,
    title: input.title.trim(),
    headline: input.headline ?? '',
    meta_title: input.meta_title ?? '',
    meta_description: input.meta_description ?? '',
    og_title: input.og_title ?? '',
    og_description: input.og_description ?? '',
    og_image_id: input.og_image_id ?? null,
    og_type: input.og_type ?? 'website',
  };
}

async function insertTranslation(
  trx: Db,
  page: PageRow,
  locale: Locale,
  input: PageTranslationInput,
  field: string,
): Promise<Change[]> {
  assertValid(PageTranslationInputSchema, input, field);
  if (page.content_type === 'home' ? input.slug !== '' : input.slug === '') {
    throw new ContentValidationError(
      `${field}.slug`,
      page.content_type === 'home' ? `${field}.slug must be empty for the home page` : `${field}.slug is required`,
    );
  }
  await assertMediaExists(trx, input.og_image_id, `${field}.og_image_id`);
  const path = pagePath(locale, await parentPathFor(trx, page.parent_id, locale, field), input.slug);
  assertNotReserved(path, locale, `${field}.slug`);
  await assertPathFree(trx, path, `${field}.slug`);
  const now = nowIso();
  await trx
    .insertInto('page_translation')
    .values({ page_id: page.id, locale, path, ...translationValues(input), created_at: now, updated_at: now })
    .execute();
  return dropRedirectFrom(trx, path);
}

/**
 * Creates a page with its translations (at least one). The path of each translation follows from the parent's
 * path in that language. Resolves with the new page's id.
 */
export async function createPage(db: Db, input: CreatePageInput): Promise<number> {
  assertValid(CreatePageInputSchema, input);
  const given = locales.filter((locale) => input.translations[locale]);
  if (!given.length) throw new ContentValidationError('translations', 'translations needs at least one language');
  const contentType = input.content_type ?? 'content';
  const parentId = input.parent_id ?? null;
  if (contentType === 'home' && parentId !== null) {
    throw new ContentValidationError('parent_id', 'The home page cannot have a parent').because('parent_invalid');
  }

  return inTransaction(db, async (trx) => {
    if (parentId !== null) await requirePage(trx, parentId, 'parent_id');
    if (contentType === 'home') {
      const home = await trx.selectFrom('page').select('id').where('content_type', '=', 'home').executeTakeFirst();
      if (home) throw new ContentConflictError('content_type', `Page ${home.id} already is the home page`);
    }
    const last = await trx
      .selectFrom('page')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .executeTakeFirst();
    const now = nowIso();
    const values = {
      parent_id: parentId,
      position: input.position ?? (last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1),
      content_type: contentType,
      is_online: toFlag(input.is_online, true),
      is_clickable: toFlag(input.is_clickable, true),
      in_menu: toFlag(input.in_menu, false),
      in_footer: toFlag(input.in_footer, false),
      has_tab_navigation: toFlag(input.has_tab_navigation, false),
      created_at: now,
      updated_at: now,
    };
    const { id } = await trx.insertInto('page').values(values).returning('id').executeTakeFirstOrThrow();
    const page: PageRow = { id, ...values };
    const changes: Change[] = [{ entity: 'page_children', id: childrenKey(parentId) }];
    for (const locale of given) {
      changes.push(...(await insertTranslation(trx, page, locale, input.translations[locale]!, `translations.${locale}`)));
    }
    await afterPageWrite(trx, id, changes);
    return id;
  });
}

/** Changes a page's flags or its position among its siblings. */
export async function updatePage(db: Db, id: number, patch: UpdatePageInput): Promise<void> {
  assertValid(UpdatePageInputSchema, patch);
  await inTransaction(db, async (trx) => {
    const page = await requirePage(trx, id);
    const set: Partial<Record<keyof UpdatePageInput, number>> = {};
    for (const key of ['is_online', 'is_clickable', 'in_menu', 'in_footer', 'has_tab_navigation'] as const) {
      if (patch[key] !== undefined) set[key] = patch[key] ? 1 : 0;
    }
    if (patch.position !== undefined) set.position = patch.position;
    if (Object.keys(set).length) await trx.updateTable('page').set(set).where('id', '=', id).execute();
    // Online state and order show up in the siblings' lists; online state also in the descendants' breadcrumbs.
    const changes: Change[] = [{ entity: 'page_children', id: childrenKey(page.parent_id) }];
    if (set.is_online !== undefined && set.is_online !== page.is_online) changes.push({ entity: 'page_subtree', id });
    await afterPageWrite(trx, id, changes);
  });
}

/** Takes a page online or offline (offline pages answer 404 `Page offline` to visitors). */
export function setPageOnline(db: Db, id: number, online: boolean): Promise<void> {
  return updatePage(db, id, { is_online: online });
}

/**
 * Changes (or adds) a page's texts in one language. A new slug moves the page and every page below it to new
 * paths; the old paths then redirect (301) to the new ones.
 */
export async function updatePageTranslation(
  db: Db,
  pageId: number,
  locale: Locale,
  patch: PageTranslationPatch,
): Promise<void> {
  assertValid(PageTranslationPatchSchema, patch);
  await inTransaction(db, async (trx) => {
    const page = await requirePage(trx, pageId, 'page_id');
    const current = await trx
      .selectFrom('page_translation')
      .selectAll()
      .where('page_id', '=', pageId)
      .where('locale', '=', locale)
      .executeTakeFirst();
    const changes: Change[] = [];
    if (!current) {
      // A first translation in this language: the patch must be a complete translation.
      changes.push(...(await insertTranslation(trx, page, locale, patch as PageTranslationInput, '')));
      changes.push({ entity: 'page_children', id: childrenKey(page.parent_id) });
    } else {
      const next = { ...translationValues({ ...current, ...stripUndefined(patch) }) };
      if (page.content_type === 'home' && next.slug !== '') {
        throw new ContentValidationError('slug', 'slug must be empty for the home page').because('invalid_slug');
      }
      if (page.content_type !== 'home' && next.slug === '') throw new ContentValidationError('slug', 'slug is required').because('required');
      await assertMediaExists(trx, next.og_image_id, 'og_image_id');
      await trx
        .updateTable('page_translation')
        .set({ ...next, updated_at: nowIso() })
        .where('id', '=', current.id)
        .execute();
      if (next.slug !== current.slug) {
        const parentPath = await parentPathFor(trx, page.parent_id, current.locale, 'slug');
        changes.push(...(await movePaths(trx, page.id, current, pagePath(current.locale, parentPath, next.slug), 'slug')));
      }
      if (next.slug !== current.slug || next.title !== current.title) {
        // Titles and paths appear in the siblings' tab lists and the descendants' breadcrumbs.
        changes.push({ entity: 'page_children', id: childrenKey(page.parent_id) }, { entity: 'page_subtree', id: pageId });
      }
    }
    await afterPageWrite(trx, pageId, changes);
  });
}

/**
 * Gives a page a new path in one language (a new slug, or a new parent) and rewrites its descendants' paths in
 * that language, redirecting every old path. A taken or reserved path is refused naming `field`, the input that
 * led to it.
 */
async function movePaths(trx: Db, pageId: number, current: PageTranslationRow, to: string, field: string): Promise<Change[]> {
  const moves: { id: number; from: string; to: string }[] = [{ id: current.id, from: current.path, to }];
  const below = await descendantIds(trx, pageId);
  if (below.length) {
    const rows = await trx
      .selectFrom('page_translation')
      .select(['id', 'path'])
      .where('page_id', 'in', below)
      .where('locale', '=', current.locale)
      .execute();
    for (const row of rows) moves.push({ id: row.id, from: row.path, to: to + row.path.slice(current.path.length) });
  }
  for (const move of moves) {
    assertNotReserved(move.to, current.locale, field);
    const taken = await trx
      .selectFrom('page_translation')
      .select('page_id')
      .where('path', '=', move.to)
      .where('id', 'not in', moves.map((m) => m.id))
      .executeTakeFirst();
    if (taken) throw new ContentConflictError(field, `${move.to} is already the address of page ${taken.page_id}`).because('path_taken', { path: move.to });
  }
  // Two passes through temporary paths, so swapping addresses inside the subtree never trips the unique index.
  for (const move of moves) {
    await trx.updateTable('page_translation').set({ path: `${move.to}#moving-${move.id}` }).where('id', '=', move.id).execute();
  }
  const changes: Change[] = [];
  for (const move of moves) {
    await trx.updateTable('page_translation').set({ path: move.to }).where('id', '=', move.id).execute();
    // Below the home page and at the top level a page has the same address: nothing to redirect.
    if (move.from !== move.to) changes.push(...(await redirectMovedPath(trx, move.from, move.to)));
  }
  return changes;
}

export interface PageMove {
  /** The new parent; null for the top level. */
  parent_id: number | null;
  /** The place among the new siblings, from 0; left out or beyond the last: last. */
  position?: number;
}

/**
 * Puts a page below another parent, or at another place among its siblings (ADR 036). A new parent gives the page
 * and every page below it new paths in each of its languages, the old ones redirecting; siblings on both sides are
 * renumbered without gaps. Refused: the home page, a parent that is the page itself or lies below it, a parent
 * without one of the page's languages, and a path that is taken or reserved (all naming `parent_id`). One
 * transaction; the page keeps a version, the change log rebuilds it, its subtree and both lists of siblings.
 */
export async function movePage(db: Db, id: number, move: PageMove): Promise<void> {
  await inTransaction(db, async (trx) => {
    const page = await requirePage(trx, id);
    if (page.content_type === 'home') throw new ContentConflictError('parent_id', 'The home page cannot be moved').because('home_not_movable');
    const parentId = move.parent_id;
    const changes: Change[] = [{ entity: 'page_children', id: childrenKey(parentId) }];
    if (parentId !== page.parent_id) {
      if (parentId !== null) {
        await requirePage(trx, parentId, 'parent_id');
        if (parentId === id || (await descendantIds(trx, id)).includes(parentId)) {
          throw new ContentValidationError('parent_id', `Page ${parentId} is this page or lies below it`).because('page_move_cycle');
        }
      }
      const translations = await trx.selectFrom('page_translation').selectAll().where('page_id', '=', id).orderBy('locale').execute();
      for (const current of translations) {
        const parentPath = await parentPathFor(trx, parentId, current.locale, 'parent_id');
        changes.push(...(await movePaths(trx, id, current, pagePath(current.locale, parentPath, current.slug), 'parent_id')));
      }
      await trx.updateTable('page').set({ parent_id: parentId }).where('id', '=', id).execute();
      const left = await siblingsOf(trx, page.parent_id);
      await closeGap(trx, 'page', left);
      // Paths and breadcrumbs of everything below change with it.
      changes.push({ entity: 'page_children', id: childrenKey(page.parent_id) }, { entity: 'page_subtree', id });
    }
    await placeAt(trx, 'page', await siblingsOf(trx, parentId), id, move.position);
    await afterPageWrite(trx, id, changes);
  });
}

/** The children of a parent (null: the top level) in their order. */
function siblingsOf(trx: Db, parentId: number | null) {
  return trx
    .selectFrom('page')
    .select(['id', 'position'])
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Deletes a page with its translations, hero, versions and containers (and their modules), recording tombstones
 * for the changes feed. A page that still has child pages is refused.
 */
export async function deletePage(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const page = await requirePage(trx, id);
    const child = await trx.selectFrom('page').select('id').where('parent_id', '=', id).executeTakeFirst();
    if (child) throw new ContentConflictError('id', `Page ${id} still has child pages; move or delete them first`).because('page_has_children');
    const containers = await trx
      .selectFrom('container')
      .select('id')
      .where('content_type', '=', 'page')
      .where('object_id', '=', id)
      .execute();
    const containerIds = containers.map((c) => c.id);
    const heroes = await trx.selectFrom('hero').select('locale').where('page_id', '=', id).execute();
    if (containerIds.length) {
      await trx.deleteFrom('module').where('container_id', 'in', containerIds).execute();
      await trx.deleteFrom('container').where('id', 'in', containerIds).execute();
    }
    await deleteDraftsOf(trx, 'page', id);
    await trx.deleteFrom('hero').where('page_id', '=', id).execute();
    await trx.deleteFrom('page_version').where('page_id', '=', id).execute();
    await trx.deleteFrom('page_translation').where('page_id', '=', id).execute();
    await trx.deleteFrom('page').where('id', '=', id).execute();
    await logChanges(trx, [
      { entity: 'page', id, op: 'delete' },
      ...containerIds.map((containerId) => ({ entity: 'container' as const, id: containerId, op: 'delete' as const })),
      ...(page.content_type === 'home' ? heroes.map((hero) => ({ entity: 'hero' as const, id: hero.locale, op: 'delete' as const })) : []),
      { entity: 'page_children', id: childrenKey(page.parent_id) },
      ...(await linkReferrers(trx, 'page', [id])),
    ]);
  });
}

import type { Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import type { PageRow, PageTranslationRow } from '../tables/page.table';
import { selectInChunks } from './shared';

/**
 * Pages with their translations, enough to work out paths, breadcrumbs and sibling lists. Loaded whole for the
 * full changes feed, or around a few pages (their ancestors, and their siblings where they show tab navigation)
 * for a single page or a delta.
 */
export interface PageTree {
  pages: Map<number, PageRow>;
  translations: Map<number, Map<Locale, PageTranslationRow>>;
  /** Children per parent id (null: root), sorted by position; complete where siblings were loaded. */
  children: Map<number | null, PageRow[]>;
}

const byPosition = (a: PageRow, b: PageRow) => a.position - b.position || a.id - b.id;

export async function loadPageTree(db: Db, around?: readonly number[]): Promise<PageTree> {
  let pages: PageRow[];
  if (!around) {
    pages = await db.selectFrom('page').selectAll().execute();
  } else {
    const found = new Map<number, PageRow>();
    const load = async (ids: number[]) => {
      const missing = ids.filter((id) => !found.has(id));
      const rows = await selectInChunks(missing, (chunk) =>
        db.selectFrom('page').selectAll().where('id', 'in', chunk).execute(),
      );
      for (const row of rows) found.set(row.id, row);
      return rows;
    };
    // The pages, then their ancestors level by level, then the siblings of those that show tabs.
    let level = await load([...around]);
    while (level.length) {
      level = await load(level.map((row) => row.parent_id).filter((id): id is number => id !== null));
    }
    // Only pages with tab navigation list their siblings (see content-assembler.ts).
    const withTabs = around.map((id) => found.get(id)).filter((page) => page?.has_tab_navigation === 1);
    const parents = [...new Set(withTabs.map((page) => page!.parent_id))];
    const parentIds = parents.filter((id): id is number => id !== null);
    const siblings = await selectInChunks(parentIds, (chunk) =>
      db.selectFrom('page').selectAll().where('parent_id', 'in', chunk).execute(),
    );
    if (parents.includes(null)) siblings.push(...(await db.selectFrom('page').selectAll().where('parent_id', 'is', null).execute()));
    for (const row of siblings) found.set(row.id, row);
    pages = [...found.values()];
  }

  const translationRows = around
    ? await selectInChunks(
        pages.map((page) => page.id),
        (chunk) => db.selectFrom('page_translation').selectAll().where('page_id', 'in', chunk).execute(),
      )
    : await db.selectFrom('page_translation').selectAll().execute();

  const tree: PageTree = { pages: new Map(), translations: new Map(), children: new Map() };
  for (const page of pages) {
    tree.pages.set(page.id, page);
    const list = tree.children.get(page.parent_id) ?? [];
    list.push(page);
    tree.children.set(page.parent_id, list);
  }
  for (const list of tree.children.values()) list.sort(byPosition);
  for (const row of translationRows) {
    const map = tree.translations.get(row.page_id) ?? new Map<Locale, PageTranslationRow>();
    map.set(row.locale, row);
    tree.translations.set(row.page_id, map);
  }
  return tree;
}

export function findTranslationByPath(db: Db, path: string) {
  return db.selectFrom('page_translation').selectAll().where('path', '=', path).executeTakeFirst();
}

export function getPage(db: Db, id: number) {
  return db.selectFrom('page').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ids of every page below `pageId`, breadth first. */
/**
 * The pages a `page_children` change-log row stands for: the children of `parent` ('root' for the top level) that
 * list their siblings (tab navigation), since only those show a change to a sibling.
 */
export async function tabSiblingIds(db: Db, parent: string): Promise<number[]> {
  const rows = await db
    .selectFrom('page')
    .select('id')
    .where('parent_id', parent === 'root' ? 'is' : '=', parent === 'root' ? null : Number(parent))
    .where('has_tab_navigation', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}

export async function descendantIds(db: Db, pageId: number): Promise<number[]> {
  const out: number[] = [];
  let level = [pageId];
  while (level.length) {
    const rows = await selectInChunks(level, (chunk) =>
      db.selectFrom('page').select('id').where('parent_id', 'in', chunk).execute(),
    );
    level = rows.map((row) => row.id);
    out.push(...level);
  }
  return out;
}

/** The page of content type `home`, if the site has one. */
export function findHomePage(db: Db) {
  return db.selectFrom('page').selectAll().where('content_type', '=', 'home').orderBy('id').executeTakeFirst();
}

export async function pageExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('page').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A page's path in one language, or undefined when it has no version in it. */
export async function translationPath(db: Db, pageId: number, locale: Locale): Promise<string | undefined> {
  const row = await db.selectFrom('page_translation').select('path').where('page_id', '=', pageId).where('locale', '=', locale).executeTakeFirst();
  return row?.path;
}

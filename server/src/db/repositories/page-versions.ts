import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../database';
import type { ContainerRow, ModuleRow } from '../tables/container.table';
import type { HeroRow } from '../tables/hero.table';
import type { PageRow, PageTranslationRow } from '../tables/page.table';
import { currentAuthor } from './change-log';
import { nowIso } from './shared';

/** A page with everything it shows, as stored: the unit of a version snapshot. */
export interface PageBundle {
  page: PageRow;
  translations: PageTranslationRow[];
  heroes: HeroRow[];
  containers: (ContainerRow & { modules: ModuleRow[] })[];
}

/** How many versions a page keeps; older ones are pruned on write. */
export const versionsKept = 50;

export async function loadPageBundle(db: Db, pageId: number): Promise<PageBundle | undefined> {
  const page = await db.selectFrom('page').selectAll().where('id', '=', pageId).executeTakeFirst();
  if (!page) return undefined;
  const [translations, heroes, containers] = await Promise.all([
    db.selectFrom('page_translation').selectAll().where('page_id', '=', pageId).orderBy('locale').execute(),
    db.selectFrom('hero').selectAll().where('page_id', '=', pageId).orderBy('locale').execute(),
    db
      .selectFrom('container')
      .selectAll()
      .where('content_type', '=', 'page')
      .where('object_id', '=', pageId)
      .orderBy('locale')
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  const modules = containers.length
    ? await db
        .selectFrom('module')
        .selectAll()
        .where(
          'container_id',
          'in',
          containers.map((c) => c.id),
        )
        .orderBy('column')
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  return {
    page,
    translations,
    heroes,
    containers: containers.map((container) => ({
      ...container,
      modules: modules.filter((module) => module.container_id === container.id),
    })),
  };
}

/** The versions written inside an `asOneVersion` call, by page id. */
const versionScopes = new AsyncLocalStorage<Map<number, number>>();

/**
 * Runs `work` (one write made of several repository calls, e.g. a hub save changing a page's flags and both
 * languages, or a restore of containers and texts) so that each page it touches keeps one version, of the finished
 * write: the first call records it, later ones replace its snapshot.
 */
export function asOneVersion<T>(work: () => Promise<T>): Promise<T> {
  return versionScopes.run(new Map(), work);
}

/**
 * Records the page as it is now (in the caller's transaction) and prunes the oldest versions beyond the limit.
 * `createdBy` is the staff user whose save it records; left out, the author `asAuthor` set for the write in progress
 * (the hub's), else null (the seed, sync, scripts).
 */
export async function writePageVersion(trx: Db, pageId: number, createdBy: number | null = currentAuthor()): Promise<void> {
  const bundle = await loadPageBundle(trx, pageId);
  if (!bundle) return;
  const values = { created_at: nowIso(), created_by: createdBy, snapshot: JSON.stringify(bundle) };
  const scope = versionScopes.getStore();
  const earlier = scope?.get(pageId);
  if (earlier !== undefined) {
    await trx.updateTable('page_version').set(values).where('id', '=', earlier).execute();
    return;
  }
  const { id } = await trx.insertInto('page_version').values({ page_id: pageId, ...values }).returning('id').executeTakeFirstOrThrow();
  scope?.set(pageId, id);
  const stale = await trx
    .selectFrom('page_version')
    .select('id')
    .where('page_id', '=', pageId)
    .orderBy('id', 'desc')
    .offset(versionsKept)
    .limit(1000)
    .execute();
  if (stale.length) await trx.deleteFrom('page_version').where('id', 'in', stale.map((row) => row.id)).execute();
}

export async function getPageVersion(db: Db, pageId: number, versionId: number): Promise<PageBundle | undefined> {
  const row = await db
    .selectFrom('page_version')
    .select('snapshot')
    .where('id', '=', versionId)
    .where('page_id', '=', pageId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.snapshot) as PageBundle) : undefined;
}

/** A page's versions, newest first, with the username of whoever saved each (null for seed, sync, removed accounts). */
export function listPageVersions(db: Db, pageId: number) {
  return db
    .selectFrom('page_version')
    .leftJoin('staff_user', 'staff_user.id', 'page_version.created_by')
    .select(['page_version.id', 'page_version.created_at', 'page_version.created_by', 'staff_user.username as created_by_name'])
    .where('page_version.page_id', '=', pageId)
    .orderBy('page_version.id', 'desc')
    .execute();
}

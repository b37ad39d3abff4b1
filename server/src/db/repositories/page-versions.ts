import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../database';
import type { PageBundle } from '../tables/page.table';
import type { VersionChange } from '../../../../contract/schemas/version-summary';
import { mergeChanges, summariseChange } from '../rules/change-summary';
import type { PageVersionRow } from '../../../../contract/schemas/editor';
import { currentAuthor } from './change-log';
import { lastPublishRun } from './publish-runs';
import { nowIso } from './shared';

/**
 * How many of its newest versions a page keeps; older ones are pruned on write, except the page's first version
 * and the published ones (ADR 031).
 */
export const versionsKept = 50;

/**
 * A save by the person who made the page's newest version, less than this long after that version began, goes
 * into it instead of making a new one (ADR 031). Counted from the version's first save, so a long session still
 * leaves a version at least every five minutes.
 */
export const burstWindowMs = 5 * 60_000;

export async function loadPageBundle(db: Db, pageId: number): Promise<PageBundle | undefined> {
  const page = await db.selectFrom('page').selectAll().where('id', '=', pageId).executeTakeFirst();
  if (!page) return undefined;
  const [translations, heroes, containers] = await Promise.all([
    db.selectFrom('page_translation').selectAll().where('page_id', '=', pageId).orderBy('locale').execute(),
    db.selectFrom('hero').selectAll().where('page_id', '=', pageId).orderBy('locale').execute(),
    loadOwnedContainers(db, 'page', pageId),
  ]);
  return { page, translations, heroes, containers };
}

/** An owner's containers in both languages, in order, each with its modules: what a version keeps of them. */
export async function loadOwnedContainers(db: Db, contentType: string, objectId: number): Promise<PageBundle['containers']> {
  const containers = await db
    .selectFrom('container')
    .selectAll()
    .where('content_type', '=', contentType)
    .where('object_id', '=', objectId)
    .orderBy('locale')
    .orderBy('position')
    .orderBy('id')
    .execute();
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
  return containers.map((container) => ({ ...container, modules: modules.filter((module) => module.container_id === container.id) }));
}

/** The versions written inside an `asOneVersion` call, by page id. */
const versionScopes = new AsyncLocalStorage<Map<number, number>>();

/** The version a restore in progress puts back (`asRestoreOf`). */
const restores = new AsyncLocalStorage<Extract<VersionChange, { code: 'restored' }>>();

/**
 * Runs `work` (one write made of several repository calls, e.g. a hub save changing a page's flags and both
 * languages, or a restore of containers and texts) so that each page it touches keeps one version, of the finished
 * write: the first call records it, later ones replace its snapshot and add their changes to its summary.
 */
export function asOneVersion<T>(work: () => Promise<T>): Promise<T> {
  return versionScopes.run(new Map(), work);
}

/**
 * Runs `work`, a restore of version `versionId` of a page, so that the version it writes says so ("restored
 * version of …") and begins a version of its own rather than joining a burst.
 */
export async function asRestoreOf<T>(db: Db, versionId: number, work: () => Promise<T>): Promise<T> {
  const row = await db.selectFrom('page_version').select(['created_at', 'updated_at']).where('id', '=', versionId).executeTakeFirst();
  return asRestoreMarked({ code: 'restored', version: versionId, at: row?.updated_at ?? row?.created_at ?? '' }, work);
}

/** Runs `work` as the restore `change` describes: the versions it writes say so and never join a burst. */
export const asRestoreMarked = <T>(change: Extract<VersionChange, { code: 'restored' }>, work: () => Promise<T>): Promise<T> =>
  restores.run(change, work);

/** The restore in progress (`asRestoreMarked`), if any. */
export const restoreInProgress = () => restores.getStore();

export const parseSummary = (summary: string | null | undefined): VersionChange[] => {
  try {
    const value: unknown = JSON.parse(summary ?? '[]');
    return Array.isArray(value) ? (value as VersionChange[]) : [];
  } catch {
    return [];
  }
};

export async function newestSeq(trx: Db): Promise<number> {
  const row = await trx.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0);
}

/**
 * The change-log seqs the published site shows: that of the last live run and, when newer, that of the last run
 * Netlify's build hook accepted (triggered: it goes live without this server hearing of it unless deploy
 * notifications are set up). Cursors of another database (another epoch) count for nothing.
 */
export async function publishedSeqs(db: Db): Promise<number[]> {
  const [live, accepted, epoch] = await Promise.all([
    lastPublishRun(db, ['live']),
    lastPublishRun(db, ['live', 'triggered']),
    db.selectFrom('meta').select('value').where('key', '=', 'epoch').executeTakeFirst(),
  ]);
  const seqs = new Set<number>();
  for (const run of [live, accepted]) {
    const cursor = run?.to_cursor ?? '';
    const separator = cursor.lastIndexOf(':');
    if (separator > 0 && cursor.slice(0, separator) === epoch?.value) seqs.add(Number(cursor.slice(separator + 1)));
  }
  return [...seqs];
}

/**
 * The versions of a page the cap never prunes: its first, and each published one, the newest version that began
 * at or before a published seq (it holds the state that went live; as a burst it may hold a few minutes more of
 * the same person's saves).
 */
export async function keptVersionIds(db: Db, pageId: number): Promise<{ first: number | null; published: number[] }> {
  const first = await db.selectFrom('page_version').select('id').where('page_id', '=', pageId).orderBy('id').limit(1).executeTakeFirst();
  const published = new Set<number>();
  for (const seq of await publishedSeqs(db)) {
    const row = await db
      .selectFrom('page_version')
      .select('id')
      .where('page_id', '=', pageId)
      .where('seq', '<=', seq)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) published.add(row.id);
  }
  return { first: first?.id ?? null, published: [...published] };
}

type BurstCandidate = { id: number; created_at: string; created_by: number | null };

/**
 * Of an owner's two newest versions (newest first), the one a save by `by` at `now` joins as part of a burst
 * (ADR 031): never the first version, never during a restore, never for a save without an author. Shared by page
 * and record versions (ADR 059).
 */
export function burstTarget([newest, older]: BurstCandidate[], by: number | null, now: string): number | undefined {
  // The first version keeps the owner as it was created.
  if (by === null || restores.getStore() || !newest || !older || newest.created_by !== by) return undefined;
  const age = Date.parse(now) - Date.parse(newest.created_at);
  return age >= 0 && age < burstWindowMs ? newest.id : undefined;
}

/** The newest version of a page, if a save by `by` at `now` joins it as part of a burst (ADR 031). */
async function burstVersion(trx: Db, pageId: number, by: number | null, now: string) {
  if (by === null || restores.getStore()) return undefined;
  const newest = await trx
    .selectFrom('page_version')
    .select(['id', 'created_at', 'created_by'])
    .where('page_id', '=', pageId)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  return burstTarget(newest, by, now);
}

/**
 * Records the page as it is now (in the caller's transaction) with what changed since its newest version, and
 * prunes the oldest versions beyond the limit. A save in the same `asOneVersion` call, or in a burst of saves by
 * one person (`burstWindowMs`), goes into the version already begun. `createdBy` is the staff user whose save it
 * records; left out, the author `asAuthor` set for the write in progress (the hub's), else null (the seed, sync,
 * scripts).
 */
export async function writePageVersion(trx: Db, pageId: number, createdBy: number | null = currentAuthor()): Promise<void> {
  const bundle = await loadPageBundle(trx, pageId);
  if (!bundle) return;
  const now = nowIso();
  const snapshot = JSON.stringify(bundle);
  const previous = await trx
    .selectFrom('page_version')
    .select(['id', 'snapshot'])
    .where('page_id', '=', pageId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const restore = restores.getStore();
  const changes = restore ? [restore] : summariseChange(previous ? (JSON.parse(previous.snapshot) as PageBundle) : undefined, bundle);
  const scope = versionScopes.getStore();
  const into = scope?.get(pageId) ?? (await burstVersion(trx, pageId, createdBy, now));
  if (into !== undefined) {
    const row = await trx.selectFrom('page_version').select('summary').where('id', '=', into).executeTakeFirstOrThrow();
    const summary = JSON.stringify(mergeChanges(parseSummary(row.summary), changes));
    await trx.updateTable('page_version').set({ snapshot, summary, updated_at: now }).where('id', '=', into).execute();
    scope?.set(pageId, into);
    return;
  }
  const { id } = await trx
    .insertInto('page_version')
    .values({
      page_id: pageId,
      created_at: now,
      created_by: createdBy,
      snapshot,
      summary: JSON.stringify(mergeChanges([], changes)),
      seq: await newestSeq(trx),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  scope?.set(pageId, id);
  const { first, published } = await keptVersionIds(trx, pageId);
  const keep = [id, ...published, ...(first === null ? [] : [first])];
  const stale = await trx
    .selectFrom('page_version')
    .select('id')
    .where('page_id', '=', pageId)
    .where('id', 'not in', keep)
    .orderBy('id', 'desc')
    .offset(versionsKept - 1)
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

/** A version as the lists show it: when and by whom, what changed, and whether it is the page's live state. */

const versionColumns = [
  'page_version.id',
  'page_version.page_id',
  'page_version.created_at',
  'page_version.updated_at',
  'page_version.created_by',
  'page_version.summary',
  'staff_user.username as created_by_name',
] as const;

function versionRows(db: Db, pageId: number) {
  return db
    .selectFrom('page_version')
    .leftJoin('staff_user', 'staff_user.id', 'page_version.created_by')
    .select(versionColumns)
    .where('page_version.page_id', '=', pageId);
}

type VersionRow = Awaited<ReturnType<ReturnType<typeof versionRows>['execute']>>[number];

const toListRow = ({ page_id: _pageId, ...row }: VersionRow, published: number[]): PageVersionRow => ({
  ...row,
  updated_at: row.updated_at ?? row.created_at,
  summary: parseSummary(row.summary),
  published: published.includes(row.id),
});

/**
 * A page's versions, newest first, with the username of whoever saved each (null for seed, sync, removed
 * accounts), what each changed and which is published.
 */
export async function listPageVersions(db: Db, pageId: number): Promise<PageVersionRow[]> {
  const [rows, kept] = await Promise.all([versionRows(db, pageId).orderBy('page_version.id', 'desc').execute(), keptVersionIds(db, pageId)]);
  return rows.map((row) => toListRow(row, kept.published));
}

/** One version's list row, or undefined when the page has no such version. */
export async function readPageVersionRow(db: Db, pageId: number, versionId: number): Promise<(PageVersionRow & { page_id: number }) | undefined> {
  const [row, kept] = await Promise.all([versionRows(db, pageId).where('page_version.id', '=', versionId).executeTakeFirst(), keptVersionIds(db, pageId)]);
  return row ? { ...toListRow(row, kept.published), page_id: row.page_id } : undefined;
}

/**
 * Versions of the sections of events, subscriptions and articles (ADR 059): what page versions are for a page
 * (ADR 031), kept in `record_version`. Every write to a record's sections records one, with the same burst and cap
 * rules; a record's other fields are the hub's and are not part of its versions.
 */
import type { Db } from '../database';
import type { Locale } from '../../../../contract/locales';
import type { PageVersionRow } from '../../../../contract/schemas/editor';
import { mergeChanges, summariseSections } from '../rules/change-summary';
import type { RecordBundle, RecordOwner } from '../tables/record-version.table';
import { recordOwners } from '../tables/record-version.table';
import { currentAuthor } from './change-log';
import {
  burstTarget,
  loadOwnedContainers,
  newestSeq,
  parseSummary,
  publishedSeqs,
  restoreInProgress,
  versionsKept,
} from './page-versions';
import { nowIso } from './shared';
import { sectionsOf } from './draft-rows';

export const isRecordOwner = (value: string): value is RecordOwner => (recordOwners as readonly string[]).includes(value);

export async function loadRecordBundle(db: Db, contentType: RecordOwner, objectId: number): Promise<RecordBundle> {
  return { containers: await loadOwnedContainers(db, contentType, objectId) };
}

const versionsOf = (db: Db, contentType: RecordOwner, objectId: number) =>
  db.selectFrom('record_version').where('content_type', '=', contentType).where('object_id', '=', objectId);

/** The versions the cap never prunes: the record's first, and each published one (as for pages, ADR 031). */
async function keptVersionIds(db: Db, contentType: RecordOwner, objectId: number): Promise<{ first: number | null; published: number[] }> {
  const first = await versionsOf(db, contentType, objectId).select('id').orderBy('id').limit(1).executeTakeFirst();
  const published = new Set<number>();
  for (const seq of await publishedSeqs(db)) {
    const row = await versionsOf(db, contentType, objectId).select('id').where('seq', '<=', seq).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (row) published.add(row.id);
  }
  return { first: first?.id ?? null, published: [...published] };
}

/**
 * Records the record's sections as they are now (in the caller's transaction) with what changed since its newest
 * version; a save by the author of the newest version within the burst window joins it (ADR 031). Prunes beyond
 * the cap, keeping the first and the published versions.
 */
export async function writeRecordVersion(trx: Db, contentType: RecordOwner, objectId: number, createdBy: number | null = currentAuthor()): Promise<void> {
  const bundle = await loadRecordBundle(trx, contentType, objectId);
  const now = nowIso();
  const snapshot = JSON.stringify(bundle);
  const newest = await versionsOf(trx, contentType, objectId).select(['id', 'created_at', 'created_by', 'snapshot', 'summary']).orderBy('id', 'desc').limit(2).execute();
  const restore = restoreInProgress();
  const changes = restore ? [restore] : summariseSections(newest[0] ? (JSON.parse(newest[0].snapshot) as RecordBundle) : undefined, bundle);
  const into = burstTarget(newest, createdBy, now);
  if (into !== undefined) {
    const summary = JSON.stringify(mergeChanges(parseSummary(newest[0].summary), changes));
    await trx.updateTable('record_version').set({ snapshot, summary, updated_at: now }).where('id', '=', into).execute();
    return;
  }
  const { id } = await trx
    .insertInto('record_version')
    .values({
      content_type: contentType,
      object_id: objectId,
      created_at: now,
      created_by: createdBy,
      snapshot,
      summary: JSON.stringify(mergeChanges([], changes)),
      seq: await newestSeq(trx),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { first, published } = await keptVersionIds(trx, contentType, objectId);
  const keep = [id, ...published, ...(first === null ? [] : [first])];
  const stale = await versionsOf(trx, contentType, objectId)
    .select('id')
    .where('id', 'not in', keep)
    .orderBy('id', 'desc')
    .offset(versionsKept - 1)
    .limit(1000)
    .execute();
  if (stale.length) await trx.deleteFrom('record_version').where('id', 'in', stale.map((row) => row.id)).execute();
}

/**
 * Before the first write to a record's sections: a record without versions (created in the hub, seeded, or from
 * before versions of records) gets one of its sections as they are, by no one, so the state before the editor's
 * first change can be restored (ADR 059).
 */
export async function keepRecordBaseline(trx: Db, contentType: RecordOwner, objectId: number): Promise<void> {
  if (await versionsOf(trx, contentType, objectId).select('id').limit(1).executeTakeFirst()) return;
  await writeRecordVersion(trx, contentType, objectId, null);
}

/** A record's versions and everything in them go with the record. Part of the caller's transaction. */
export async function deleteRecordVersions(trx: Db, contentType: RecordOwner, objectId: number): Promise<void> {
  await trx.deleteFrom('record_version').where('content_type', '=', contentType).where('object_id', '=', objectId).execute();
}

function versionRows(db: Db, contentType: RecordOwner, objectId: number) {
  return db
    .selectFrom('record_version')
    .leftJoin('staff_user', 'staff_user.id', 'record_version.created_by')
    .select([
      'record_version.id',
      'record_version.created_at',
      'record_version.updated_at',
      'record_version.created_by',
      'record_version.summary',
      'record_version.snapshot',
      'staff_user.username as created_by_name',
    ])
    .where('record_version.content_type', '=', contentType)
    .where('record_version.object_id', '=', objectId);
}

type Row = Awaited<ReturnType<ReturnType<typeof versionRows>['execute']>>[number];

const toListRow = ({ snapshot: _snapshot, ...row }: Row, published: number[]): PageVersionRow => ({
  ...row,
  updated_at: row.updated_at ?? row.created_at,
  summary: parseSummary(row.summary),
  published: published.includes(row.id),
});

/** A record's versions, newest first, in the shape of the page versions list (contract/schemas/editor.ts). */
export async function listRecordVersions(db: Db, contentType: RecordOwner, objectId: number): Promise<PageVersionRow[]> {
  const [rows, kept] = await Promise.all([
    versionRows(db, contentType, objectId).orderBy('record_version.id', 'desc').execute(),
    keptVersionIds(db, contentType, objectId),
  ]);
  return rows.map((row) => toListRow(row, kept.published));
}

/** One version of a record, its list row and its sections, or undefined when the record has no such version. */
export async function readRecordVersion(
  db: Db,
  contentType: RecordOwner,
  objectId: number,
  versionId: number,
): Promise<{ row: PageVersionRow; bundle: RecordBundle } | undefined> {
  const [row, kept] = await Promise.all([
    versionRows(db, contentType, objectId).where('record_version.id', '=', versionId).executeTakeFirst(),
    keptVersionIds(db, contentType, objectId),
  ]);
  return row ? { row: toListRow(row, kept.published), bundle: JSON.parse(row.snapshot) as RecordBundle } : undefined;
}

/** Whether the event, subscription or article exists. */
export async function recordExists(db: Db, contentType: RecordOwner, objectId: number): Promise<boolean> {
  return !!(await db.selectFrom(contentType).select('id').where('id', '=', objectId).executeTakeFirst());
}

/** A record's title, address slug and online state in one language, or nothing for an unknown record. */
export async function recordHeading(db: Db, contentType: RecordOwner, objectId: number, locale: Locale) {
  const row = await db
    .selectFrom(contentType)
    .select(['title_de', 'title_en', 'slug_de', 'slug_en', 'is_online'])
    .where('id', '=', objectId)
    .executeTakeFirst();
  if (!row) return undefined;
  return locale === 'de'
    ? { title: row.title_de, slug: row.slug_de, is_online: Boolean(row.is_online) }
    : { title: row.title_en, slug: row.slug_en, is_online: Boolean(row.is_online) };
}

/** A record's containers in one language, in order: its sections as the editor lists them (ADR 059). */
export function recordContainers(db: Db, contentType: RecordOwner, objectId: number, locale: Locale) {
  return sectionsOf(db, contentType, objectId, locale);
}

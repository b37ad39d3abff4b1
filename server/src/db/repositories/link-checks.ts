/**
 * The outside-link checker's rows (ADR 086): the addresses found in stored sections, claimed one at a time for a
 * check (a conditional update, so of several servers on one database one checks each; ADR 051) and their results.
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import type { LinkCheckRow } from '../tables/link-check.table';
import { chunks } from './shared';

/** Marks the addresses as found now: new ones get a row, known ones a fresh `seen_at`. */
export async function recordSeenUrls(db: Db, urls: readonly string[], seenAt: string): Promise<void> {
  for (const chunk of chunks([...new Set(urls)], 200)) {
    if (!chunk.length) continue;
    await db
      .insertInto('link_check')
      .values(chunk.map((url) => ({ url, status: null, error: null, checked_at: null, claimed_until: null, seen_at: seenAt })))
      .onConflict((conflict) => conflict.column('url').doUpdateSet({ seen_at: seenAt }))
      .execute();
  }
}

/** Forgets addresses no round has found since `before`: no section links to them any more. */
export async function dropUnseenUrls(db: Db, before: string): Promise<void> {
  await db.deleteFrom('link_check').where('seen_at', '<', before).execute();
}

/** Addresses never checked or last checked before `dueBefore`, not held by a claim at `at`; the oldest first. */
export function dueLinkChecks(db: Db, dueBefore: string, at: string, limit: number): Promise<LinkCheckRow[]> {
  return db
    .selectFrom('link_check')
    .selectAll()
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', dueBefore)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy(sql`coalesce(checked_at, '')`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes the row for checking until `until`, unless another server took or checked it since it was read. */
export async function claimLinkCheck(db: Db, row: LinkCheckRow, at: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('link_check')
    .set({ claimed_until: until })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .where((eb) => (row.checked_at === null ? eb('checked_at', 'is', null) : eb('checked_at', '=', row.checked_at)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a check's outcome and frees the claim. */
export async function recordLinkCheck(db: Db, id: number, outcome: { status: number | null; error: string | null; checked_at: string }): Promise<void> {
  await db.updateTable('link_check').set({ ...outcome, claimed_until: null }).where('id', '=', id).execute();
}

/** The rows of these addresses, by address. */
export async function linkChecksOf(db: Db, urls: readonly string[]): Promise<Map<string, LinkCheckRow>> {
  const rows: LinkCheckRow[] = [];
  for (const chunk of chunks([...new Set(urls)])) rows.push(...(await db.selectFrom('link_check').selectAll().where('url', 'in', chunk).execute()));
  return new Map(rows.map((row) => [row.url, row]));
}

/** Every row by address (the hub's list). */
export const allLinkChecks = (db: Db): Promise<LinkCheckRow[]> => db.selectFrom('link_check').selectAll().orderBy('url').execute();

/** The stored modules, in pages of `size` by id after `afterId` (a round's scan of the sections). */
export const moduleDataAfter = (db: Db, afterId: number, size: number) =>
  db.selectFrom('module').select(['id', 'type', 'data']).where('id', '>', afterId).orderBy('id').limit(size).execute();

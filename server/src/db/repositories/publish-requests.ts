/**
 * Staff saves waiting to be published (ADR 051): every server's publish queue adds one per save, and the run that
 * publishes takes them, whichever server it runs on (only the holder of the publish lease takes).
 */
import type { Db } from '../database';
import type { PublishRequestRow } from '../tables/publish-request.table';
import { chunks } from './shared';

export async function addPublishRequest(db: Db, request: { title: string; save: string | null; requested_at: string }): Promise<void> {
  await db.insertInto('publish_request').values(request).execute();
}

export interface WaitingRequests {
  count: number;
  /** The oldest and the newest request's time (ms), when any waits. */
  first?: number;
  last?: number;
}

/** How many saves wait and since when: one small aggregate, cheap to poll. */
export async function waitingPublishRequests(db: Db): Promise<WaitingRequests> {
  const row = await db
    .selectFrom('publish_request')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('requested_at').as('first'), eb.fn.max('requested_at').as('last')])
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  if (!count || !row?.first || !row.last) return { count: 0 };
  return { count, first: Date.parse(row.first), last: Date.parse(row.last) };
}

/**
 * Removes and answers the waiting requests, oldest first. Only the rows read are removed (by id, not up to the
 * newest: PostgreSQL may commit a lower id later), so a request added meanwhile stays for the next run.
 */
export async function takePublishRequests(db: Db): Promise<PublishRequestRow[]> {
  const rows = await db.selectFrom('publish_request').selectAll().orderBy('id').execute();
  for (const ids of chunks(rows.map((row) => row.id))) await db.deleteFrom('publish_request').where('id', 'in', ids).execute();
  return rows;
}

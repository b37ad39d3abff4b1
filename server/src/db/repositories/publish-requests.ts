/**
 * Staff saves waiting to be published (ADR 051): every server's publish queue adds one per save, and the run that
 * publishes takes them, whichever server it runs on (only the holder of the publish lease takes). A run a stopped
 * server cut off is written back as a request that retries it (`retry_of`, ADR 067).
 */
import type { Db } from '../database';
import type { PublishRequestRow } from '../tables/publish-request.table';

export async function addPublishRequest(db: Db, request: { title: string; save: string | null; requested_at: string; retry_of?: number | null }): Promise<void> {
  await db.insertInto('publish_request').values(request).execute();
}

export interface WaitingRequests {
  count: number;
  /** The oldest and the newest request's time (ms), when any waits. */
  first?: number;
  last?: number;
  /** The newest interrupted run a waiting request retries (ADR 067), when one does. */
  retryOf?: number;
}

/** How many saves wait and since when: one small aggregate, cheap to poll. */
export async function waitingPublishRequests(db: Db): Promise<WaitingRequests> {
  const row = await db
    .selectFrom('publish_request')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('requested_at').as('first'), eb.fn.max('requested_at').as('last'), eb.fn.max('retry_of').as('retry_of')])
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  if (!count || !row?.first || !row.last) return { count: 0 };
  return { count, first: Date.parse(row.first), last: Date.parse(row.last), ...(row.retry_of == null ? {} : { retryOf: Number(row.retry_of) }) };
}

/**
 * Removes and answers the waiting requests, oldest first. One statement that writes first: it removes exactly the
 * rows it sees (a request PostgreSQL commits meanwhile, even with a lower id, stays for the next run), and in a
 * transaction it takes SQLite's write lock before anything is read, so no other process's write in between can
 * make the transaction's snapshot stale.
 */
export async function takePublishRequests(db: Db): Promise<PublishRequestRow[]> {
  const rows = await db.deleteFrom('publish_request').returningAll().execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Fixed-window counters in the database, for rate limits that must hold across server processes (ADR 048). A
 * key's window starts with its first request and lasts `windowMs`; a request after its end starts a new one.
 */
import { sql } from 'kysely';
import type { Db } from '../database';

export interface RateWindow {
  hits: number;
  resetsAt: number;
}

const toWindow = (row: { hits: number | string; resets_at: string }): RateWindow => ({
  hits: Number(row.hits),
  resetsAt: Date.parse(row.resets_at),
});

/**
 * Counts one request for `key` and answers with its window. One upsert, so two processes counting the same key at
 * once both land: each sees the other's count. ISO timestamps of one format compare as text in both dialects.
 */
export async function countRequest(db: Db, key: string, windowMs: number, now: number): Promise<RateWindow> {
  const nowIso = new Date(now).toISOString();
  const ended = sql<boolean>`rate_limit_window.resets_at <= ${nowIso}`;
  const row = await db
    .insertInto('rate_limit_window')
    .values({ key, hits: 1, resets_at: new Date(now + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        hits: sql<number>`case when ${ended} then 1 else rate_limit_window.hits + 1 end`,
        resets_at: sql<string>`case when ${ended} then ${eb.ref('excluded.resets_at')} else rate_limit_window.resets_at end`,
      })),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return toWindow(row);
}

/** The key's running window without counting, or undefined when none runs. */
export async function readWindow(db: Db, key: string, now: number): Promise<RateWindow | undefined> {
  const row = await db
    .selectFrom('rate_limit_window')
    .select(['hits', 'resets_at'])
    .where('key', '=', key)
    .where('resets_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return row && toWindow(row);
}

/** Deletes the windows that ended: their keys count from nothing again anyway. */
export const pruneRateWindows = (db: Db, now: number) =>
  db.deleteFrom('rate_limit_window').where('resets_at', '<=', new Date(now).toISOString()).execute();

/**
 * Fixed-window counters in the database, for limits that must hold across server processes: the per-address rate
 * limits in `rate_limit_window` (ADR 048) and the login throttle's failures in `login_throttle_window` (ADR 051),
 * two tables of one shape, each pruned by its own user on its own clock. A key's window starts with its first
 * count and lasts `windowMs`; a count after its end starts a new one.
 */
import { sql } from 'kysely';
import type { Db } from '../database';

export interface RateWindow {
  hits: number;
  resetsAt: number;
}

/** The tables of counters; both have the columns of `RateLimitWindowTable`. */
export type WindowTable = 'rate_limit_window' | 'login_throttle_window';

/** The table's name as Kysely types it: the two tables have the same columns, so one's type serves both. */
const typed = (table: WindowTable) => table as 'rate_limit_window';

const toWindow = (row: { hits: number | string; resets_at: string }): RateWindow => ({
  hits: Number(row.hits),
  resetsAt: Date.parse(row.resets_at),
});

/**
 * Counts one request for `key` and answers with its window. One upsert, so two processes counting the same key at
 * once both land: each sees the other's count. ISO timestamps of one format compare as text in both dialects.
 */
export async function countRequest(db: Db, key: string, windowMs: number, now: number, table: WindowTable = 'rate_limit_window'): Promise<RateWindow> {
  const nowIso = new Date(now).toISOString();
  const ended = sql<boolean>`${sql.ref(`${table}.resets_at`)} <= ${nowIso}`;
  const row = await db
    .insertInto(typed(table))
    .values({ key, hits: 1, resets_at: new Date(now + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        hits: sql<number>`case when ${ended} then 1 else ${sql.ref(`${table}.hits`)} + 1 end`,
        resets_at: sql<string>`case when ${ended} then ${eb.ref('excluded.resets_at')} else ${sql.ref(`${table}.resets_at`)} end`,
      })),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return toWindow(row);
}

/** The key's running window without counting, or undefined when none runs. */
export async function readWindow(db: Db, key: string, now: number, table: WindowTable = 'rate_limit_window'): Promise<RateWindow | undefined> {
  const row = await db
    .selectFrom(typed(table))
    .select(['hits', 'resets_at'])
    .where('key', '=', key)
    .where('resets_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return row && toWindow(row);
}

/** Deletes the windows that ended: their keys count from nothing again anyway. */
export const pruneRateWindows = (db: Db, now: number, table: WindowTable = 'rate_limit_window') =>
  db.deleteFrom(typed(table)).where('resets_at', '<=', new Date(now).toISOString()).execute();

/**
 * Takes one count back from the key's running window (the login throttle's refunds). With `dropEmpty`, a window
 * left at nothing is removed, as if it had never started (a refused attempt leaves no trace); without, it runs on.
 */
export async function uncountRequest(db: Db, table: WindowTable, key: string, now: number, dropEmpty = false): Promise<void> {
  await db
    .updateTable(typed(table))
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', key)
    .where('resets_at', '>', new Date(now).toISOString())
    .where('hits', '>', 0)
    .execute();
  if (dropEmpty) await db.deleteFrom(typed(table)).where('key', '=', key).where('hits', '<=', 0).execute();
}

/** Ends the key's window: it counts from nothing again. */
export async function clearRateWindow(db: Db, table: WindowTable, key: string): Promise<void> {
  await db.deleteFrom(typed(table)).where('key', '=', key).execute();
}

/** Starts a new window of `windowMs` with one count for the key, whatever ran before (a mark that expires). */
export async function restartRateWindow(db: Db, table: WindowTable, key: string, windowMs: number, now: number): Promise<void> {
  await db
    .insertInto(typed(table))
    .values({ key, hits: 1, resets_at: new Date(now + windowMs).toISOString() })
    .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ hits: 1, resets_at: eb.ref('excluded.resets_at') })))
    .execute();
}

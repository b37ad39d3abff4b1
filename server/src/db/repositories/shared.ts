import { sql } from 'kysely';
import type { Db } from '../database';
import { dialectOf } from '../dialect';

/** An arbitrary constant: the key of the PostgreSQL advisory lock that serialises content writes. */
export const writeLockKey = 4_711_001;

/**
 * Takes the content write lock for the rest of the transaction (PostgreSQL; SQLite has a single writer anyway).
 * Writers then commit one after another, so change-log rows become visible in seq order and a reader's cursor
 * never skips a row that commits later. Re-entrant within a transaction.
 */
export async function lockContentWrites(trx: Db) {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${writeLockKey})`.execute(trx);
}

/**
 * Runs `work` in a write transaction, or inside the caller's when `db` already is one, so a repository function
 * can be used alone or as part of a larger write (the seed, a save that touches several records). The write lock
 * is taken first, before any row lock, so concurrent writers queue instead of deadlocking.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(async (trx) => {
    await lockContentWrites(trx);
    return work(trx);
  });
}

export const nowIso = () => new Date().toISOString();

/** The fields of a patch that were given: a patch's `undefined` means "keep", not "clear". */
export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const toFlag = (value: boolean | undefined, fallback: boolean): 0 | 1 => ((value ?? fallback) ? 1 : 0);

/** Splits long id lists so `in (…)` stays far below SQLite's and PostgreSQL's parameter limits. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs a query per chunk of ids and concatenates the rows. */
export async function selectInChunks<T>(ids: readonly number[], query: (chunk: number[]) => Promise<T[]>) {
  const unique = [...new Set(ids)];
  const rows: T[] = [];
  for (const chunk of chunks(unique)) rows.push(...(await query(chunk)));
  return rows;
}

/** Whether a table holds any row (the seed fills only empty ones, so it never clashes with an editor's work). */
export async function hasAnyRow(db: Db, table: 'venue' | 'event' | 'subscription' | 'article_category' | 'article' | 'page' | 'staff_user' | 'form'): Promise<boolean> {
  return !!(await db.selectFrom(table).select('id').limit(1).executeTakeFirst());
}

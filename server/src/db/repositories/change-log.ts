import { AsyncLocalStorage } from 'node:async_hooks';
import { updateSearchIndex } from '../search/search-indexer';
import type { Db } from '../database';
import type { Change } from '../tables/change-log.table';
import { inTransaction, lockContentWrites, nowIso } from './shared';
import { syncSqliteValue } from '../create-database';

const authors = new AsyncLocalStorage<number | null>();

/**
 * Runs `work` with `staffId` as the author of every change it logs, however deep the repository calls go (the
 * hub's factory wraps each write in it, so repositories need no author parameter).
 */
export function asAuthor<T>(staffId: number | null, work: () => Promise<T>): Promise<T> {
  return authors.run(staffId, work);
}

/** The author `asAuthor` set for the write in progress; null outside one. */
export const currentAuthor = (): number | null => authors.getStore() ?? null;

/**
 * Appends changes in the caller's transaction. The write lock (already held when the transaction came from
 * inTransaction) makes sure sequence numbers commit in order; see lockContentWrites. The search documents of the
 * changed records are rewritten in the same transaction (db/search/search-indexer.ts). `by` is the staff account
 * making the write; left out, it is the author `asAuthor` set for the call in progress (the hub's writes), else
 * null (the seed, the sync, scripts).
 */
export async function logChanges(trx: Db, changes: Change[], { by = currentAuthor() }: { by?: number | null } = {}): Promise<void> {
  if (!changes.length) return;
  if (!trx.isTransaction) throw new Error('logChanges must run inside the transaction of the write it records');
  await lockContentWrites(trx);
  const at = nowIso();
  const unique = new Map(changes.map((c) => [`${c.entity}\u0000${c.id}\u0000${c.op ?? 'upsert'}`, c]));
  await trx
    .insertInto('change_log')
    .values([...unique.values()].map((c) => ({ entity: c.entity, entity_id: String(c.id), op: c.op ?? 'upsert', at, changed_by: by })))
    .execute();
  await updateSearchIndex(trx, [...unique.values()]);
}

export interface FeedState {
  epoch: string;
  /** Oldest seq the log may still hold; cursors before min_seq - 1 have lost changes. */
  minSeq: number;
  /** Newest seq written, 0 when nothing was. */
  maxSeq: number;
}

export async function readFeedState(db: Db): Promise<FeedState> {
  const meta = await db.selectFrom('meta').select(['key', 'value']).where('key', 'in', ['epoch', 'min_seq']).execute();
  const newest = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.max('seq').as('max'))
    .executeTakeFirst();
  const byKey = new Map(meta.map((row) => [row.key, row.value]));
  const epoch = byKey.get('epoch');
  if (!epoch) throw new Error('The database has no epoch; run the migrations');
  return { epoch, minSeq: Number(byKey.get('min_seq') ?? 0), maxSeq: Number(newest?.max ?? 0) };
}

export const formatCursor = (epoch: string, seq: number) => `${epoch}:${seq}`;

/** The cursor of everything written so far, as the changes feed would hand it out now. */
export async function currentCursor(db: Db): Promise<string> {
  const state = await readFeedState(db);
  return formatCursor(state.epoch, state.maxSeq);
}

/** Change-log rows after `seq`, oldest first. */
export function changesSince(db: Db, seq: number) {
  return db.selectFrom('change_log').selectAll().where('seq', '>', seq).orderBy('seq').execute();
}

/** Change-log rows after `afterSeq` up to and including `upToSeq`, oldest first: what one publish run put live. */
export function changesBetween(db: Db, afterSeq: number, upToSeq: number) {
  return db.selectFrom('change_log').select(['entity', 'entity_id']).where('seq', '>', afterSeq).where('seq', '<=', upToSeq).orderBy('seq').execute();
}

/**
 * Forgets change-log rows older than `beforeSeq` (the newest row is always kept, so the feed still knows its
 * latest seq). Cursors older than the kept rows are then answered 410 and their holders fetch everything.
 * Resolves with the number of rows removed.
 */
export async function compactChangeLog(db: Db, beforeSeq: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { maxSeq, minSeq } = await readFeedState(trx);
    const limit = Math.min(Math.floor(beforeSeq), maxSeq);
    if (limit <= minSeq) return 0;
    const result = await trx.deleteFrom('change_log').where('seq', '<', limit).executeTakeFirst();
    await trx.updateTable('meta').set({ value: String(limit) }).where('key', '=', 'min_seq').execute();
    return Number(result.numDeletedRows);
  });
}

/**
 * The newest seq (0 on an empty log) for callers that ask on every request (the answer cache): compiled once, and
 * on SQLite read synchronously on the connection (db/create-database.ts `syncSqliteValue`, ADR 092), so a kept
 * answer's check costs a few microseconds and no turn in the driver's queue; a promise on PostgreSQL.
 */
export function newestSeqReader(db: Db): () => number | Promise<number> {
  const query = db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).compile();
  const read = async () => Number((await db.executeQuery(query)).rows[0]?.max ?? 0);
  const sync = syncSqliteValue(db, query.sql);
  if (!sync) return read;
  const notNow = Symbol('in a transaction');
  return () => {
    const value = sync(notNow);
    return value === notNow ? read() : Number(value ?? 0);
  };
}

/** The newest seq, 0 on an empty log. */
export async function newestSeq(db: Db): Promise<number> {
  const newest = await db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst();
  return Number(newest?.max ?? 0);
}

/** The seq below which the log was compacted (meta `min_seq`), 0 when it never was. */
export async function compactedSeq(db: Db): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', 'min_seq').executeTakeFirst();
  return Number(row?.value ?? 0);
}

/**
 * Named leases (ADR 051): work only one server process on the database may do at a time, such as publishing. A
 * lease is held until it expires; its holder renews it while it works, and a holder that died simply lets it run
 * out. Taking and renewing are one upsert, atomic on SQLite and on PostgreSQL.
 */
import { sql } from 'kysely';
import type { Db } from '../database';

/**
 * Takes the lease `name` for `holder` until `now + ms`, or renews it when `holder` has it already; resolves with
 * whether `holder` has it now. Nobody else gets it before it expires or is released.
 */
export async function takeLease(db: Db, name: string, holder: string, ms: number, now: number): Promise<boolean> {
  const nowIso = new Date(now).toISOString();
  const row = await db
    .insertInto('lease')
    .values({ name, holder, expires_at: new Date(now + ms).toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at: eb.ref('excluded.expires_at') }))
        .where(sql<boolean>`lease.expires_at <= ${nowIso} or lease.holder = ${holder}`),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease up at once, if `holder` still has it. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('lease').where('name', '=', name).where('holder', '=', holder).execute();
}

/** Who holds the lease `name` and until when (ISO), expired or not; undefined when nobody took it or it was released. */
export function readLease(db: Db, name: string): Promise<{ holder: string; expires_at: string } | undefined> {
  return db.selectFrom('lease').select(['holder', 'expires_at']).where('name', '=', name).executeTakeFirst();
}

/**
 * The budget of visitors' uploads in the database (ADR 064), so that it holds across server processes: bytes kept
 * per client address and for the whole site in fixed windows (`upload_budget_window`, the counting of
 * rate-limit-windows.ts with bytes for hits), and the bytes uploads in progress have reserved in the temp folder
 * (`upload_reservation`). The folder holds the unattached uploads' sizes plus the reservations; a reservation is
 * taken before its bytes are written, so the folder never holds more than its cap.
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import { dialectOf } from '../dialect';

/** An arbitrary constant: the key of the PostgreSQL advisory lock that serialises reservations in the temp folder. */
const reservationLockKey = 4_711_064;

export interface UploadLimits {
  /** Bytes one client address may keep per window. */
  perAddress: number;
  /** Bytes the whole site may keep per window. */
  perSite: number;
  /** Bytes the temp folder may hold: kept uploads not yet attached and uploads in progress. */
  folder: number;
  windowMs: number;
}

/** The windows one reservation counted its bytes in, so a refund goes back to the same windows. */
export interface CountedIn {
  addressKey: string;
  addressResetsAt: string;
  siteResetsAt: string;
}

export type Reserved = { ok: true; countedIn: CountedIn } | { ok: false; over: 'address'; retryAfterMs: number } | { ok: false; over: 'site' | 'folder' };

export const siteBudgetKey = 'site';
export const addressBudgetKey = (address: string) => `address|${address}`;

class Refused extends Error {
  constructor(readonly answer: Reserved & { ok: false }) {
    super('upload reservation refused');
  }
}

/**
 * Adds `bytes` to the key's running window, or starts a new one, unless that would take it past `limit`: resolves
 * with the window's end, or undefined when refused (nothing counted). One upsert whose update only happens under
 * the limit, so two processes counting at once cannot both pass it.
 */
async function addToWindow(trx: Db, key: string, bytes: number, limit: number, windowMs: number, now: number): Promise<string | undefined> {
  if (bytes > limit) return undefined;
  const nowIso = new Date(now).toISOString();
  const ended = sql<boolean>`upload_budget_window.resets_at <= ${nowIso}`;
  const row = await trx
    .insertInto('upload_budget_window')
    .values({ key, bytes, resets_at: new Date(now + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({
          bytes: sql<number>`case when ${ended} then ${eb.ref('excluded.bytes')} else upload_budget_window.bytes + ${eb.ref('excluded.bytes')} end`,
          resets_at: sql<string>`case when ${ended} then ${eb.ref('excluded.resets_at')} else upload_budget_window.resets_at end`,
        }))
        .where(sql<boolean>`${ended} or upload_budget_window.bytes + ${bytes} <= ${limit}`),
    )
    .returning('resets_at')
    .executeTakeFirst();
  return row?.resets_at;
}

/**
 * Bytes the temp folder holds or has promised: unattached uploads and running reservations. One statement, so one
 * snapshot: an upload kept meanwhile (its row written, its reservation dropped, in one transaction) is counted
 * exactly once, never in neither sum.
 */
export async function tempFolderBytes(db: Db): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('temp_file')
        .select((inner) => inner.fn.sum<number | string | null>('size').as('bytes'))
        .where('attached_entry_id', 'is', null)
        .as('stored'),
      eb
        .selectFrom('upload_reservation')
        .select((inner) => inner.fn.sum<number | string | null>('bytes').as('bytes'))
        .as('reserved'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.stored ?? 0) + Number(row.reserved ?? 0);
}

/**
 * Reserves `bytes` more for upload `id` from `address`: counted in the address's and the site's window and added to
 * the upload's reservation, all or nothing. Refused, it says which budget is spent (the address's first, then the
 * site's, then the folder's room). Reservations run one at a time (an advisory lock on PostgreSQL, SQLite's single
 * writer), so the folder check and the reservation cannot interleave with another's.
 */
export async function reserveUploadBytes(
  db: Db,
  { id, address, bytes, limits, now, leaseMs }: { id: string; address: string; bytes: number; limits: UploadLimits; now: number; leaseMs: number },
): Promise<Reserved> {
  try {
    return await db.transaction().execute(async (trx: Db) => {
      if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${reservationLockKey})`.execute(trx);
      const addressKey = addressBudgetKey(address);
      const addressResetsAt = await addToWindow(trx, addressKey, bytes, limits.perAddress, limits.windowMs, now);
      if (addressResetsAt === undefined) {
        const window = await trx.selectFrom('upload_budget_window').select('resets_at').where('key', '=', addressKey).executeTakeFirst();
        const retryAfterMs = window ? Math.max(0, Date.parse(window.resets_at) - now) : limits.windowMs;
        throw new Refused({ ok: false, over: 'address', retryAfterMs });
      }
      const siteResetsAt = await addToWindow(trx, siteBudgetKey, bytes, limits.perSite, limits.windowMs, now);
      if (siteResetsAt === undefined) throw new Refused({ ok: false, over: 'site' });
      if ((await tempFolderBytes(trx)) + bytes > limits.folder) throw new Refused({ ok: false, over: 'folder' });
      await trx
        .insertInto('upload_reservation')
        .values({ id, bytes, expires_at: new Date(now + leaseMs).toISOString() })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            bytes: sql<number>`upload_reservation.bytes + ${eb.ref('excluded.bytes')}`,
            expires_at: eb.ref('excluded.expires_at'),
          })),
        )
        .execute();
      return { ok: true as const, countedIn: { addressKey, addressResetsAt, siteResetsAt } };
    });
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    throw error;
  }
}

/**
 * Gives bytes counted but not kept back to the windows they were counted in (a window that has ended since is left
 * alone); a window left at nothing is removed, as if the upload had never been tried.
 */
export async function refundUploadBytes(db: Db, refunds: readonly { countedIn: CountedIn; bytes: number }[]): Promise<void> {
  for (const { countedIn, bytes } of refunds) {
    if (bytes <= 0) continue;
    for (const [key, resetsAt] of [
      [countedIn.addressKey, countedIn.addressResetsAt],
      [siteBudgetKey, countedIn.siteResetsAt],
    ] as const) {
      await db
        .updateTable('upload_budget_window')
        .set({ bytes: sql<number>`bytes - ${bytes}` })
        .where('key', '=', key)
        .where('resets_at', '=', resetsAt)
        .execute();
      await db.deleteFrom('upload_budget_window').where('key', '=', key).where('bytes', '<=', 0).execute();
    }
  }
}

/** Ends upload `id`'s reservation: its file was kept (its row now counts it) or removed. */
export async function dropUploadReservation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('upload_reservation').where('id', '=', id).execute();
}

/**
 * Deletes reservations whose upload stopped without ending them (a server stopped midway), resolving with their
 * ids, whose part files may then go; and windows that ended.
 */
export async function pruneUploadBudget(db: Db, now: number): Promise<string[]> {
  const nowIso = new Date(now).toISOString();
  await db.deleteFrom('upload_budget_window').where('resets_at', '<=', nowIso).execute();
  const stale = await db.deleteFrom('upload_reservation').where('expires_at', '<=', nowIso).returning('id').execute();
  return stale.map((row) => row.id);
}

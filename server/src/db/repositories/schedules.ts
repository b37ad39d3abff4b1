/**
 * A record's scheduled changes (ADR 035): when a page, event or article goes online (`online_from`) and offline
 * (`online_until`), as its change page reads and saves them. The rules, checked against the record as it is after
 * the save it comes with (same transaction, so a refusal writes nothing):
 * - a time that is new or changed must lie ahead (`schedule_in_past`);
 * - `online_from` only for a record that is offline (`schedule_already_online`), `online_until` only for one that
 *   is online or will be by `online_from` (`schedule_already_offline`), and after it (`schedule_offline_before_online`);
 * - a stored time that a manual change made pointless (a page put online by hand before its `online_from`) is
 *   dropped rather than refused, since the staff member did by hand what the schedule was for.
 */
import type { Db } from '../database';
import { storedInstant } from './programme-support';
import type { ScheduledAction, ScheduledChangeRow, ScheduledEntity } from '../tables/scheduled-change.table';
import { ContentValidationError } from '../errors';

/** The two fields of a change page, UTC instants or null. */
export interface Schedule {
  online_from: string | null;
  online_until: string | null;
}

/** A save's fields: an instant with an offset, null to clear, left out to keep. */
export type SchedulePatch = Partial<Record<keyof Schedule, string | null>>;

const fieldOf: Record<ScheduledAction, keyof Schedule> = { online: 'online_from', offline: 'online_until' };

/** The table each entity lives in and its online flag. */
export const entityTables = { page: 'page', event: 'event', article: 'article' } as const satisfies Record<ScheduledEntity, string>;

export async function readSchedule(db: Db, entity: ScheduledEntity, id: number): Promise<Schedule> {
  const rows = await db.selectFrom('scheduled_change').select(['action', 'due_at']).where('entity', '=', entity).where('entity_id', '=', id).execute();
  return {
    online_from: rows.find((row) => row.action === 'online')?.due_at ?? null,
    online_until: rows.find((row) => row.action === 'offline')?.due_at ?? null,
  };
}

/**
 * The titles of some records of one kind, in German (else English), by id: for the "Geplant" list and the publish
 * run's description. Records that are gone are absent.
 */
export async function recordTitles(db: Db, entity: ScheduledEntity, ids: readonly number[]): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  if (!ids.length) return titles;
  if (entity === 'page') {
    const rows = await db.selectFrom('page_translation').select(['page_id', 'locale', 'title']).where('page_id', 'in', ids).orderBy('locale', 'desc').execute();
    // Ordered en before de, so the German title wins where there is one.
    for (const row of rows) titles.set(row.page_id, row.title);
    return titles;
  }
  const rows = await db.selectFrom(entity).select(['id', 'title_de', 'title_en']).where('id', 'in', ids).execute();
  for (const row of rows) titles.set(row.id, row.title_de || row.title_en);
  return titles;
}

export async function isOnline(db: Db, entity: ScheduledEntity, id: number): Promise<boolean | undefined> {
  const row = await db.selectFrom(entityTables[entity]).select('is_online').where('id', '=', id).executeTakeFirst();
  return row ? row.is_online === 1 : undefined;
}

/**
 * Saves a record's schedule in the caller's transaction, after the record's own write. `prefix` names the fields
 * as the request does (`body.online_from`); `now` is the moment "in the past" is measured against.
 */
export async function saveSchedule(
  trx: Db,
  entity: ScheduledEntity,
  id: number,
  patch: SchedulePatch,
  { by, now, prefix = 'body' }: { by: number | null; now: Date; prefix?: string },
): Promise<void> {
  const field = (name: keyof Schedule) => (prefix ? `${prefix}.${name}` : name);
  const stored = await trx.selectFrom('scheduled_change').selectAll().where('entity', '=', entity).where('entity_id', '=', id).execute();
  const storedOf = (action: ScheduledAction) => stored.find((row) => row.action === action);
  const next: Schedule = { online_from: null, online_until: null };
  const given = new Set<keyof Schedule>();
  for (const action of ['online', 'offline'] as const) {
    const name = fieldOf[action];
    const value = patch[name];
    const current = storedOf(action)?.due_at ?? null;
    if (value === undefined || value === null) {
      next[name] = value === undefined ? current : null;
      continue;
    }
    const instant = storedInstant(value, field(name));
    if (instant !== current) {
      given.add(name);
      if (Date.parse(instant) <= now.getTime()) {
        throw new ContentValidationError(field(name), `${field(name)} must lie in the future`).because('schedule_in_past');
      }
    }
    next[name] = instant;
  }

  const online = await isOnline(trx, entity, id);
  if (online === undefined) return;
  if (next.online_from !== null && online) {
    if (given.has('online_from')) {
      throw new ContentValidationError(field('online_from'), `${field('online_from')} is for records that are offline; this one is online`).because('schedule_already_online');
    }
    next.online_from = null;
  }
  if (next.online_until !== null && !online && next.online_from === null) {
    if (given.has('online_until')) {
      throw new ContentValidationError(field('online_until'), `${field('online_until')} is for records that are online or scheduled to go online`).because('schedule_already_offline');
    }
    next.online_until = null;
  }
  if (next.online_from !== null && next.online_until !== null && next.online_until <= next.online_from) {
    throw new ContentValidationError(field('online_until'), `${field('online_until')} must be after ${field('online_from')}`).because('schedule_offline_before_online');
  }

  for (const action of ['online', 'offline'] as const) {
    const due = next[fieldOf[action]];
    const row: ScheduledChangeRow | undefined = storedOf(action);
    if (row && row.due_at === due) continue;
    if (row) await trx.deleteFrom('scheduled_change').where('id', '=', row.id).execute();
    if (due !== null) {
      await trx
        .insertInto('scheduled_change')
        .values({ entity, entity_id: id, action, due_at: due, created_by: by, created_at: new Date().toISOString(), error: null })
        .execute();
    }
  }
}

/** Drops the schedules of records that no longer exist (after a delete, which may take subpages along). */
export async function dropOrphanedSchedules(trx: Db, entity: ScheduledEntity): Promise<void> {
  await trx
    .deleteFrom('scheduled_change')
    .where('entity', '=', entity)
    .where('entity_id', 'not in', trx.selectFrom(entityTables[entity]).select('id'))
    .execute();
}

// ---- The scheduler's reads and claims (services/schedule/scheduler.ts) ---------------------------------------

/** When the next change that has not failed is due, or undefined when none is waiting. */
export async function nextDueAt(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('scheduled_change').select('due_at').where('error', 'is', null).orderBy('due_at').limit(1).executeTakeFirst();
  return row?.due_at;
}

/** Up to `limit` changes due at `atIso` that have not failed, oldest first. */
export const dueChanges = (db: Db, atIso: string, limit: number) =>
  db
    .selectFrom('scheduled_change')
    .selectAll()
    .where('error', 'is', null)
    .where('due_at', '<=', atIso)
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/**
 * Takes a due change for this process: true when its row was still there as read. The conditional delete is the
 * claim: another server that read the same row finds it gone.
 */
export async function claimScheduledChange(trx: Db, row: ScheduledChangeRow): Promise<boolean> {
  const taken = await trx.deleteFrom('scheduled_change').where('id', '=', row.id).where('due_at', '=', row.due_at).where('error', 'is', null).executeTakeFirst();
  return Number(taken.numDeletedRows) === 1;
}

/** Marks a change that could not be applied, so it is not tried again and the list shows why. */
export const recordScheduleFailure = (db: Db, row: ScheduledChangeRow, reason: string) =>
  db.updateTable('scheduled_change').set({ error: reason }).where('id', '=', row.id).where('due_at', '=', row.due_at).execute();

// ---- Articles dated ahead (ADR 069) ----------------------------------------------------------------------------

/** The `meta` key holding the last Berlin day whose articles the scheduler has released. */
const releasedKey = 'articles_released_through';

/** The soonest date of an online article dated after `day`, or undefined when none is waiting for its day. */
export async function nextArticleDay(db: Db, day: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('article')
    .select('published_on')
    .where('is_online', '=', 1)
    .where('published_on', '>', day)
    .orderBy('published_on')
    .limit(1)
    .executeTakeFirst();
  return row?.published_on;
}

/**
 * Takes the release of the articles whose day came since the last release, up to `day`, for this process, in the
 * caller's transaction; resolves with their ids (online ones, oldest first). The conditional write of the day
 * released through is the claim, as the delete is for a scheduled change: of two servers only one finds the day
 * it read. A database that never released (its first pass) only notes `day`: what is dated up to it was public
 * from its save on, since visitors' reads compare the date themselves.
 */
export async function claimArticleReleases(trx: Db, day: string): Promise<number[]> {
  const stored = await trx.selectFrom('meta').select('value').where('key', '=', releasedKey).executeTakeFirst();
  if (stored && stored.value >= day) return [];
  const claimed = stored
    ? (await trx.updateTable('meta').set({ value: day }).where('key', '=', releasedKey).where('value', '=', stored.value).executeTakeFirst()).numUpdatedRows
    : (await trx.insertInto('meta').values({ key: releasedKey, value: day }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst())
        .numInsertedOrUpdatedRows;
  if (!stored || Number(claimed ?? 0) !== 1) return [];
  const rows = await trx
    .selectFrom('article')
    .select('id')
    .where('is_online', '=', 1)
    .where('published_on', '>', stored.value)
    .where('published_on', '<=', day)
    .orderBy('published_on')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

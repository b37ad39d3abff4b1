/**
 * Error reports (ADR 057), bounded whatever arrives (ADR 065). A report counts to its group (`error_group`, with
 * first and last seen) and to the group's day (`error_group_day`), and may leave a sample (`error_event`): a group
 * keeps its first and its latest few, every report with a `ref` (a failed publish run, which the `ref` marks as
 * reported) and the ones waiting to be forwarded. New groups are capped a day and in all; past the cap a report
 * counts to the day's overflow group and leaves nothing else. A new report of a group marked resolved opens it again.
 * Reads for the hub's dashboard, the forwarding queue (claimed row by row, so several servers never send one report
 * twice) and the pruning of reports past their retention. Callers scrub what they store (services/errors/).
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import type { ErrorEventRow, ErrorGroupTable, ForwardState } from '../tables/error-report.table';
import type { ErrorCoded, ErrorCodeParams, ErrorGroup } from '../../../../contract/error-reports';

type GroupFields = Pick<ErrorGroupTable, 'source' | 'kind' | 'area' | 'message' | 'place'>;

export interface NewErrorReport {
  fingerprint: string;
  group: GroupFields;
  /** The group a report of a new kind counts to when no new group may be opened. */
  overflow: { fingerprint: string; group: GroupFields };
  occurredAt: string;
  release: string;
  path: string;
  status: number | null;
  stack: string | null;
  detail: Record<string, unknown> | null;
  ref: string | null;
  /** What the site or the server wrote itself, as a code with parameters (ADR 079); none for an error's own message. */
  coded?: ErrorCoded | null;
}

export interface ErrorReportBounds {
  /** Samples a group keeps: its first ones and its latest ones. */
  firstSamples: number;
  latestSamples: number;
  /** New groups a day (UTC), and groups in all (overflow groups aside); a report with a `ref` opens its group regardless. */
  newGroupsPerDay: number;
  maxGroups: number;
  /** Samples per group and hour marked for the error service; undefined when none is configured. */
  forwardsPerHour?: number;
}

/**
 * What became of a report: `stored` as a sample (its id), `counted` to its group or the overflow group only,
 * `refused` (a new group `spend` had no room for), `known` (a report with its `ref` exists already).
 */
export type RecordedReport = { outcome: 'stored'; id: number } | { outcome: 'counted' | 'refused' | 'known' };

class AlreadyStored extends Error {}

const groupExists = async (db: Db, fingerprint: string) =>
  (await db.selectFrom('error_group').select('fingerprint').where('fingerprint', '=', fingerprint).executeTakeFirst()) !== undefined;

/** Whether a new group may be opened on `day`: fewer than the day's and the overall cap exist (overflow groups aside). */
async function roomForNewGroup(db: Db, day: string, bounds: ErrorReportBounds): Promise<boolean> {
  const row = await db
    .selectFrom('error_group')
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), sql<number | string | null>`sum(case when first_seen >= ${`${day}T00:00:00.000Z`} then 1 else 0 end)`.as('today')])
    .where('kind', '!=', 'overflow')
    .executeTakeFirstOrThrow();
  return Number(row.today ?? 0) < bounds.newGroupsPerDay && Number(row.total) < bounds.maxGroups;
}

/** Counts a report to its group (opened if new, opened again if resolved) and to the group's day. */
async function countToGroup(db: Db, fingerprint: string, group: GroupFields, at: string) {
  await db
    .insertInto('error_group')
    .values({ fingerprint, ...group, first_seen: at, last_seen: at, resolved_at: null, resolved_by: null, forward_hour: null })
    .onConflict((conflict) =>
      conflict.column('fingerprint').doUpdateSet({
        // Reports may arrive out of order (a slow request, a publish run found late): last_seen only moves forward.
        last_seen: sql<string>`case when error_group.last_seen < ${at} then ${at} else error_group.last_seen end`,
        resolved_at: null,
        resolved_by: null,
      }),
    )
    .execute();
  await db
    .insertInto('error_group_day')
    .values({ fingerprint, day: at.slice(0, 10), count: 1 })
    .onConflict((conflict) => conflict.columns(['fingerprint', 'day']).doUpdateSet({ count: sql<number>`error_group_day.count + 1` }))
    .execute();
}

/** Takes one of the group's forwards this hour; false when they are used up. */
async function takeForward(db: Db, fingerprint: string, at: string, perHour: number): Promise<boolean> {
  const hour = at.slice(0, 13);
  const result = await db
    .updateTable('error_group')
    .set({ forwards: sql<number>`case when forward_hour = ${hour} then forwards + 1 else 1 end`, forward_hour: hour })
    .where('fingerprint', '=', fingerprint)
    .where((eb) => eb.or([eb('forward_hour', 'is', null), eb('forward_hour', '!=', hour), eb('forwards', '<', perHour)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Drops the group's samples between its first and its latest ones; reports with a `ref` and ones waiting to be sent stay. */
async function dropMiddleSamples(db: Db, fingerprint: string, bounds: ErrorReportBounds) {
  const samples = () => db.selectFrom('error_event').select('id').where('fingerprint', '=', fingerprint).where('ref', 'is', null);
  await db
    .deleteFrom('error_event')
    .where('fingerprint', '=', fingerprint)
    .where('ref', 'is', null)
    .where('forward_state', '!=', 'pending')
    .where('id', 'not in', samples().orderBy('id').limit(bounds.firstSamples))
    .where('id', 'not in', samples().orderBy('id', 'desc').limit(bounds.latestSamples))
    .execute();
}

/**
 * Records a report within `bounds`. A report of a new kind past the day's or the overall cap of groups counts to the
 * overflow group. Otherwise a row is to be written (a new group, or a sample of a known one): `spend`, when given,
 * says whether there is room for it (the site-wide budget for visitors' reports). Without room, a known group still
 * counts the report; a new group is refused.
 */
export async function recordErrorReport(db: Db, report: NewErrorReport, bounds: ErrorReportBounds, spend?: () => Promise<boolean>): Promise<RecordedReport> {
  const at = report.occurredAt;
  if (report.ref !== null && (await db.selectFrom('error_event').select('id').where('ref', '=', report.ref).executeTakeFirst())) return { outcome: 'known' };
  const known = await groupExists(db, report.fingerprint);
  if (!known && report.ref === null && !(await roomForNewGroup(db, at.slice(0, 10), bounds))) {
    await db.transaction().execute((trx) => countToGroup(trx, report.overflow.fingerprint, report.overflow.group, at));
    return { outcome: 'counted' };
  }
  if (spend && !(await spend())) {
    if (!known) return { outcome: 'refused' };
    await db.transaction().execute((trx) => countToGroup(trx, report.fingerprint, report.group, at));
    return { outcome: 'counted' };
  }
  try {
    return await db.transaction().execute(async (trx): Promise<RecordedReport> => {
      await countToGroup(trx, report.fingerprint, report.group, at);
      const forward = bounds.forwardsPerHour !== undefined && (await takeForward(trx, report.fingerprint, at, bounds.forwardsPerHour));
      const row = await trx
        .insertInto('error_event')
        .values({
          fingerprint: report.fingerprint,
          occurred_at: at,
          release: report.release,
          path: report.path,
          status: report.status,
          stack: report.stack,
          detail: report.detail ? JSON.stringify(report.detail) : null,
          ref: report.ref,
          code: report.coded?.code ?? null,
          code_params: report.coded ? JSON.stringify(report.coded.params) : null,
          forward_state: forward ? 'pending' : 'none',
          forward_after: null,
        })
        .onConflict((conflict) => conflict.column('ref').doNothing())
        .returning('id')
        .executeTakeFirst();
      // Another server stored the report of this `ref` since it was looked for: undone, counted once.
      if (!row) throw new AlreadyStored();
      if (report.ref === null) await dropMiddleSamples(trx, report.fingerprint, bounds);
      return { outcome: 'stored', id: row.id };
    });
  } catch (error) {
    if (error instanceof AlreadyStored) return { outcome: 'known' };
    throw error;
  }
}

/**
 * Groups with reports on the days after `sinceIso`'s (the dashboard's days: today and the ones before, UTC), with how
 * many on those days, open ones first, each part newest first; the newest sample's release, path, status and code. At most
 * `limit` groups; only the one of `fingerprint` when given.
 */
export async function errorGroupsSince(db: Db, sinceIso: string, { limit = 50, fingerprint }: { limit?: number; fingerprint?: string } = {}): Promise<ErrorGroup[]> {
  const groups = await db
    .selectFrom('error_group as g')
    .innerJoin('error_group_day as d', 'd.fingerprint', 'g.fingerprint')
    .where('d.day', '>', sinceIso.slice(0, 10))
    .$if(fingerprint !== undefined, (query) => query.where('g.fingerprint', '=', fingerprint!))
    .groupBy(['g.fingerprint', 'g.source', 'g.kind', 'g.area', 'g.message', 'g.place', 'g.first_seen', 'g.last_seen', 'g.resolved_at'])
    .select((eb) => [
      'g.fingerprint',
      'g.source',
      'g.kind',
      'g.area',
      'g.message',
      'g.place',
      'g.first_seen',
      'g.last_seen',
      'g.resolved_at',
      eb.fn.sum<number | string>('d.count').as('n'),
      // A group that only counted (an overflow group, or one whose samples aged out) has none: 0.
      eb.fn.coalesce(eb.selectFrom('error_event as e').whereRef('e.fingerprint', '=', 'g.fingerprint').select((inner) => inner.fn.max('e.id').as('id')), sql<number>`0`).as('newest'),
    ])
    .orderBy(sql`case when g.resolved_at is null then 0 else 1 end`)
    .orderBy('g.last_seen', 'desc')
    // Reports of one moment: the one stored last first.
    .orderBy('newest', 'desc')
    .limit(limit)
    .execute();
  if (!groups.length) return [];
  const newest = await db
    .selectFrom('error_event')
    .select(['id', 'release', 'path', 'status', 'code', 'code_params'])
    .where(
      'id',
      'in',
      groups.map((group) => Number(group.newest)),
    )
    .execute();
  const byId = new Map(newest.map((row) => [row.id, row]));
  return groups.map((group) => {
    const latest = byId.get(Number(group.newest));
    return {
      id: group.fingerprint,
      source: group.source,
      kind: group.kind,
      area: group.area,
      message: group.message,
      place: group.place,
      status: latest?.status ?? null,
      code: latest?.code ?? null,
      params: latest?.code_params ? (JSON.parse(latest.code_params) as ErrorCodeParams) : null,
      count: Number(group.n),
      first_seen: group.first_seen,
      last_seen: group.last_seen,
      release: latest?.release ?? '',
      path: latest?.path ?? '',
      resolved_at: group.resolved_at,
    };
  });
}

/** Marks a group resolved; resolves with whether it exists. */
export async function resolveErrorGroup(db: Db, fingerprint: string, at: string, by: number | null): Promise<boolean> {
  const result = await db.updateTable('error_group').set({ resolved_at: at, resolved_by: by }).where('fingerprint', '=', fingerprint).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Failed publish runs since `sinceIso` that no report names yet (`ref` `publish_run:<id>`), oldest first. */
export function unreportedFailedRuns(db: Db, sinceIso: string, limit = 20) {
  return db
    .selectFrom('publish_run as r')
    .leftJoin('error_event as e', (join) => join.on((eb) => eb('e.ref', '=', sql<string>`${sql.lit('publish_run:')} || cast(r.id as text)`)))
    .select(['r.id', 'r.trigger_title', 'r.error', 'r.started_at', 'r.finished_at'])
    .where('r.status', '=', 'failed')
    .where('r.started_at', '>=', sinceIso)
    .where('e.id', 'is', null)
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** A report waiting to be forwarded, with its group's message and place. */
export type DueForward = ErrorEventRow & Pick<ErrorGroupTable, 'source' | 'kind' | 'area' | 'message' | 'place'>;

/** Reports waiting to be forwarded whose time has come, oldest first. */
export function dueForwards(db: Db, atIso: string, limit: number): Promise<DueForward[]> {
  return db
    .selectFrom('error_event as e')
    .innerJoin('error_group as g', 'g.fingerprint', 'e.fingerprint')
    .selectAll('e')
    .select(['g.source', 'g.kind', 'g.area', 'g.message', 'g.place'])
    .where('e.forward_state', '=', 'pending')
    .where((eb) => eb.or([eb('e.forward_after', 'is', null), eb('e.forward_after', '<=', atIso)]))
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** Takes a report for sending until `until`, unless another server took or sent it since it was read. */
export async function claimForward(db: Db, row: Pick<ErrorEventRow, 'id' | 'forward_after' | 'forward_attempts'>, until: string): Promise<boolean> {
  const result = await db
    .updateTable('error_event')
    .set({ forward_after: until })
    .where('id', '=', row.id)
    .where('forward_state', '=', 'pending')
    .where('forward_attempts', '=', row.forward_attempts)
    .where((eb) => (row.forward_after === null ? eb('forward_after', 'is', null) : eb('forward_after', '=', row.forward_after)))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records how sending a report went: sent, failed for good, or pending again from `after`. */
export async function recordForward(db: Db, id: number, state: ForwardState, attempts: number, after: string | null): Promise<void> {
  await db.updateTable('error_event').set({ forward_state: state, forward_attempts: attempts, forward_after: after }).where('id', '=', id).execute();
}

/**
 * Deletes the samples older than `beforeIso`, the day counts before `countsFromDay` (the dashboard's days stay),
 * and the groups not seen since `beforeIso` with what is left of them; resolves with how many samples went.
 */
export async function pruneErrorReports(db: Db, beforeIso: string, countsFromDay: string): Promise<number> {
  const result = await db.deleteFrom('error_event').where('occurred_at', '<', beforeIso).executeTakeFirst();
  await db.deleteFrom('error_group_day').where('day', '<', countsFromDay).execute();
  const unseen = db.selectFrom('error_group').select('fingerprint').where('last_seen', '<', beforeIso);
  await db.deleteFrom('error_group_day').where('fingerprint', 'in', unseen).execute();
  await db.deleteFrom('error_event').where('fingerprint', 'in', unseen).execute();
  await db.deleteFrom('error_group').where('last_seen', '<', beforeIso).execute();
  return Number(result.numDeletedRows);
}

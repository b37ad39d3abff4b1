/**
 * Error reports (issue 20, ADR 057): a report is one `error_event` row in its `error_group`, written in one
 * transaction with the group's last-seen time; a new report of a group marked resolved opens it again. Reads for
 * the hub's dashboard, the forwarding queue (claimed row by row, so several servers never send one report twice)
 * and the pruning of reports past their retention. Callers scrub what they store (services/errors/).
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import type { ErrorEventRow, ErrorGroupTable, ForwardState } from '../tables/error-report.table';
import type { ErrorGroup } from '../../../../contract/error-reports';

export interface NewErrorReport {
  fingerprint: string;
  group: Pick<ErrorGroupTable, 'source' | 'kind' | 'area' | 'message' | 'place'>;
  occurredAt: string;
  release: string;
  path: string;
  status: number | null;
  stack: string | null;
  detail: Record<string, unknown> | null;
  ref: string | null;
  forward: 'none' | 'pending';
}

/**
 * Stores a report; resolves with its event id, or undefined when a report with the same `ref` exists already (a
 * failed publish run another server reported).
 */
export function insertErrorReport(db: Db, report: NewErrorReport): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    if (report.ref !== null) {
      const known = await trx.selectFrom('error_event').select('id').where('ref', '=', report.ref).executeTakeFirst();
      if (known) return undefined;
    }
    await trx
      .insertInto('error_group')
      .values({ fingerprint: report.fingerprint, ...report.group, first_seen: report.occurredAt, last_seen: report.occurredAt, resolved_at: null, resolved_by: null })
      .onConflict((conflict) =>
        conflict.column('fingerprint').doUpdateSet({
          // Reports may arrive out of order (a queued forward, a slow request): last_seen only moves forward.
          last_seen: sql<string>`case when error_group.last_seen < ${report.occurredAt} then ${report.occurredAt} else error_group.last_seen end`,
          resolved_at: null,
          resolved_by: null,
        }),
      )
      .execute();
    const row = await trx
      .insertInto('error_event')
      .values({
        fingerprint: report.fingerprint,
        occurred_at: report.occurredAt,
        release: report.release,
        path: report.path,
        status: report.status,
        stack: report.stack,
        detail: report.detail ? JSON.stringify(report.detail) : null,
        ref: report.ref,
        forward_state: report.forward,
        forward_after: null,
      })
      .onConflict((conflict) => conflict.column('ref').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  });
}

/** Reports of a group since `sinceIso` that were or are to be forwarded: the group's share of the service's rate. */
export async function forwardedSince(db: Db, fingerprint: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('error_event')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('fingerprint', '=', fingerprint)
    .where('occurred_at', '>=', sinceIso)
    .where('forward_state', '!=', 'none')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Groups with reports since `sinceIso`, with how many, open ones first, each part newest first; the newest
 * report's release, path and status. At most `limit` groups; only the one of `fingerprint` when given.
 */
export async function errorGroupsSince(db: Db, sinceIso: string, { limit = 50, fingerprint }: { limit?: number; fingerprint?: string } = {}): Promise<ErrorGroup[]> {
  const groups = await db
    .selectFrom('error_group as g')
    .innerJoin('error_event as e', 'e.fingerprint', 'g.fingerprint')
    .where('e.occurred_at', '>=', sinceIso)
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
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max('e.id').as('newest'),
    ])
    .orderBy(sql`case when g.resolved_at is null then 0 else 1 end`)
    .orderBy('g.last_seen', 'desc')
    // Reports of one moment: the one stored last first.
    .orderBy(sql`max(e.id)`, 'desc')
    .limit(limit)
    .execute();
  if (!groups.length) return [];
  const newest = await db
    .selectFrom('error_event')
    .select(['id', 'release', 'path', 'status'])
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

/** Deletes reports older than `beforeIso`, then the groups left without one. */
export async function pruneErrorReports(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('error_event').where('occurred_at', '<', beforeIso).executeTakeFirst();
  await db
    .deleteFrom('error_group')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('error_event').select('id').whereRef('error_event.fingerprint', '=', 'error_group.fingerprint'))))
    .execute();
  return Number(result.numDeletedRows);
}

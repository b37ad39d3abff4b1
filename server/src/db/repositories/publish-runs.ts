import type { Db } from '../database';
import type { DeployState, PublishRunRow, PublishRunStatus } from '../tables/publish-run.table';
import { addPublishRequest, waitingPublishRequests, type WaitingRequests } from './publish-requests';

/** The error of a run its server stopped during (closed, or found cut off after a crash). */
export const interruptedError = 'Interrupted: the server stopped during this run.';

/** Records a run as it starts (status building). */
export async function insertPublishRun(
  db: Db,
  run: { trigger_title: string; trigger_saves?: string | null; from_cursor: string | null; to_cursor: string; started_at: string; retry_of?: number | null },
): Promise<PublishRunRow> {
  return db
    .insertInto('publish_run')
    .values({ ...run, status: 'building' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Records how a run ended, unless something else ended it first: Netlify's notification of the deploy may
 * arrive before the build hook's answer is recorded (ADR 023). Resolves with the stored row, or undefined then.
 */
export async function finishPublishRun(
  db: Db,
  id: number,
  outcome: { status: Exclude<PublishRunStatus, 'building'>; finished_at: string; duration_ms: number; pages_rewritten: number | null; error: string | null },
): Promise<PublishRunRow | undefined> {
  return db.updateTable('publish_run').set(outcome).where('id', '=', id).where('status', '=', 'building').returningAll().executeTakeFirst();
}

/** What one of Netlify's deploy notifications says about a run (services/publish/netlify-deploys.ts). */
export interface DeployReport {
  runId: number;
  state: DeployState;
  deployId: string | null;
  deployUrl: string | null;
  /** Netlify's error_message, for `error`. */
  error: string | null;
  at: string;
}

/** Runs Netlify may still report on: the hook is being called, or it accepted the run. */
const awaitingDeploy: PublishRunStatus[] = ['building', 'triggered'];

/**
 * Applies a deploy notification to its run; resolves with whether anything changed. Only runs still awaiting
 * their deploy move, so repeats change nothing and a late `building` never takes a live or failed run back:
 * building marks the deploy under way (the run stays triggered, which failInterruptedPublishRuns leaves alone);
 * ready makes the run live, and every older triggered run with it, since a deploy builds the latest content;
 * error fails the run with Netlify's message.
 */
export function recordDeployReport(db: Db, report: DeployReport): Promise<boolean> {
  // Not content: no change-log entry and no content write lock, just the run and (for ready) the older runs.
  return db.transaction().execute(async (trx) => {
    const run = await trx.selectFrom('publish_run').select(['id', 'started_at']).where('id', '=', report.runId).where('status', 'in', awaitingDeploy).executeTakeFirst();
    if (!run) return false;
    const deploy = { deploy_id: report.deployId, deploy_state: report.state };
    // The status condition again, so of two notifications arriving together only one moves the run.
    const update = trx.updateTable('publish_run').where('id', '=', run.id).where('status', 'in', awaitingDeploy);
    const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;
    if (report.state === 'building') return changed(await update.set(deploy).where('deploy_state', 'is', null).executeTakeFirst());
    // Edit to live (or to failure): from the run's start to Netlify's word.
    const ended = { finished_at: report.at, duration_ms: Math.max(0, Date.parse(report.at) - Date.parse(run.started_at)) };
    if (report.state === 'error') {
      return changed(await update.set({ ...deploy, ...ended, status: 'failed', error: report.error ?? 'Netlify reported the deploy as failed.' }).executeTakeFirst());
    }
    if (!changed(await update.set({ ...deploy, ...ended, status: 'live', deploy_url: report.deployUrl, error: null }).executeTakeFirst())) return false;
    await trx.updateTable('publish_run').set({ status: 'live', finished_at: report.at }).where('id', '<', run.id).where('status', '=', 'triggered').execute();
    return true;
  });
}

/**
 * What a deploy of run `runId` puts live, as change-log cursors: up to the run's to-cursor, from the to-cursor of
 * the newest live run before it (what was live until now; a triggered run whose deploy failed went live with none),
 * else the run's own from-cursor. Read before recordDeployReport makes older triggered runs live. Undefined: no
 * such run.
 */
export async function deployedRange(db: Db, runId: number): Promise<{ fromCursor: string | null; toCursor: string } | undefined> {
  const run = await db.selectFrom('publish_run').select(['from_cursor', 'to_cursor']).where('id', '=', runId).executeTakeFirst();
  if (!run) return undefined;
  const previous = await db
    .selectFrom('publish_run')
    .select('to_cursor')
    .where('status', '=', 'live')
    .where('id', '<', runId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { fromCursor: previous?.to_cursor ?? run.from_cursor, toCursor: run.to_cursor };
}

/** The newest run with one of these statuses, or undefined. */
export function lastPublishRun(db: Db, statuses: PublishRunStatus[]): Promise<PublishRunRow | undefined> {
  return db.selectFrom('publish_run').selectAll().where('status', 'in', statuses).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The oldest run still recorded as building, or undefined: the one that has waited longest for its end. */
export function oldestBuildingRun(db: Db): Promise<PublishRunRow | undefined> {
  return db.selectFrom('publish_run').selectAll().where('status', '=', 'building').orderBy('id', 'asc').limit(1).executeTakeFirst();
}

/**
 * Marks runs still recorded as building as failed (all of them, or only run `id`): their server stopped during
 * them, so nothing builds them any more. Each one's saves are written back as a waiting request that retries it
 * (`retry_of`, ADR 067), so they are published after all and the status says so, unless the run itself was such a
 * retry: a build that stops its server every time is retried once, not forever. One transaction, so the run is
 * never failed without its retry waiting; it writes first (SQLite's write lock before any read). Resolves with the
 * number of runs marked.
 */
export function failInterruptedPublishRuns(db: Db, at: string, id?: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let update = trx.updateTable('publish_run').set({ status: 'failed', finished_at: at, error: interruptedError }).where('status', '=', 'building');
    if (id !== undefined) update = update.where('id', '=', id);
    const runs = await update.returningAll().execute();
    for (const run of runs.sort((a, b) => a.id - b.id)) {
      await trx.updateTable('publish_run').set({ duration_ms: Math.max(0, Date.parse(at) - Date.parse(run.started_at)) }).where('id', '=', run.id).execute();
      if (run.retry_of === null) await addPublishRequest(trx, { title: run.trigger_title, save: newestSaveOf(run.trigger_saves), requested_at: at, retry_of: run.id });
    }
    return runs.length;
  });
}

/** The newest save of a run's `trigger_saves` (`{ newest, earlier }`), as a request's `save`; null when none. */
function newestSaveOf(triggerSaves: string | null): string | null {
  if (!triggerSaves) return null;
  try {
    const { newest } = JSON.parse(triggerSaves) as { newest?: unknown };
    return newest === undefined ? null : JSON.stringify(newest);
  } catch {
    return null;
  }
}

/** The publish queue's rows at one moment, for the status call. */
export interface PublishSnapshot {
  running: PublishRunRow | undefined;
  /** The newest finished run: live, failed or triggered. */
  last: PublishRunRow | undefined;
  live: PublishRunRow | undefined;
  waiting: WaitingRequests;
}

/**
 * The running run, the last finished and the last live one, and the waiting requests, read in one transaction
 * (PostgreSQL: one snapshot, repeatable read; SQLite: a read transaction is one). Read one by one, a status could
 * fall between a run's end and its retry being written, or between the requests being taken and their run
 * recorded, and say "failed" or "idle" while saves are on their way (ADR 067).
 */
export function readPublishSnapshot(db: Db): Promise<PublishSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      running: await lastPublishRun(trx, ['building']),
      last: await lastPublishRun(trx, ['live', 'failed', 'triggered']),
      live: await lastPublishRun(trx, ['live']),
      waiting: await waitingPublishRequests(trx),
    }));
}

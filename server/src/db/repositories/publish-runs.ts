import type { Db } from '../database';
import type { DeployState, PublishRunRow, PublishRunStatus } from '../tables/publish-run.table';

/** Records a run as it starts (status building). */
export async function insertPublishRun(
  db: Db,
  run: { trigger_title: string; trigger_saves?: string | null; from_cursor: string | null; to_cursor: string; started_at: string },
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

/**
 * Marks runs still recorded as building as failed: a server that starts has no build running, so such a run was
 * cut off when the previous process stopped. Resolves with the number of runs marked.
 */
export async function failInterruptedPublishRuns(db: Db, at: string): Promise<number> {
  const result = await db
    .updateTable('publish_run')
    .set({ status: 'failed', finished_at: at, error: 'Interrupted: the server stopped during this run.' })
    .where('status', '=', 'building')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

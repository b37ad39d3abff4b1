import type { Db } from '../database';
import type { PublishRunRow, PublishRunStatus } from '../tables/publish-run.table';

/** Records a run as it starts (status building). */
export async function insertPublishRun(
  db: Db,
  run: { trigger_title: string; from_cursor: string | null; to_cursor: string; started_at: string },
): Promise<PublishRunRow> {
  return db
    .insertInto('publish_run')
    .values({ ...run, status: 'building' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records how a run ended. */
export async function finishPublishRun(
  db: Db,
  id: number,
  outcome: { status: Exclude<PublishRunStatus, 'building'>; finished_at: string; duration_ms: number; pages_rewritten: number | null; error: string | null },
): Promise<PublishRunRow> {
  return db.updateTable('publish_run').set(outcome).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
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

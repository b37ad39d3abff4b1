/**
 * The record of backups (ADR 081): each backup the server's schedule or `npm run backup` took or tried, for the
 * schedule's next due time and the hub dashboard's backup card. Rows beyond the newest KEPT_BACKUP_RUNS (by when they
 * started) are pruned as each new one is recorded; the archives themselves are the retention's (backup/retention.ts).
 */
import type { Db } from '../database';
import type { BackupRunRow, BackupRunStatus, BackupTrigger } from '../tables/backup-run.table';

/** Rows kept: months of daily backups, and enough hourly ones to see a pattern of failures. */
export const KEPT_BACKUP_RUNS = 200;

export interface BackupRun {
  id: number;
  startedAt: string;
  finishedAt: string;
  status: BackupRunStatus;
  trigger: BackupTrigger;
  /** The archive's base name; '' when it failed. */
  file: string;
  /** 0 when it failed. */
  bytes: number;
  anonymised: boolean;
  /** One short line; '' when it was taken. */
  error: string;
}

export type NewBackupRun = Omit<BackupRun, 'id'>;

const runOf = (row: BackupRunRow): BackupRun => ({
  id: row.id,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  status: row.status,
  trigger: row.trigger,
  file: row.file,
  bytes: Number(row.bytes),
  anonymised: row.anonymised === 1,
  error: row.error,
});

/**
 * Records a backup once it has ended, then prunes the rows beyond the newest KEPT_BACKUP_RUNS. A taken one must name
 * its file and no error, a failed one an error and no file (the table's meaning of '' and 0).
 */
export async function recordBackupRun(db: Db, run: NewBackupRun): Promise<BackupRun> {
  const failed = run.status === 'failed';
  const row = await db
    .insertInto('backup_run')
    .values({
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      status: run.status,
      trigger: run.trigger,
      file: failed ? '' : run.file,
      bytes: failed ? 0 : run.bytes,
      anonymised: run.anonymised ? 1 : 0,
      error: failed ? run.error || 'The backup failed.' : '',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // By when they started, as the newest are read: usually one row beyond, never many (each record prunes).
  const beyond = await db.selectFrom('backup_run').select('id').orderBy('started_at', 'desc').orderBy('id', 'desc').offset(KEPT_BACKUP_RUNS).limit(1000).execute();
  if (beyond.length) await db.deleteFrom('backup_run').where('id', 'in', beyond.map((old) => old.id)).execute();
  return runOf(row);
}

export interface LatestBackupRuns {
  /** The newest backup that was taken, by its start; undefined when none was. */
  lastDone?: BackupRun;
  /** The newest backup taken or tried. */
  last?: BackupRun;
}

/** The newest successful backup and the newest of all, by when they started. */
export async function latestBackupRuns(db: Db): Promise<LatestBackupRuns> {
  const newest = (status?: BackupRunStatus) => {
    let query = db.selectFrom('backup_run').selectAll();
    if (status) query = query.where('status', '=', status);
    return query.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  };
  const [done, last] = await Promise.all([newest('done'), newest()]);
  return { ...(done ? { lastDone: runOf(done) } : {}), ...(last ? { last: runOf(last) } : {}) };
}

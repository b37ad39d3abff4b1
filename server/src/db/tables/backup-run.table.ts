import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A 64-bit count: PostgreSQL answers it as text, so readers convert it with Number(). */
type Bytes = ColumnType<number | string, number, number>;

export const backupRunStatuses = ['done', 'failed'] as const;
export type BackupRunStatus = (typeof backupRunStatuses)[number];
/** Who took it: the server's own schedule (backup/schedule.ts) or `npm run backup` (by hand or from a timer). */
export const backupTriggers = ['schedule', 'command'] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

/**
 * One backup taken or tried (ADR 081), for the dashboard's backup card: when, by whom, how it went. The archive
 * itself is a file in BACKUP_DIR; a row outlives it (retention deletes files, the repository prunes rows). Not
 * content: never synced or logged.
 */
export interface BackupRunTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string;
  status: BackupRunStatus;
  trigger: BackupTrigger;
  /** The archive's base name (no folder); '' when the backup failed. */
  file: string;
  /** The archive's size; 0 when the backup failed. */
  bytes: Bytes;
  /** 1 when the archive holds an anonymised copy (personal data replaced), else 0. */
  anonymised: number;
  /** Why it failed, one short line without stack or paths; '' when it was taken. */
  error: string;
}
export type BackupRunRow = Selectable<BackupRunTable>;
export type NewBackupRunRow = Insertable<BackupRunTable>;

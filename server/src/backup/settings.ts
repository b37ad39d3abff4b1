/**
 * The backup settings of a configuration (ADR 081), with the defaults for what it leaves out: archives in
 * DATA_DIR/backups, no schedule of the server's own (a timer running `npm run backup` is the other way), 14 scheduled
 * archives kept, and the dashboard's warning once the newest successful backup is older than 48 hours or twice the
 * interval, whichever is longer.
 */
import path from 'node:path';
import type { Config } from '../config';

export const DEFAULT_BACKUP_KEEP = 14;
export const DEFAULT_BACKUP_WARN_AFTER_HOURS = 48;

export interface BackupSettings {
  dir: string;
  /** Hours between the server's own backups; 0: it takes none. */
  intervalHours: number;
  /** Regular archives kept in `dir` (backup/retention.ts); older ones are deleted after each backup. */
  keep: number;
  warnAfterHours: number;
}

export function backupSettingsOf(config: Pick<Config, 'dataDir' | 'backup'>): BackupSettings {
  const intervalHours = config.backup?.intervalHours ?? 0;
  return {
    dir: config.backup?.dir ?? path.join(config.dataDir, 'backups'),
    intervalHours,
    keep: config.backup?.keep ?? DEFAULT_BACKUP_KEEP,
    warnAfterHours: config.backup?.warnAfterHours ?? Math.max(DEFAULT_BACKUP_WARN_AFTER_HOURS, 2 * intervalHours),
  };
}

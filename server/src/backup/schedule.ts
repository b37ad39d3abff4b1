/**
 * The server's own backup schedule (ADR 081), for a server with BACKUP_INTERVAL_HOURS set; without it the server
 * takes none, and a timer running `npm run backup` is the other way. Every BACKUP_CHECK_MS the schedule looks at the
 * newest successful backup in `backup_run`; once it is BACKUP_INTERVAL_HOURS old (or there is none), it takes a
 * backup into BACKUP_DIR under the regular name (backup/retention.ts), records it, done or failed, and prunes the
 * archives beyond BACKUP_KEEP. The first look comes one check period after the app is ready, never during its start.
 *
 * Like the publish queue (ADR 051), the work is held under a named lease (db/repositories/leases.ts), so of several
 * servers on one database only one takes each backup: the one that gets the lease looks again whether a backup is
 * still due before it takes one, renews the lease while it works and gives it up after. A failed backup is logged,
 * recorded with its message and reported like the server's other failures (services/errors, ADR 057); the next look
 * tries again, one check period later, never in a loop.
 *
 * The time is the system clock's (`Date`), as for the publish queue's lease; the app's `now` is the programme's
 * "today", which tests fix. The looks run on `setInterval`, so the test clock (test/clock.ts, `intervals`) drives
 * them.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { latestBackupRuns, recordBackupRun, type BackupRun } from '../db/repositories/backup-runs';
import { releaseLease, takeLease } from '../db/repositories/leases';
import type { ErrorReporter } from '../services/errors/error-reporter';
import { backupFileName, pruneBackups } from './retention';
import { backupSettingsOf, type BackupSettings } from './settings';

/**
 * Takes one backup into `file` (a full path in BACKUP_DIR, named by backup/retention.ts `backupFileName`) and
 * resolves with the archive's size; backup/backup.ts `takeBackup` with the server's configuration.
 */
export type TakeBackup = (file: string) => Promise<{ bytes: number }>;

/** How often the schedule looks whether a backup is due: a cheap read, and how late a due backup may start. */
export const BACKUP_CHECK_MS = 5 * 60 * 1000;
/** The lease a backup is taken under, across the servers on one database. */
export const backupLease = 'backup';
/** How long the lease lasts unless renewed (every third of it while a backup runs); a dead holder's runs out. */
const LEASE_MS = 10 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** The longest error message recorded. */
const MAX_ERROR_CHARS = 300;

/**
 * A failure as one short plain line for the record and the dashboard: the error's first line, folders left out
 * (an archive keeps its base name), at most MAX_ERROR_CHARS characters.
 */
export function backupErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split('\n').find((text) => text.trim() !== '') ?? '').trim();
  // `/srv/backups/konzertfreunde-….tar.gz` → `konzertfreunde-….tar.gz`; also Windows paths, `file://` addresses and
  // relative paths in quotes (Node's file errors quote the path: `open 'var/backups/…'`).
  const lastSegment = (found: string) => found.split(/[\\/]+/).filter(Boolean).pop() ?? found;
  const plain = line
    .replace(/'([^'\n]*[\\/][^'\n]*)'/g, (_quoted, inner: string) => `'${lastSegment(inner)}'`)
    .replace(/(?<=^|[\s"`(=])(?:file:\/\/)?(?:[A-Za-z]:)?(?:[\\/][^\s\\/'"`,;:()[\]]+)+[\\/]?/g, lastSegment);
  const text = plain || 'The backup failed.';
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}

export interface BackupScheduleOptions {
  db: Db;
  settings: BackupSettings;
  take: TakeBackup;
  /** Where a failed backup is reported; app.errorReports. */
  reporter?: Pick<ErrorReporter, 'backupFailure'>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The look's period; default BACKUP_CHECK_MS. */
  checkMs?: number;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class BackupSchedule {
  /** This process's name on the lease. */
  readonly holder = `backup-${randomUUID()}`;
  private readonly db: Db;
  private readonly settings: BackupSettings;
  private readonly take: TakeBackup;
  private readonly reporter?: Pick<ErrorReporter, 'backupFailure'>;
  private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  private readonly checkMs: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<BackupRun | undefined>;
  private closed = false;

  constructor({ db, settings, take, reporter, log = silent, checkMs = BACKUP_CHECK_MS }: BackupScheduleOptions) {
    if (settings.intervalHours <= 0) throw new Error('A backup schedule needs BACKUP_INTERVAL_HOURS of 1 or more.');
    this.db = db;
    this.settings = settings;
    this.take = take;
    this.reporter = reporter;
    this.log = log;
    this.checkMs = checkMs;
  }

  /** Looks every check period until closed. */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.tick(), this.checkMs);
    this.timer.unref();
  }

  /** Stops looking and waits for a backup in progress to be recorded. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * One look: when a backup is due and this process gets the lease, takes it, records it and prunes. Resolves with
   * the recorded run (done or failed), or undefined when none was due, another server has it, or the look failed
   * (logged). A look while one runs joins it.
   */
  tick(): Promise<BackupRun | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    this.running ??= this.look()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'backup schedule: the look for a due backup failed');
        return undefined;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** The look in progress, if any (tests wait for it after moving the clock on). */
  settled(): Promise<unknown> {
    return this.running ?? Promise.resolve();
  }

  /**
   * Whether the newest successful backup started an interval ago, give or take half a check period (so a
   * schedule of whole hours does not slip by a check period each time it starts a few milliseconds late).
   */
  private async due(): Promise<boolean> {
    const { lastDone } = await latestBackupRuns(this.db);
    if (!lastDone) return true;
    return Date.parse(lastDone.startedAt) + this.settings.intervalHours * HOUR - this.checkMs / 2 <= Date.now();
  }

  private async look(): Promise<BackupRun | undefined> {
    if (!(await this.due())) return undefined;
    if (!(await takeLease(this.db, backupLease, this.holder, LEASE_MS, Date.now()))) return undefined;
    const renew = setInterval(() => {
      takeLease(this.db, backupLease, this.holder, LEASE_MS, Date.now()).then(
        (held) => held || this.log.error({ holder: this.holder }, 'backup lease lost to another server while backing up'),
        (error: unknown) => this.log.error({ err: error }, 'backup lease could not be renewed'),
      );
    }, LEASE_MS / 3);
    renew.unref();
    try {
      // Another server may have taken one between the first look and the lease.
      if (this.closed || !(await this.due())) return undefined;
      return await this.backUp();
    } finally {
      clearInterval(renew);
      await releaseLease(this.db, backupLease, this.holder).catch((error: unknown) => this.log.error({ err: error }, 'backup lease could not be released'));
    }
  }

  private async backUp(): Promise<BackupRun> {
    const { dir, keep } = this.settings;
    const started = new Date();
    const file = backupFileName(started, false);
    let run: BackupRun;
    try {
      await fs.mkdir(dir, { recursive: true });
      const { bytes } = await this.take(path.join(dir, file));
      run = await recordBackupRun(this.db, {
        startedAt: started.toISOString(),
        finishedAt: new Date().toISOString(),
        status: 'done',
        trigger: 'schedule',
        file,
        bytes,
        anonymised: false,
        error: '',
      });
      this.log.info({ file, bytes, ms: Date.now() - started.getTime() }, 'backup taken');
    } catch (error) {
      this.log.error({ err: error, file }, 'backup failed; the next look tries again');
      run = await recordBackupRun(this.db, {
        startedAt: started.toISOString(),
        finishedAt: new Date().toISOString(),
        status: 'failed',
        trigger: 'schedule',
        file: '',
        bytes: 0,
        anonymised: false,
        error: backupErrorText(error),
      });
      await this.reporter?.backupFailure(run);
    }
    try {
      const deleted = await pruneBackups(dir, keep);
      if (deleted.length) this.log.info({ deleted }, 'old backups deleted');
    } catch (error) {
      this.log.error({ err: error }, 'old backups could not be deleted');
    }
    return run;
  }
}

/**
 * Starts the schedule with the app and stops it when the app closes; undefined (nothing started) when
 * BACKUP_INTERVAL_HOURS is unset or 0.
 */
export function startBackupSchedule(
  app: FastifyInstance,
  { db, config, take, checkMs }: { db: Db; config: Config; take: TakeBackup; checkMs?: number },
): BackupSchedule | undefined {
  const settings = backupSettingsOf(config);
  if (settings.intervalHours <= 0) return undefined;
  const schedule = new BackupSchedule({ db, settings, take, reporter: app.errorReports, log: app.log, checkMs });
  app.addHook('onReady', async () => {
    schedule.start();
    app.log.info({ dir: settings.dir, everyHours: settings.intervalHours, keep: settings.keep }, 'backup schedule started');
  });
  app.addHook('onClose', async () => schedule.close());
  return schedule;
}

/**
 * The server's backup schedule (ADR 081) on a real test context and database, driven by the test clock: the archive
 * is written by a `take` that writes a real file, as backup/backup.ts would; the record, the retention, the error
 * report and the lease are the real ones. Two apps on one database take one backup per interval between them.
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { buildApp, registerBackupSchedule, type App } from '../app';
import { createDatabase } from '../db/create-database';
import type { Db } from '../db/database';
import type { BackupRunRow } from '../db/tables/backup-run.table';
import { useTestClock, type TestClock } from '../test/clock';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, testNow, type TestContext } from '../test/test-context';
import { backupFileName } from './retention';
import { backupErrorText, type BackupSchedule, type TakeBackup } from './schedule';

const HOUR = 60 * 60 * 1000;
/** The tests' check period: one look a minute. */
const checkMs = 60_000;
const intervalHours = 6;

/** A `take` that writes `bytes` bytes into the path it is given, as a real archive would be, and notes the call. */
function writer(bytes: number, calls: string[], name = 'A'): TakeBackup {
  return async (file) => {
    calls.push(`${name} ${path.basename(file)}`);
    await fs.writeFile(file, Buffer.alloc(bytes, 7));
    return { bytes };
  };
}

const runs = (db: Db): Promise<BackupRunRow[]> => db.selectFrom('backup_run').selectAll().orderBy('id').execute();

describeEachDialect('the backup schedule', (dialect) => {
  let clock: TestClock;
  let ctx: TestContext;
  let schedule: BackupSchedule;
  let take: TakeBackup;
  const calls: string[] = [];
  let backupDir: string;

  /** Moves the clock on by one check period, firing one look, and waits for it to end. */
  const look = async (target = () => schedule) => {
    await clock.tick(checkMs);
    await target().settled();
  };

  beforeEach(async () => {
    calls.length = 0;
    take = writer(4096, calls);
    // Before the app: its schedule's interval must run on the test clock.
    clock = useTestClock(testNow.getTime(), { intervals: true });
    ctx = await createTestContext(dialect, {
      seed: false,
      config: { backup: { intervalHours, keep: 2 } },
      register: (app) => {
        // Through the indirection, so a test can change what the next backup does.
        schedule = registerBackupSchedule(app, (file) => take(file), { checkMs })!;
      },
    });
    backupDir = path.join(ctx.dataDir, 'backups');
  });

  afterEach(async () => {
    await ctx?.close();
    clock.restore();
  });

  it('takes a backup once one is due, records it and keeps only the newest archives; then waits for the interval', async () => {
    // Three older archives from earlier days, a staging copy and a file of someone's own.
    await fs.mkdir(backupDir, { recursive: true });
    const older = [3, 2, 1].map((days) => backupFileName(new Date(testNow.getTime() - days * 24 * HOUR), false));
    const staging = backupFileName(new Date(testNow.getTime() - 24 * HOUR), true);
    for (const name of [...older, staging, 'README.txt']) await fs.writeFile(path.join(backupDir, name), 'old');

    // Nothing happens while the app starts: the first look is one check period after it is ready.
    expect(calls).toEqual([]);
    await look();
    const first = backupFileName(new Date(testNow.getTime() + checkMs), false);
    expect(calls).toEqual([`A ${first}`]);
    const [run] = await runs(ctx.db);
    expect(run).toMatchObject({ status: 'done', trigger: 'schedule', file: first, anonymised: 0, error: '' });
    expect(Number(run.bytes)).toBe(4096);
    expect(run.started_at).toBe(new Date(testNow.getTime() + checkMs).toISOString());
    expect((await fs.stat(path.join(backupDir, first))).size).toBe(4096);
    // BACKUP_KEEP 2: the new one and the newest older one; the staging copy and the foreign file stay.
    expect((await fs.readdir(backupDir)).sort()).toEqual([older[2], first, staging, 'README.txt'].sort());

    // Looks within the interval take nothing.
    for (let minute = 0; minute < 5; minute += 1) await look();
    clock.advance(intervalHours * HOUR - 7 * checkMs);
    await look();
    expect(calls).toHaveLength(1);
    // The look an interval after the first backup takes the next.
    await look();
    expect(calls).toHaveLength(2);
    const second = backupFileName(new Date(testNow.getTime() + checkMs + intervalHours * HOUR), false);
    expect(calls[1]).toBe(`A ${second}`);
    expect((await runs(ctx.db)).map((row) => [row.status, row.file])).toEqual([
      ['done', first],
      ['done', second],
    ]);
    expect((await fs.readdir(backupDir)).sort()).toEqual([first, second, staging, 'README.txt'].sort());
  });

  it('records a failed backup with a plain message, reports it, and tries again at the next look, not before', async () => {
    let failures = 1;
    take = async (file) => {
      calls.push(path.basename(file));
      if (failures-- > 0) {
        // Written half, as a backup that runs out of space would leave it.
        await fs.writeFile(`${file}.partial`, 'half');
        throw new Error(`ENOSPC: no space left on device, write '${file}.partial'\n    at write (node:fs:1:1)`);
      }
      await fs.writeFile(file, Buffer.alloc(1000, 1));
      return { bytes: 1000 };
    };

    await look();
    expect(calls).toHaveLength(1);
    const [failed] = await runs(ctx.db);
    const name = backupFileName(new Date(testNow.getTime() + checkMs), false);
    expect(failed).toMatchObject({ status: 'failed', trigger: 'schedule', file: '', error: `ENOSPC: no space left on device, write '${name}.partial'` });
    expect(Number(failed.bytes)).toBe(0);
    expect(failed.error).not.toContain(ctx.dataDir);
    // Reported like the server's other failures, with the code the hub words (ADR 079).
    const groups = await ctx.db.selectFrom('error_group').selectAll().execute();
    expect(groups).toEqual([expect.objectContaining({ source: 'server', kind: 'backup', area: 'server', place: 'backup' })]);
    expect(groups[0].message).toContain('ENOSPC');
    const events = await ctx.db.selectFrom('error_event').select(['code', 'code_params', 'path']).execute();
    expect(events).toEqual([{ code: 'backup_failed', code_params: JSON.stringify({ run: failed.id }), path: `backup run ${failed.id}` }]);

    // The next look, a check period on, tries again and succeeds.
    await look();
    expect(calls).toHaveLength(2);
    expect((await runs(ctx.db)).map((row) => row.status)).toEqual(['failed', 'done']);
    // The partial archive stays until it is a day old (a backup might still be writing it).
    expect(existsSync(path.join(backupDir, `${name}.partial`))).toBe(true);
    await look();
    expect(calls).toHaveLength(2);
  });

  it('waits for the interval since the newest successful backup, also one taken before the server started', async () => {
    // A backup `npm run backup` took two hours ago.
    await ctx.db
      .insertInto('backup_run')
      .values({
        started_at: new Date(testNow.getTime() - 2 * HOUR).toISOString(),
        finished_at: new Date(testNow.getTime() - 2 * HOUR + 60_000).toISOString(),
        status: 'done',
        trigger: 'command',
        file: backupFileName(new Date(testNow.getTime() - 2 * HOUR), false),
        bytes: 10,
        anonymised: 0,
        error: '',
      })
      .execute();
    await look();
    clock.advance((intervalHours - 2) * HOUR - 3 * checkMs);
    await look();
    expect(calls).toEqual([]);
    clock.advance(checkMs);
    await look();
    expect(calls).toHaveLength(1);
  });
});

describeEachDialect('two servers on one database', (dialect) => {
  let clock: TestClock;
  let ctx: TestContext;
  let other: App;
  let otherDb: Db | undefined;
  const calls: string[] = [];
  const schedules: BackupSchedule[] = [];

  beforeAll(async () => {
    clock = useTestClock(testNow.getTime(), { intervals: true });
    ctx = await createTestContext(dialect, {
      seed: false,
      config: { backup: { intervalHours, keep: 10 } },
      register: (app) => void schedules.push(registerBackupSchedule(app, writer(100, calls, 'A'), { checkMs })!),
    });
    // A second server: on PostgreSQL with a connection pool of its own, as another process would have; on SQLite the
    // same handle (test/two-servers.test.ts says why).
    otherDb = dialect === 'postgres' ? createDatabase({ database: ctx.config.database }) : undefined;
    other = buildApp({ config: ctx.config, db: otherDb ?? ctx.db, logger: false, now: () => testNow, mailIntervalMs: 0 });
    schedules.push(registerBackupSchedule(other, writer(100, calls, 'B'), { checkMs })!);
    await other.ready();
  });

  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
    await ctx?.close();
    clock.restore();
  });

  it('takes exactly one backup per interval between them', async () => {
    const lookBoth = async () => {
      await clock.tick(checkMs);
      await Promise.all(schedules.map((schedule) => schedule.settled()));
    };
    for (let interval = 0; interval < 3; interval += 1) {
      await lookBoth();
      expect(calls).toHaveLength(interval + 1);
      // The rest of the interval, a few looks of it: nothing more.
      for (let minute = 0; minute < 3; minute += 1) await lookBoth();
      clock.advance(intervalHours * HOUR - 5 * checkMs);
      await lookBoth();
      expect(calls).toHaveLength(interval + 1);
    }
    const recorded = await runs(ctx.db);
    expect(recorded.map((row) => row.status)).toEqual(['done', 'done', 'done']);
    expect(new Set(recorded.map((row) => row.file)).size).toBe(3);
    expect((await fs.readdir(path.join(ctx.dataDir, 'backups'))).sort()).toEqual(recorded.map((row) => row.file).sort());
    // Nobody holds the lease between backups.
    expect(await ctx.db.selectFrom('lease').selectAll().where('name', '=', 'backup').execute()).toEqual([]);
  });
});

describe('backupErrorText', () => {
  it('keeps one plain line and leaves folders out, the base name in', () => {
    expect(backupErrorText(new Error("EACCES: permission denied, open '/srv/kf/backups/konzertfreunde-2026-12-11T03-00-00Z.tar.gz.partial'\n    at open"))).toBe(
      "EACCES: permission denied, open 'konzertfreunde-2026-12-11T03-00-00Z.tar.gz.partial'",
    );
    expect(backupErrorText(new Error("ENOENT: no such file or directory, mkdir 'var/backups/x'"))).toBe("ENOENT: no such file or directory, mkdir 'x'");
    expect(backupErrorText(new Error('tar exited with 2 writing /mnt/disk/konzertfreunde.tar.gz (n/a)'))).toBe('tar exited with 2 writing konzertfreunde.tar.gz (n/a)');
    expect(backupErrorText(new Error(''))).toBe('The backup failed.');
    expect(backupErrorText('x'.repeat(400))).toHaveLength(300);
  });
});

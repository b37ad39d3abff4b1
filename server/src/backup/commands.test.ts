/**
 * `npm run backup` and `npm run restore` as a volunteer runs them: the real command line in a process of its own,
 * configured by the environment, on a seeded SQLite site in a temp folder (ADR 081, docs/operations.md).
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { createDatabase } from '../db/create-database';
import { latestBackupRuns } from '../db/repositories/backup-runs';
import { verifyPassword } from '../db/rules/passwords';
import { createTestContext, type TestContext } from '../test/test-context';
import { sqliteFile } from '../test/test-templates';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

interface Ran {
  code: number;
  out: string;
}

/** Runs `tsx server/src/cli.ts <args>` with the given settings (and nothing of the checkout's .env). */
async function cli(args: string[], env: Record<string, string>): Promise<Ran> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['server/src/cli.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? os.tmpdir(), LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

let temp: string;
let context: TestContext;
let source: Record<string, string>;
beforeAll(async () => {
  temp = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-backup-cli-'));
  context = await createTestContext('sqlite');
  // The test database's file has the template's name; the command line finds it where the server would. Copied
  // whole: everything in the write-ahead log goes into the file first.
  if (context.config.database.dialect !== 'sqlite') throw new Error('a SQLite context was asked for');
  await sql`pragma wal_checkpoint(truncate)`.execute(context.db);
  await fs.copyFile(context.config.database.file, path.join(context.dataDir, 'konzertfreunde.sqlite'));
  expect(path.basename(context.config.database.file)).toBe(sqliteFile);
  source = { DATA_DIR: context.dataDir, BACKUP_DIR: path.join(temp, 'backups') };
});
afterAll(async () => {
  await context.close();
  await fs.rm(temp, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('writes a dated archive into BACKUP_DIR, says what it holds and records the run for the dashboard', async () => {
    const ran = await cli(['backup'], source);
    expect(ran).toMatchObject({ code: 0 });
    expect(ran.out).toMatch(/Backup written: .*konzertfreunde-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz \([\d.]+ MB; \d+ rows in \d+ tables, \d+ files\) in [\d.]+ s\./);
    const names = await fs.readdir(source.BACKUP_DIR!);
    expect(names).toEqual([expect.stringMatching(/^konzertfreunde-.*Z\.tar\.gz$/)]);
    const db = createDatabase({ database: { dialect: 'sqlite', file: path.join(context.dataDir, 'konzertfreunde.sqlite') } });
    try {
      const { last: newest } = await latestBackupRuns(db);
      expect(newest).toMatchObject({ status: 'done', trigger: 'command', file: names[0], anonymised: false });
      expect(newest!.bytes).toBe((await fs.stat(path.join(source.BACKUP_DIR!, names[0]!))).size);
    } finally {
      await db.destroy();
    }
  });

  it('refuses unclear options with the usage, and writes nothing', async () => {
    for (const [args, message] of [
      [['backup', '--keep', '0'], /--keep must be a whole number from 1 to 1000; got "0"/],
      [['backup', '--keep', '1e3'], /--keep must be a whole number/],
      [['backup', '--anonymise', '--secrets'], /never carries the secrets/],
      [['backup', '--out', path.join(temp, 'x.tar.gz'), '--dir', temp], /--out and --dir exclude each other/],
      [['backup', '--bogus'], /Unknown option '--bogus'[\s\S]*Usage: npm run backup/],
    ] as const) {
      const ran = await cli([...args], { ...source, BACKUP_DIR: path.join(temp, 'refused') });
      expect(ran.code).toBe(1);
      expect(ran.out).toMatch(message);
      expect(ran.out).not.toMatch(/at .*\.ts:\d+/);
    }
    await expect(fs.access(path.join(temp, 'refused'))).rejects.toThrow();
    await expect(fs.access(path.join(temp, 'x.tar.gz'))).rejects.toThrow();
  });

  it('--anonymise prints each staff account once with its new password, which the copy then takes', async () => {
    const out = path.join(temp, 'staging');
    const ran = await cli(['backup', '--anonymise', '--dir', out], { ...source, KF_STAGING_PASSWORD: 'staging-password-for-previews' });
    expect(ran.code).toBe(0);
    expect(ran.out).toMatch(/A staging copy/);
    expect(ran.out).toMatch(/@staging\.invalid>: staging-password-for-previews/);
    const [name] = await fs.readdir(out);
    expect(name).toMatch(/^konzertfreunde-staging-.*\.tar\.gz$/);

    const target = path.join(temp, 'staging-target');
    const restored = await cli(['restore', path.join(out, name!)], { DATA_DIR: target });
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/It is a staging copy/);
    const db = createDatabase({ database: { dialect: 'sqlite', file: path.join(target, 'konzertfreunde.sqlite') } });
    try {
      const staff = await db.selectFrom('staff_user').select(['email', 'password_hash']).execute();
      expect(staff.length).toBeGreaterThan(0);
      for (const account of staff) {
        expect(account.email).toMatch(/@(staff\.)?staging\.invalid$/);
        expect(await verifyPassword('staging-password-for-previews', account.password_hash)).toBe(true);
      }
    } finally {
      await db.destroy();
    }
  });
});

describe('npm run restore', () => {
  it('restores an archive into an empty DATA_DIR, then refuses the same folder with nothing written', async () => {
    const [name] = await fs.readdir(source.BACKUP_DIR!);
    const archive = path.join(source.BACKUP_DIR!, name!);
    const target = path.join(temp, 'restored');
    const first = await cli(['restore', archive], { DATA_DIR: target });
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toMatch(/Database: \d+ rows in \d+ tables at schema \d{14}-/);
    expect(first.out).toMatch(/It holds no secrets/);
    const before = await fs.readdir(target);
    expect(before).toEqual(expect.arrayContaining(['konzertfreunde.sqlite', 'media']));

    const again = await cli(['restore', archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/^Restore refused: DATA_DIR .* is not empty \(it holds .*\); restore into an empty folder\. Nothing was written\.$/m);
    expect(await fs.readdir(target)).toEqual(before);
  });

  it('asks for exactly one archive', async () => {
    for (const args of [['restore'], ['restore', 'a.tar.gz', 'b.tar.gz'], ['restore', '--force', 'a.tar.gz']]) {
      const ran = await cli(args, { DATA_DIR: path.join(temp, 'never') });
      expect(ran.code).toBe(1);
      expect(ran.out).toMatch(/Usage: npm run restore ARCHIVE/);
    }
    await expect(fs.access(path.join(temp, 'never'))).rejects.toThrow();
  });
});

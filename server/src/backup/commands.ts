/**
 * The command line of backups (ADR 081, docs/operations.md):
 *
 *   npm run backup [-- --out FILE | --dir DIR] [--keep N] [--secrets] [--anonymise]
 *   npm run restore ARCHIVE
 *
 * A backup reads the database the environment names (DATABASE_URL, else the SQLite file in DATA_DIR) while the
 * server goes on running; a restore writes into an empty DATA_DIR and database only.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { createDatabase } from '../db/create-database';
import { recordBackupRun } from '../db/repositories/backup-runs';
import { describeDatabase } from '../start-server';
import { createAnonymiser } from './anonymise';
import { takeBackup, type BackupResult } from './backup';
import { restoreBackup, RestoreRefused } from './restore';
import { backupFileName, pruneBackups } from './retention';
import { backupErrorText } from './schedule';
import { backupSettingsOf } from './settings';

/** Bad command-line input or a refusal: printed as is, without a stack. */
export class CommandError extends Error {}

export const backupUsage = `Usage: npm run backup [-- --out FILE | --dir DIR] [--keep N] [--secrets] [--anonymise]
  --out FILE    write the archive to FILE (it must not exist)
  --dir DIR     write it into DIR under a dated name (default: BACKUP_DIR)
  --keep N      afterwards keep only the N newest dated archives in that folder
  --secrets     include DATA_DIR's secret-key and build-token (keep such an archive like a password)
  --anonymise   a staging copy: personal data left out or replaced, staff passwords new (printed once)`;

export const restoreUsage = `Usage: npm run restore ARCHIVE
Restores into the DATA_DIR and database the environment names; both must be empty.`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

export async function backupCommand(args: string[], config: Config, print: (line: string) => void): Promise<BackupResult> {
  let values: { out?: string; dir?: string; keep?: string; secrets?: boolean; anonymise?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        out: { type: 'string' },
        dir: { type: 'string' },
        keep: { type: 'string' },
        secrets: { type: 'boolean', default: false },
        anonymise: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${backupUsage}`);
  }
  if (values.out && values.dir) throw new CommandError(`--out and --dir exclude each other\n${backupUsage}`);
  let keep: number | undefined;
  if (values.keep !== undefined) {
    keep = Number(values.keep);
    if (!/^\d+$/.test(values.keep) || keep < 1 || keep > 1000) throw new CommandError(`--keep must be a whole number from 1 to 1000; got "${values.keep}"`);
    if (values.out) throw new CommandError('--keep works on a folder of dated archives: use it with --dir or BACKUP_DIR, not --out');
  }
  if (values.anonymise && values.secrets) throw new CommandError('A staging copy never carries the secrets: --anonymise and --secrets exclude each other');
  const anonymised = Boolean(values.anonymise);
  const dir = path.resolve(values.dir ?? backupSettingsOf(config).dir);
  const file = values.out ? path.resolve(values.out) : path.join(dir, backupFileName(new Date(), anonymised));

  print(`Database: ${describeDatabase(config)}`);
  const anonymiser = anonymised ? createAnonymiser(passwordOption()) : undefined;
  const started = performance.now();
  let result: BackupResult;
  try {
    result = await takeBackup({ config, file, secrets: values.secrets, rows: anonymiser?.row.bind(anonymiser) });
  } catch (error) {
    await record(config, { status: 'failed', error: backupErrorText(error), anonymised, file: '', bytes: 0 }, print);
    throw error;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { manifest } = result;
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  print(
    `Backup written: ${result.file} (${megabytes(result.bytes)}; ${rows} rows in ${manifest.tables.length} tables, ` +
      `${manifest.files.length} files${manifest.secrets ? ', with the secrets' : ''}) in ${seconds} s.`,
  );
  await record(config, { status: 'done', error: '', anonymised, file: path.basename(result.file), bytes: result.bytes, at: result }, print);
  if (anonymiser) {
    print('A staging copy: subscribers, form entries and their files, ad contacts, the consent log, error reports,');
    print('sessions and mails are left out or replaced. Staff accounts are kept with these new passwords:');
    for (const account of anonymiser.passwords()) print(`  ${account.username} <${account.email}>: ${account.password}`);
  }
  if (keep !== undefined) {
    const removed = await pruneBackups(dir, keep);
    if (removed.length) print(`Removed ${removed.length} older archives (keeping ${keep}): ${removed.join(', ')}`);
  }
  return result;
}

/** KF_STAGING_PASSWORD gives every staff account of a staging copy that one password instead of new random ones. */
function passwordOption() {
  const given = process.env.KF_STAGING_PASSWORD;
  return given ? { password: () => given } : undefined;
}

/** Writes the run down for the hub's dashboard; a database that cannot take it does not fail the backup. */
async function record(
  config: Config,
  run: { status: 'done' | 'failed'; error: string; anonymised: boolean; file: string; bytes: number; at?: BackupResult },
  print: (line: string) => void,
) {
  const db = createDatabase(config);
  try {
    const now = new Date().toISOString();
    await recordBackupRun(db, {
      startedAt: run.at?.startedAt ?? now,
      finishedAt: run.at?.finishedAt ?? now,
      status: run.status,
      trigger: 'command',
      file: run.file,
      bytes: run.bytes,
      anonymised: run.anonymised,
      error: run.error,
    });
  } catch (error) {
    print(`(The hub's dashboard could not be told about this backup: ${(error as Error).message})`);
  } finally {
    await db.destroy();
  }
}

export async function restoreCommand(args: string[], config: Config, print: (line: string) => void) {
  const archives = args.filter((arg) => !arg.startsWith('-'));
  if (archives.length !== 1 || archives.length !== args.length) throw new CommandError(restoreUsage);
  print(`Restoring into DATA_DIR ${config.dataDir} and ${describeDatabase(config)}`);
  try {
    const result = await restoreBackup({ config, archive: archives[0]!, log: print });
    const { manifest } = result;
    print(`Restored the backup of ${manifest.createdAt} (${manifest.release}, from ${manifest.dialect}).`);
    if (manifest.anonymised) print('It is a staging copy: staff log in with the passwords printed when it was made.');
    if (!manifest.secrets) print('It holds no secrets: the server makes a new secret-key and build-token at its first start (set BUILD_TOKEN where builds need it).');
    return result;
  } catch (error) {
    if (error instanceof RestoreRefused) throw new CommandError(`Restore refused: ${error.message}. Nothing was written.`);
    throw new CommandError(`Restore failed: ${(error as Error).message}. DATA_DIR and the database were emptied again.`);
  }
}

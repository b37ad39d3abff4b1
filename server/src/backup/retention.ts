/**
 * Backup archives' names and their retention (ADR 081). A regular archive is `konzertfreunde-<UTC time>.tar.gz`
 * (`konzertfreunde-2026-12-11T03-00-00Z.tar.gz`), an anonymised copy for a staging system
 * `konzertfreunde-staging-<UTC time>.tar.gz`; an archive is written as `<name>.partial` (from rows in the folder
 * `<name>.partial-rows`) and linked under its name when complete.
 * The retention deletes only regular archives beyond the newest `keep` and partial archives a day old (a backup
 * that died midway); staging copies and every other file in the folder are left alone, since the folder may be
 * shared with other things (a synced disk, someone's own copies).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

const prefix = 'konzertfreunde-';
const stagingPrefix = 'konzertfreunde-staging-';
const stamp = String.raw`\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z`;
const regularArchive = new RegExp(`^${prefix}${stamp}\\.tar\\.gz$`);
/** An archive being written (a file), and the rows it is written from (a folder beside it), by backup.ts. */
const partialArchive = new RegExp(`^${prefix}(?:staging-)?${stamp}\\.tar\\.gz\\.partial(-rows)?$`);

/** How old a partial archive must be before it counts as left by a backup that died. */
export const PARTIAL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The archive's base name for a backup taken at `at`: `konzertfreunde-2026-12-11T03-00-00Z.tar.gz`, or the staging copy's. */
export function backupFileName(at: Date, anonymised: boolean): string {
  const time = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  return `${anonymised ? stagingPrefix : prefix}${time}.tar.gz`;
}

/** Whether `name` is a regular archive's, the kind the retention counts and deletes. */
export const isRegularBackupName = (name: string): boolean => regularArchive.test(name);

/**
 * Deletes the regular archives in `dir` beyond the newest `keep` (by the time in their names) and partial archives
 * older than PARTIAL_MAX_AGE_MS (by their modification time); resolves with the base names deleted, oldest first.
 * A folder that does not exist has nothing to delete. Only plain files are deleted, never a link or a folder.
 */
export async function pruneBackups(dir: string, keep: number, now = new Date()): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const isFile = async (name: string) => (await fs.lstat(path.join(dir, name)).catch(() => undefined))?.isFile() === true;
  const archives: string[] = [];
  const partials: string[] = [];
  for (const name of names.sort()) {
    if (regularArchive.test(name) && (await isFile(name))) archives.push(name);
    else if (partialArchive.test(name)) {
      const stat = await fs.lstat(path.join(dir, name)).catch(() => undefined);
      const kind = name.endsWith('-rows') ? stat?.isDirectory() : stat?.isFile();
      if (kind && now.getTime() - stat!.mtimeMs > PARTIAL_MAX_AGE_MS) partials.push(name);
    }
  }
  // Names sort by their time, oldest first: everything before the newest `keep` goes.
  const deleted = [...archives.slice(0, Math.max(0, archives.length - keep)), ...partials];
  for (const name of deleted) await fs.rm(path.join(dir, name), { force: true, recursive: name.endsWith('-rows') });
  return deleted.sort();
}

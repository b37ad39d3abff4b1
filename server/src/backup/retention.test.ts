import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupFileName, isRegularBackupName, PARTIAL_MAX_AGE_MS, pruneBackups } from './retention';

const hour = 60 * 60 * 1000;
const now = new Date('2026-12-11T03:00:00.000Z');

describe('backup archive names (ADR 081)', () => {
  it('names a regular archive and a staging copy by the UTC second it was taken', () => {
    expect(backupFileName(new Date('2026-12-11T03:04:05.678Z'), false)).toBe('konzertfreunde-2026-12-11T03-04-05Z.tar.gz');
    expect(backupFileName(new Date('2026-12-11T03:04:05.678Z'), true)).toBe('konzertfreunde-staging-2026-12-11T03-04-05Z.tar.gz');
    expect(isRegularBackupName(backupFileName(now, false))).toBe(true);
    expect(isRegularBackupName(backupFileName(now, true))).toBe(false);
    expect(isRegularBackupName(`${backupFileName(now, false)}.partial`)).toBe(false);
  });
});

describe('pruneBackups', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-backups-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  /** Writes a file of a few bytes, last modified `ageMs` before `now`. */
  const write = async (name: string, ageMs = 0) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, 'archive');
    const at = new Date(now.getTime() - ageMs);
    await fs.utimes(file, at, at);
    return name;
  };
  const left = async () => (await fs.readdir(dir)).sort();

  it('keeps the newest regular archives by the time in their names and deletes the older ones', async () => {
    // Written out of order, and with modification times that say the opposite: the names decide.
    const names = [];
    for (const hours of [5, 1, 3, 2, 4]) names.push(await write(backupFileName(new Date(now.getTime() - hours * hour), false), (6 - hours) * hour));
    const deleted = await pruneBackups(dir, 3, now);
    expect(deleted).toEqual([backupFileName(new Date(now.getTime() - 5 * hour), false), backupFileName(new Date(now.getTime() - 4 * hour), false)]);
    expect(await left()).toEqual([1, 2, 3].map((hours) => backupFileName(new Date(now.getTime() - hours * hour), false)).sort());
    // Nothing more to delete.
    expect(await pruneBackups(dir, 3, now)).toEqual([]);
    expect(await pruneBackups(dir, 1, now)).toHaveLength(2);
    expect(await left()).toEqual([backupFileName(new Date(now.getTime() - hour), false)]);
  });

  it('never deletes staging copies, foreign files, folders or links, however many there are', async () => {
    const staging = [];
    for (const hours of [10, 20, 30]) staging.push(await write(backupFileName(new Date(now.getTime() - hours * hour), true), 40 * 24 * hour));
    const foreign = [
      await write('notes.txt', 40 * 24 * hour),
      await write('konzertfreunde-2026-01-01.tar.gz', 40 * 24 * hour),
      await write('konzertfreunde-2026-01-01T00-00-00Z.tar', 40 * 24 * hour),
      await write('other-2026-01-01T00-00-00Z.tar.gz', 40 * 24 * hour),
      await write('konzertfreunde-2026-01-01T00-00-00Z.tar.gz.bak', 40 * 24 * hour),
      await write('konzertfreunde-2026-01-01T00-00-00Z.zip.partial', 40 * 24 * hour),
    ];
    // A folder and a link with an archive's name: not plain files, so not the retention's.
    const folder = backupFileName(new Date('2025-01-01T00:00:00Z'), false);
    await fs.mkdir(path.join(dir, folder));
    const link = backupFileName(new Date('2025-01-02T00:00:00Z'), false);
    await fs.symlink(path.join(dir, 'notes.txt'), path.join(dir, link));
    const regular = await write(backupFileName(now, false));

    expect(await pruneBackups(dir, 1, now)).toEqual([]);
    expect(await left()).toEqual([...staging, ...foreign, folder, link, regular].sort());
  });

  it('deletes partial archives a day old, regular or staging, and leaves younger ones (a backup may be writing them)', async () => {
    const old = await write(`${backupFileName(new Date(now.getTime() - 30 * hour), false)}.partial`, PARTIAL_MAX_AGE_MS + hour);
    const oldStaging = await write(`${backupFileName(new Date(now.getTime() - 30 * hour), true)}.partial`, PARTIAL_MAX_AGE_MS + hour);
    const young = await write(`${backupFileName(new Date(now.getTime() - hour), false)}.partial`, hour);
    const regular = await write(backupFileName(now, false));
    expect(await pruneBackups(dir, 14, now)).toEqual([old, oldStaging].sort());
    expect(await left()).toEqual([regular, young].sort());
  });

  it('deletes the rows folder a backup that died left beside its partial archive, once it is a day old', async () => {
    const rows = async (name: string, ageMs: number) => {
      const folder = path.join(dir, name);
      await fs.mkdir(folder);
      await fs.writeFile(path.join(folder, 'page.ndjson'), '[1]\n');
      const at = new Date(now.getTime() - ageMs);
      await fs.utimes(folder, at, at);
      return name;
    };
    const old = await rows(`${backupFileName(new Date(now.getTime() - 30 * hour), false)}.partial-rows`, PARTIAL_MAX_AGE_MS + hour);
    const young = await rows(`${backupFileName(new Date(now.getTime() - hour), false)}.partial-rows`, hour);
    // A file of that name is not a backup's rows folder.
    const file = await write(`${backupFileName(new Date(now.getTime() - 40 * hour), false)}.partial-rows`, PARTIAL_MAX_AGE_MS + hour);
    expect(await pruneBackups(dir, 14, now)).toEqual([old]);
    expect(await left()).toEqual([file, young].sort());
  });

  it('has nothing to delete in a folder that does not exist yet', async () => {
    expect(await pruneBackups(path.join(dir, 'missing'), 3, now)).toEqual([]);
    expect(existsSync(path.join(dir, 'missing'))).toBe(false);
  });
});

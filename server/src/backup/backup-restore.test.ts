/**
 * Backups and restores (ADR 081) with real databases: a seeded site backed up from each dialect, restored into
 * SQLite and PostgreSQL, compared table by table and file by file; and every refusal, each leaving the target as
 * it was found.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../config';
import { createDatabase } from '../db/create-database';
import { migrations } from '../db/migrations';
import { createTestContext, type TestContext } from '../test/test-context';
import { createTestDatabase, testDatabaseUrl, type Dialect, type TestDatabase } from '../test/test-database';
import { takeBackup } from './backup';
import { manifestName, type Manifest } from './manifest';
import { restoreBackup, RestoreRefused } from './restore';
import { readTar, TarWriter } from './tar';
import { tableDigests } from './digest';

jest.setTimeout(120_000);

const dialects: Dialect[] = testDatabaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];

let temp: string;
beforeAll(async () => {
  temp = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-backup-test-'));
});
afterAll(async () => {
  await fs.rm(temp, { recursive: true, force: true });
});

async function filesUnder(root: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found[path.relative(root, full)] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
    }
  };
  await walk(root);
  return found;
}

/** An empty restore target of the dialect: a fresh DATA_DIR that does not exist yet, and an empty database. */
async function emptyTarget(dialect: Dialect): Promise<{ dataDir: string; database: DatabaseConfig; drop(): Promise<void> }> {
  const dataDir = path.join(await fs.mkdtemp(path.join(temp, 'target-')), 'data');
  if (dialect === 'sqlite') {
    return { dataDir, database: { dialect: 'sqlite', file: path.join(dataDir, 'konzertfreunde.sqlite') }, drop: async () => undefined };
  }
  const holder = await fs.mkdtemp(path.join(temp, 'pg-'));
  const database: TestDatabase = await createTestDatabase('postgres', holder);
  await database.db.destroy();
  return { dataDir, database: database.config, drop: () => database.drop().catch(() => undefined) };
}

describe.each(dialects)('a backup of a seeded %s site', (source) => {
  let context: TestContext;
  let archive: string;
  let manifest: Manifest;
  beforeAll(async () => {
    context = await createTestContext(source);
    archive = path.join(temp, `seeded-${source}.tar.gz`);
    ({ manifest } = await takeBackup({ config: context.config, file: archive }));
  });
  afterAll(() => context.close());

  it('names every table of record, the media originals and no secrets', async () => {
    expect(manifest.tables.map((table) => table.name)).toEqual(expect.arrayContaining(['page', 'module', 'media', 'event', 'staff_user']));
    expect(manifest.tables.map((table) => table.name)).not.toContain('search_document');
    expect(manifest.migrations.at(-1)).toBe(Object.keys(migrations).sort().at(-1));
    const media = await filesUnder(path.join(context.dataDir, 'media'));
    expect(manifest.files.filter((file) => file.path.startsWith('media/')).map((file) => file.path).sort()).toEqual(
      Object.keys(media).map((name) => `media/${name}`).sort(),
    );
    expect(manifest.files.some((file) => file.path.startsWith('secrets/'))).toBe(false);
  });

  it.each(dialects)('restores into %s with every row, counter and file as it was', async (dialect) => {
    const target = await emptyTarget(dialect);
    try {
      const result = await restoreBackup({ config: target, archive });
      expect(result.rows).toBe(manifest.tables.reduce((sum, table) => sum + table.rows, 0));
      const restored = createDatabase(target);
      try {
        expect(await tableDigests(restored)).toEqual(await tableDigests(context.db));
      } finally {
        await restored.destroy();
      }
      const media = await filesUnder(path.join(context.dataDir, 'media'));
      expect(await filesUnder(path.join(target.dataDir, 'media'))).toEqual(media);
    } finally {
      await target.drop();
    }
  });
});

describe('restore refuses', () => {
  let context: TestContext;
  let archive: string;
  beforeAll(async () => {
    context = await createTestContext('sqlite');
    archive = path.join(temp, 'refusals.tar.gz');
    await takeBackup({ config: context.config, file: archive, secrets: true });
  });
  afterAll(() => context.close());

  async function expectRefusal(target: { dataDir: string; database: DatabaseConfig }, file: string, message: RegExp) {
    const before = await filesUnder(target.dataDir);
    const parent = path.dirname(target.dataDir);
    const siblings = await fs.readdir(parent);
    await expect(restoreBackup({ config: target, archive: file })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ config: target, archive: file })).rejects.toThrow(message);
    expect(await filesUnder(target.dataDir)).toEqual(before);
    expect(await fs.readdir(parent)).toEqual(siblings);
  }

  it('a DATA_DIR with something in it', async () => {
    const target = await emptyTarget('sqlite');
    await fs.mkdir(target.dataDir, { recursive: true });
    await fs.writeFile(path.join(target.dataDir, 'notes.txt'), 'keep me');
    await expectRefusal(target, archive, /DATA_DIR .* is not empty \(it holds notes\.txt\)/);
  });

  (testDatabaseUrl ? it : it.skip)('a PostgreSQL database with tables in it', async () => {
    const target = await emptyTarget('postgres');
    const db = createDatabase(target);
    try {
      await sql`create table visitor_notes (id integer)`.execute(db);
      await expectRefusal(target, archive, /the database is not empty \(it has 1 tables: visitor_notes\)/);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(db);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await db.destroy();
      await target.drop();
    }
  });

  it('a truncated archive', async () => {
    const whole = await fs.readFile(archive);
    for (const keep of [0.5, 0.99]) {
      const cut = path.join(temp, `cut-${keep}.tar.gz`);
      await fs.writeFile(cut, whole.subarray(0, Math.floor(whole.length * keep)));
      await expectRefusal(await emptyTarget('sqlite'), cut, /damaged|ends early/);
    }
  });

  it('an archive with one byte changed', async () => {
    const members = await readMembers(archive);
    const media = members.find((member) => member.name.startsWith('media/'))!;
    media.data = Buffer.from(media.data);
    media.data[100] ^= 0xff;
    const file = await writeMembers(members, 'flipped');
    await expectRefusal(await emptyTarget('sqlite'), file, new RegExp(`damaged: ${media.name.replace(/\./g, '\\.')} does not match its checksum`));
  });

  it('an archive from a newer schema', async () => {
    const members = await readMembers(archive);
    const head = members[0]!;
    const manifest = JSON.parse(head.data.toString()) as Manifest;
    manifest.migrations.push('29991231000000-from-the-future');
    head.data = Buffer.from(JSON.stringify(manifest));
    const file = await writeMembers(members, 'newer');
    await expectRefusal(await emptyTarget('sqlite'), file, /made by a newer version \(schema 29991231000000-from-the-future/);
  });

  it('an archive whose manifest names a file outside DATA_DIR', async () => {
    const members = await readMembers(archive);
    const manifest = JSON.parse(members[0]!.data.toString()) as Manifest;
    manifest.files[0]!.path = 'media/../../escaped';
    members[0]!.data = Buffer.from(JSON.stringify(manifest));
    await expectRefusal(await emptyTarget('sqlite'), await writeMembers(members, 'escape'), /not valid: the file name/);
  });

  it('a file that is not a backup', async () => {
    const file = path.join(temp, 'not-a-backup.tar.gz');
    await fs.writeFile(file, 'hello');
    await expectRefusal(await emptyTarget('sqlite'), file, /damaged/);
  });

  it('restores the secrets only when they were asked for', async () => {
    const target = await emptyTarget('sqlite');
    await restoreBackup({ config: target, archive });
    expect(await fs.readFile(path.join(target.dataDir, 'secret-key'), 'utf8')).toBe(
      await fs.readFile(path.join(context.dataDir, 'secret-key'), 'utf8'),
    );
    expect((await fs.stat(path.join(target.dataDir, 'secret-key'))).mode & 0o777).toBe(0o600);
  });
});

interface Member {
  name: string;
  data: Buffer;
}

async function readMembers(file: string): Promise<Member[]> {
  const members: Member[] = [];
  await readTar(file, (member) => {
    const chunks: Buffer[] = [];
    return (chunk) => {
      if (chunk) chunks.push(chunk);
      else members.push({ name: member.name, data: Buffer.concat(chunks) });
    };
  });
  expect(members[0]!.name).toBe(manifestName);
  return members;
}

async function writeMembers(members: Member[], name: string): Promise<string> {
  const file = path.join(temp, `${name}.tar.gz`);
  const tar = new TarWriter(file);
  for (const member of members) await tar.addBuffer(member.name, member.data);
  await tar.finish();
  return file;
}

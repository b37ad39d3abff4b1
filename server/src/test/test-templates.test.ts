/**
 * A test context's database is a copy of a template (test-templates.ts, ADR 058): it must hold what migrating and
 * seeding it directly would (the same tables, rows and ids, every media file), be independent of every other copy
 * (sequences included), and differ when the options do.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import { describeEachDialect } from './dialects';
import { testNow } from './test-context';
import { createMigratedTestDatabase, createTestDatabase, type TestDatabase } from './test-database';
import { templatesVariable } from './test-templates';
import { migrate } from '../db/migrate';
import { seedDatabase } from '../seed';

const imageScale = 0.2;

async function tablesOf(db: Db): Promise<string[]> {
  const rows =
    dialectOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  return rows.map((row) => row.name).sort();
}

/** Per table: its row count and, where it has one, its ids in order. */
async function contentsOf(db: Db): Promise<Record<string, { rows: number; ids?: number[] }>> {
  const contents: Record<string, { rows: number; ids?: number[] }> = {};
  for (const table of await tablesOf(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    contents[table] = { rows: rows.length };
    if (rows[0] && 'id' in rows[0]) contents[table].ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }
  return contents;
}

async function mediaFiles(dataDir: string): Promise<string[]> {
  return (await fs.readdir(path.join(dataDir, 'media')).catch(() => [] as string[])).sort();
}

describeEachDialect('test databases copied from a template', (dialect) => {
  const opened: { database: TestDatabase; dataDir: string }[] = [];
  async function open(options: { seed: boolean; now: Date }, direct = false) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-template-test-'));
    let database: TestDatabase;
    if (direct) {
      database = await createTestDatabase(dialect, dataDir);
      await migrate(database.db);
      if (options.seed) await seedDatabase(database.db, { dataDir, imageScale, now: options.now });
    } else {
      database = await createMigratedTestDatabase(dialect, dataDir, { ...options, imageScale });
    }
    opened.push({ database, dataDir });
    return { db: database.db, dataDir, config: database.config };
  }
  afterEach(async () => {
    for (const { database, dataDir } of opened.splice(0)) {
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('runs with templates (Jest’s global setup)', () => {
    expect(process.env[templatesVariable]).toBeTruthy();
  });

  it('holds what migrating and seeding directly gives, and every media file its rows name', async () => {
    const copy = await open({ seed: true, now: testNow });
    const direct = await open({ seed: true, now: testNow }, true);
    expect(await contentsOf(copy.db)).toEqual(await contentsOf(direct.db));
    const files = await mediaFiles(copy.dataDir);
    const named = (await copy.db.selectFrom('media').select('filename').execute()).map((row) => row.filename).sort();
    expect(files).toEqual(named);
    expect(files.length).toBe((await mediaFiles(direct.dataDir)).length);
    expect(files.length).toBeGreaterThan(0);
    // The programme is dated around the same day.
    const dates = (db: Db) => db.selectFrom('event').select('start_at').orderBy('id').execute();
    expect(await dates(copy.db)).toEqual(await dates(direct.db));
  });

  it('gives every context a database and media folder of its own, sequences included', async () => {
    const a = await open({ seed: true, now: testNow });
    const b = await open({ seed: true, now: testNow });
    expect(a.config).not.toEqual(b.config);
    const addCategory = (db: Db, slug: string) =>
      db.insertInto('article_category').values({ slug_de: slug, slug_en: slug, name_de: slug, name_en: slug, position: 99, created_at: testNow.toISOString(), updated_at: testNow.toISOString() }).returning('id').executeTakeFirstOrThrow();
    const first = await addCategory(a.db, 'nur-in-a');
    const second = await addCategory(a.db, 'auch-nur-in-a');
    expect(second.id).toBeGreaterThan(first.id);
    expect((await addCategory(b.db, 'nur-in-b')).id).toBe(first.id);
    expect(await b.db.selectFrom('article_category').select('id').where('slug_de', 'like', '%in-a').execute()).toEqual([]);
    const [file] = await mediaFiles(a.dataDir);
    await fs.rm(path.join(a.dataDir, 'media', file!));
    expect(await mediaFiles(b.dataDir)).toContain(file);
  });

  it('is migrated only without the seed, and dated around another day for another `now`', async () => {
    const empty = await open({ seed: false, now: testNow });
    expect(await empty.db.selectFrom('page').select('id').execute()).toEqual([]);
    expect(await tablesOf(empty.db)).toEqual(await tablesOf((await open({ seed: true, now: testNow })).db));
    expect(await mediaFiles(empty.dataDir)).toEqual([]);

    const later = new Date(testNow.getTime() + 40 * 24 * 60 * 60 * 1000);
    const first = (db: Db) => db.selectFrom('event').select('start_at').orderBy('id').executeTakeFirstOrThrow();
    const [now, then] = await Promise.all([open({ seed: true, now: testNow }), open({ seed: true, now: later })]);
    expect((await first(then.db)).start_at).not.toBe((await first(now.db)).start_at);
  });
});

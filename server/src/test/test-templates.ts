/**
 * Seeded databases to clone (ADR 058). Migrating and seeding (drawing the demo images included) cost more than
 * everything else a test context does, and every context got the same result. So each kind of database a test asks
 * for (dialect, seeded or not, the seed's `now`) is built once per Jest run, as a template, and each test context
 * gets its own copy of it: the SQLite file and the media folder copied into its temp folder, or a PostgreSQL
 * database made with `create database … template …`.
 *
 * Jest gives every test file its own module registry, and runs files in several worker processes, so the templates
 * live on disk, in the folder Jest's global setup names in KF_TEST_TEMPLATES (test/global-setup.ts), which its
 * global teardown removes together with the PostgreSQL templates. The first context that needs a template builds it
 * holding a lock (a folder), so two workers never build the same one; the others wait for it. Without
 * KF_TEST_TEMPLATES (a test run outside this project's Jest configuration) there are no templates:
 * `templatesEnabled()` is false and test contexts migrate and seed as before.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig } from '../config';
import { createDatabase } from '../db/create-database';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDatabase } from '../seed';

/** The folder of this run's templates; set by Jest's global setup. */
export const templatesVariable = 'KF_TEST_TEMPLATES';
/** This run's id, part of the name of every PostgreSQL database it makes; set by Jest's global setup. */
export const runVariable = 'KF_TEST_RUN';

/** The schema a test database's tables live in; each PostgreSQL test context has a database of its own. */
export const testSchema = 'kf_test';

/** Our PostgreSQL databases: `kf_tpl_<run>_<key>` (templates) and `kf_test_<run>_<random>` (test contexts). */
const databaseName = /^kf_(tpl|test)_([0-9a-z]+)_[0-9a-z]+_[0-9a-z]+$/;
/** Databases and template folders of runs started longer ago than this were left by a killed run. */
export const staleAfterMs = 6 * 60 * 60 * 1000;

/** What a template holds; everything else a test context has (its app, its configuration) is made per context. */
export interface TemplateSpec {
  /** test-database.ts `Dialect` (not imported from there: it imports this module). */
  dialect: 'sqlite' | 'postgres';
  /** False: migrated only. */
  seed: boolean;
  /** The seed's `now`; the programme is dated around its day. */
  now: Date;
  imageScale: number;
}

export interface Template {
  /** What seeding wrote into DATA_DIR (the media originals; the SQLite file too), to copy into a context's folder. */
  dataDir: string;
  /** The PostgreSQL template database. */
  database?: string;
}

export const templatesEnabled = () => Boolean(process.env[templatesVariable]);

/** A new run id: the start time (base 36, for finding a killed run's databases) and a random part. */
export function newRunId(): string {
  return `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** When the run that named a database started; undefined for a name not ours. */
export function runStartOf(name: string): number | undefined {
  const match = databaseName.exec(name);
  return match ? parseInt(match[2]!, 36) : undefined;
}

/** The TEST_DATABASE_URL with another database in its path. */
export function urlOfDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const building = new Map<string, Promise<Template>>();

/**
 * The template for `spec`, built now if no worker has built it yet. Rejects with the build's error (PostgreSQL not
 * reachable, a failing migration) in every context that asks, so each such test fails on its own as before.
 */
export function templateFor(spec: TemplateSpec, databaseUrl: string | undefined): Promise<Template> {
  const root = process.env[templatesVariable];
  if (!root) throw new Error(`${templatesVariable} is not set: test templates need Jest's global setup (jest.config.js)`);
  const key = createHash('sha256')
    .update(JSON.stringify({ dialect: spec.dialect, seed: spec.seed, now: spec.now.toISOString(), imageScale: spec.imageScale, url: spec.dialect === 'postgres' ? databaseUrl : undefined }))
    .digest('hex')
    .slice(0, 12);
  let template = building.get(key);
  if (!template) {
    template = once(path.join(root, key), () => buildTemplate(spec, path.join(root, key), key, databaseUrl));
    // A failed build is tried again by the next context (and fails again, loudly, if the cause remains).
    template.catch(() => building.delete(key));
    building.set(key, template);
  }
  return template;
}

/**
 * Runs `build` once across all workers: whoever creates `<folder>/lock` first builds and writes
 * `<folder>/template.json`; the others wait for that file. A lock left by a worker that died is taken over.
 */
async function once(folder: string, build: () => Promise<Template>): Promise<Template> {
  await fs.mkdir(folder, { recursive: true });
  const done = path.join(folder, 'template.json');
  const lock = path.join(folder, 'lock');
  for (;;) {
    const ready = await readTemplate(done);
    if (ready) return ready;
    try {
      await fs.mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await lockAbandoned(lock)) await fs.rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      await fs.writeFile(path.join(lock, 'pid'), String(process.pid));
      // Built by another worker between our look and our lock.
      const meanwhile = await readTemplate(done);
      if (meanwhile) return meanwhile;
      const template = await build();
      await fs.writeFile(`${done}.tmp`, JSON.stringify(template));
      await fs.rename(`${done}.tmp`, done);
      return template;
    } finally {
      await fs.rm(lock, { recursive: true, force: true });
    }
  }
}

async function readTemplate(file: string): Promise<Template | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Template;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The lock's process is gone (all workers run on this machine), or it never wrote its pid within 30 s. */
async function lockAbandoned(lock: string): Promise<boolean> {
  const pid = Number(await fs.readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
  if (!pid) {
    const stat = await fs.stat(lock).catch(() => undefined);
    return stat !== undefined && Date.now() - stat.mtimeMs > 30_000;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function buildTemplate(spec: TemplateSpec, folder: string, key: string, databaseUrl: string | undefined): Promise<Template> {
  const dataDir = path.join(folder, 'data');
  // What a build that failed half-way left.
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  const fill = async (db: Kysely<Database>) => {
    await migrate(db);
    if (spec.seed) await seedDatabase(db, { dataDir, imageScale: spec.imageScale, now: spec.now });
  };
  if (spec.dialect === 'sqlite') {
    const db = createDatabase({ database: { dialect: 'sqlite', file: path.join(dataDir, sqliteFile) } });
    try {
      await fill(db);
      // One self-contained file to copy: every page written back from the WAL, which is then removed.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      await sql`pragma journal_mode = DELETE`.execute(db);
    } finally {
      await db.destroy();
    }
    const left = (await fs.readdir(dataDir)).filter((file) => file.startsWith(`${sqliteFile}-`));
    if (left.length) throw new Error(`The SQLite template left ${left.join(', ')} beside it`);
    return { dataDir };
  }

  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const run = process.env[runVariable];
  if (!run) throw new Error(`${runVariable} is not set: test templates need Jest's global setup (jest.config.js)`);
  const database = `kf_tpl_${run}_${key}`;
  const admin = createDatabase({ database: { dialect: 'postgres', url: databaseUrl } });
  try {
    try {
      // Fails loudly (and so fails the suite) when PostgreSQL cannot be reached.
      await sql`drop database if exists ${sql.id(database)}`.execute(admin);
      await sql`create database ${sql.id(database)}`.execute(admin);
    } catch (error) {
      throw new Error(`Cannot prepare a template database in TEST_DATABASE_URL: ${(error as Error).message}`, { cause: error });
    }
    // Tells the global teardown to drop this run's databases, even if this worker dies before the template is done.
    await fs.writeFile(path.join(folder, 'database'), database);
    await dropStaleDatabases(admin);
    try {
      const db = createDatabase({ database: { dialect: 'postgres', url: urlOfDatabase(databaseUrl, database), schema: testSchema } });
      try {
        await sql`create schema ${sql.id(testSchema)}`.execute(db);
        await fill(db);
      } finally {
        // `create database … template` refuses a template anybody is connected to.
        await db.destroy();
      }
    } catch (error) {
      await sql`drop database if exists ${sql.id(database)}`.execute(admin);
      throw error;
    }
  } finally {
    await admin.destroy();
  }
  return { dataDir, database };
}

/** Drops what killed runs left: our databases of runs that started more than `staleAfterMs` ago. */
export async function dropStaleDatabases(admin: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ datname: string }>`select datname from pg_database where datname like 'kf\\_%'`.execute(admin);
  for (const { datname } of rows) {
    const started = runStartOf(datname);
    if (started === undefined || Date.now() - started < staleAfterMs) continue;
    // Another run's teardown may drop it at the same moment; what is left stays for the next setup.
    await sql`drop database if exists ${sql.id(datname)} with (force)`.execute(admin).catch(() => undefined);
  }
}

/** The database file's name in a context's DATA_DIR. */
export const sqliteFile = 'test.sqlite';

/** Copies a template's DATA_DIR (its media, and for SQLite its database file) into a context's empty one. */
export async function copyTemplateData(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTemplateData(source, target);
    // A copy, not a link: tests change and remove media files. FICLONE shares the blocks where the file system can.
    else await fs.copyFile(source, target, fsConstants.COPYFILE_FICLONE);
  }
}

/** A context's own PostgreSQL database, cloned from the template: its name and configuration. */
export async function clonePostgresTemplate(
  admin: Kysely<Database>,
  template: Template,
  databaseUrl: string,
): Promise<{ database: string; config: DatabaseConfig }> {
  const run = process.env[runVariable];
  if (!template.database || !run) throw new Error('clonePostgresTemplate: not a PostgreSQL template of this run');
  const database = `kf_test_${run}_${randomBytes(6).toString('hex')}`;
  await sql`create database ${sql.id(database)} template ${sql.id(template.database)}`.execute(admin);
  return { database, config: { dialect: 'postgres', url: urlOfDatabase(databaseUrl, database), schema: testSchema } };
}

/** Drops the databases of run `run` (its templates, and contexts a test left open); for Jest's global teardown. */
export async function dropRunDatabases(admin: Kysely<Database>, run: string): Promise<void> {
  const { rows } = await sql<{ datname: string }>`select datname from pg_database where datname like 'kf\\_%'`.execute(admin);
  // Contexts first: a template cannot be dropped while a copy is being made of it, and no copy is being made now.
  const ours = rows.map((row) => row.datname).filter((name) => runStartOf(name) !== undefined && name.includes(`_${run}_`));
  ours.sort((a, b) => Number(a.startsWith('kf_tpl_')) - Number(b.startsWith('kf_tpl_')));
  for (const name of ours) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
}

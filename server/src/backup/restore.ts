/**
 * `npm run restore ARCHIVE` (ADR 081): a backup into an empty DATA_DIR and an empty database of either dialect.
 * Every check comes before the first write: the target is empty, the archive's schema is one this code knows, and
 * every member is whole (size and SHA-256 as its manifest says, unpacked into a folder beside DATA_DIR). Then the
 * rows go in, in one transaction, at the archive's schema level; the later migrations run; the search index is
 * rebuilt; the files move into place. If anything fails after the first write, the target is emptied again.
 * Media variants are not in the archive: the server makes them again when they are first asked for.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Config } from '../config';
import { createDatabase } from '../db/create-database';
import type { Database } from '../db/database';
import { dialectOf, type DialectName } from '../db/dialect';
import { migrate, migrateTo } from '../db/migrate';
import { migrations } from '../db/migrations';
import { rebuildSearchIndex } from '../db/search/search-indexer';
import { archiveFormatVersion, manifestName, parseManifest, schemaLevel, type Manifest } from './manifest';
import { describeTables, loadOrder, parentsFirst, quoteIdent, setCounter, type Query, type TableInfo } from './schema';
import { ArchiveDamagedError, readTar } from './tar';

/** A restore that did not start: the reason is the message; nothing was written. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  config: Pick<Config, 'database' | 'dataDir'>;
  archive: string;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  /** Migrations applied after the rows went in (the archive was older than this code). */
  migrated: string[];
  searchDocuments: number;
}

const maxParameters = 30_000;

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { config, log = () => undefined } = options;
  const archive = path.resolve(options.archive);
  const dataDir = path.resolve(config.dataDir);

  const dataDirExisted = await checkEmptyFolder(dataDir);
  if (config.database.dialect === 'postgres') await checkEmptyDatabase(config);
  const manifest = await readManifest(archive);
  checkSchema(manifest);

  const staging = `${dataDir}.restoring-${randomBytes(4).toString('hex')}`;
  await fs.mkdir(staging, { recursive: true });
  let db: Kysely<Database> | undefined;
  let wrote = false;
  try {
    log(`Checking ${path.basename(archive)}: ${manifest.tables.length} tables, ${manifest.files.length} files …`);
    await unpack(archive, manifest, staging);

    wrote = true;
    await fs.mkdir(dataDir, { recursive: true });
    db = createDatabase(config);
    const level = schemaLevel(manifest.migrations);
    await migrateTo(db, level);
    const rows = await loadRows(db, manifest, staging);
    log(`Database: ${rows} rows in ${manifest.tables.length} tables at schema ${level}.`);
    const migrated = await migrate(db);
    if (migrated.length) log(`Applied migrations: ${migrated.join(', ')}`);
    // A new identity: a build's changes-feed cursor from the original database must not be taken as current here,
    // since ids past the snapshot will be handed out again (ADR 081).
    await db.updateTable('meta').set({ value: randomUUID() }).where('key', '=', 'epoch').execute();
    const searchDocuments = await rebuildSearchIndex(db);
    log(`Search index built: ${searchDocuments} documents.`);

    for (const file of manifest.files) {
      const destination = path.join(dataDir, file.path.startsWith('secrets/') ? path.basename(file.path) : file.path);
      await fs.mkdir(path.dirname(destination), { recursive: true });
      await fs.rename(path.join(staging, file.path), destination);
      if (file.path.startsWith('secrets/')) await fs.chmod(destination, 0o600);
    }
    log(`Files: ${manifest.files.length} in place under ${dataDir}.`);
    return { manifest, rows, files: manifest.files.length, migrated, searchDocuments };
  } catch (error) {
    if (wrote) await emptyTarget(db, config, dataDir, dataDirExisted);
    throw error;
  } finally {
    await db?.destroy();
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Refuses a DATA_DIR with anything in it; resolves with whether it exists. */
async function checkEmptyFolder(dataDir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await fs.readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw new RestoreRefused(`DATA_DIR ${dataDir} is a file, not a folder`);
    throw error;
  }
  if (entries.length) {
    const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? ', …' : '');
    throw new RestoreRefused(`DATA_DIR ${dataDir} is not empty (it holds ${shown}); restore into an empty folder`);
  }
  return true;
}

async function checkEmptyDatabase(config: RestoreOptions['config']) {
  const db = createDatabase(config);
  try {
    const rows = await queryOf(db)(
      `select table_name from information_schema.tables where table_schema = current_schema() order by table_name`,
    );
    if (rows.length) {
      const names = rows.slice(0, 5).map((row) => row.table_name).join(', ') + (rows.length > 5 ? ', …' : '');
      throw new RestoreRefused(`the database is not empty (it has ${rows.length} tables: ${names}); restore into an empty database`);
    }
  } finally {
    await db.destroy();
  }
}

/** The manifest, which a backup writes first; an archive that does not start with it is not one of ours. */
async function readManifest(archive: string): Promise<Manifest> {
  try {
    await fs.access(archive);
  } catch {
    throw new RestoreRefused(`there is no archive at ${archive}`);
  }
  const chunks: Buffer[] = [];
  let first: string | undefined;
  try {
    await readTar(archive, (member) => {
      if (first !== undefined) return 'stop';
      first = member.name;
      if (member.name !== manifestName || member.size > 64 * 1024 * 1024) return 'stop';
      return (chunk) => void (chunk && chunks.push(chunk));
    });
  } catch (error) {
    throw damaged(error);
  }
  if (first !== manifestName) throw new RestoreRefused(`the archive is damaged or not a backup: it does not start with ${manifestName}`);
  try {
    return parseManifest(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new RestoreRefused(`the archive is damaged or not a backup: ${(error as Error).message}`);
  }
}

function checkSchema(manifest: Manifest) {
  const known = Object.keys(migrations).sort();
  const latest = known.at(-1)!;
  const level = schemaLevel(manifest.migrations);
  if (manifest.formatVersion > archiveFormatVersion || level > latest) {
    throw new RestoreRefused(
      `the archive was made by a newer version (schema ${level}; this code knows up to ${latest}); update the code, then restore`,
    );
  }
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new RestoreRefused(`the archive's schema has migrations this code does not know (${unknown.join(', ')}); restore it with the code that made it`);
  }
}

function damaged(error: unknown): Error {
  if (error instanceof ArchiveDamagedError) return new RestoreRefused(error.message);
  return error as Error;
}

/** Unpacks every member into `staging`, checking each against the manifest; anything missing, extra or changed refuses. */
async function unpack(archive: string, manifest: Manifest, staging: string) {
  const expected = new Map<string, { bytes: number; sha256: string }>();
  for (const table of manifest.tables) expected.set(table.path, table);
  for (const file of manifest.files) expected.set(file.path, file);
  const seen = new Set<string>();
  let problem: string | undefined;
  try {
    await readTar(archive, (member) => {
      if (member.name === manifestName && !seen.size) return () => undefined;
      const entry = expected.get(member.name);
      if (!entry || seen.has(member.name)) {
        problem ??= `it holds ${member.name}, which its manifest does not name`;
        return 'stop';
      }
      seen.add(member.name);
      if (member.size !== entry.bytes) {
        problem ??= `${member.name} has ${member.size} bytes, its manifest says ${entry.bytes}`;
        return 'stop';
      }
      const target = path.join(staging, member.name);
      const hash = createHash('sha256');
      let out: WriteStream | undefined;
      return async (chunk) => {
        if (!out) {
          await fs.mkdir(path.dirname(target), { recursive: true });
          out = createWriteStream(target, { flags: 'wx' });
        }
        if (chunk) {
          hash.update(chunk);
          if (!out.write(chunk)) await once(out, 'drain');
          return;
        }
        out.end();
        await once(out, 'close');
        if (hash.digest('hex') !== entry.sha256) problem ??= `${member.name} does not match its checksum`;
      };
    });
  } catch (error) {
    throw damaged(error);
  }
  const missing = [...expected.keys()].filter((name) => !seen.has(name));
  if (!problem && missing.length) problem = `${missing.length} members are missing (${missing.slice(0, 3).join(', ')})`;
  if (problem) throw new RestoreRefused(`the archive is damaged: ${problem}`);
}

const queryOf =
  (db: Kysely<Database>): Query =>
  async (text, params = []) =>
    (await db.executeQuery(CompiledQuery.raw(text, [...params]))).rows as Record<string, unknown>[];

/** Loads every table's rows in one transaction, at the schema level the archive was made at. */
async function loadRows(db: Kysely<Database>, manifest: Manifest, staging: string): Promise<number> {
  const dialect = dialectOf(db);
  return db.transaction().execute(async (trx) => {
    const query = queryOf(trx);
    const target = await describeTables(query, dialect);
    const byName = new Map(target.map((table) => [table.name, table]));
    const archived = new Map(manifest.tables.map((table) => [table.name, table]));
    for (const table of target) {
      const entry = archived.get(table.name);
      if (!entry) throw new Error(`the archive has no rows for the table ${table.name} of its own schema level`);
      const want = table.columns.map((column) => column.name).join(',');
      const have = entry.columns.map((column) => column.name).join(',');
      if (want !== have) throw new Error(`the columns of ${table.name} differ (archive: ${have}; schema: ${want})`);
    }
    for (const name of archived.keys()) if (!byName.has(name)) throw new Error(`the archive holds a table ${name} its schema does not have`);

    const order = loadOrder(target);
    // Rows the migrations wrote (the database's first identity, defaults) give way to the archive's.
    for (const table of [...order].reverse()) await query(`delete from ${quoteIdent(table.name)}`);
    let total = 0;
    for (const table of order) {
      const entry = archived.get(table.name)!;
      let rows = await readNdjson(path.join(staging, entry.path));
      if (rows.length !== entry.rows) throw new Error(`${entry.path} holds ${rows.length} rows, its manifest says ${entry.rows}`);
      rows = parentsFirst(table, rows);
      await insertRows(query, dialect, table, rows);
      total += rows.length;
      const keyAt = table.columns.findIndex((column) => column.name === table.counter);
      const highest = keyAt < 0 ? 0 : rows.reduce<number>((max, row) => Math.max(max, Number(row[keyAt])), 0);
      await setCounter(query, dialect, table, Math.max(entry.counter, highest));
    }
    return total;
  });
}

async function readNdjson(file: string): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line) rows.push(JSON.parse(line) as unknown[]);
  return rows;
}

async function insertRows(query: Query, dialect: DialectName, table: TableInfo, rows: unknown[][]) {
  const width = table.columns.length;
  const perStatement = Math.max(1, Math.floor(maxParameters / width));
  const columns = table.columns.map((column) => quoteIdent(column.name)).join(', ');
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    let n = 0;
    const tuples = batch.map(() => `(${table.columns.map(() => (dialect === 'postgres' ? `$${(n += 1)}` : '?')).join(', ')})`);
    await query(`insert into ${quoteIdent(table.name)} (${columns}) values ${tuples.join(', ')}`, batch.flat());
  }
}

/** After a failed restore: the database and DATA_DIR as empty as they were found. */
async function emptyTarget(db: Kysely<Database> | undefined, config: RestoreOptions['config'], dataDir: string, existed: boolean) {
  if (db && config.database.dialect === 'postgres') {
    try {
      const query = queryOf(db);
      const tables = await query(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`);
      for (const { table_name } of tables) await query(`drop table if exists ${quoteIdent(String(table_name))} cascade`);
    } catch {
      // The error that stopped the restore is the one to report.
    }
  }
  if (existed) {
    for (const entry of await fs.readdir(dataDir).catch(() => [] as string[])) {
      await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
  } else {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run backup` and the server's scheduled backups (ADR 081): one .tar.gz holding a consistent snapshot of the
 * database as rows (readable into either dialect), the media originals, the files of visitors' form uploads, and
 * the secrets only when asked. The manifest comes first and names every other member's size and SHA-256.
 * Written to `<file>.partial` and linked under its name when whole, so an archive under its own name is always
 * complete.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Config } from '../config';
import type { DialectName } from '../db/dialect';
import { resolveRelease } from '../../../contract/release';
import { buildTokenFile } from '../services/build-token';
import { uploadFolders } from '../services/forms/upload-folders';
import type { DumpRow } from './anonymise';
import { archiveFormat, archiveFormatVersion, manifestName, type FileEntry, type Manifest, type TableEntry } from './manifest';
import { canonical, counterValue, describeTables, quoteIdent, type Query, type TableInfo } from './schema';
import { openSnapshot, type Snapshot } from './snapshot';
import { TarWriter } from './tar';


export interface BackupOptions {
  config: Pick<Config, 'database' | 'dataDir' | 'release'>;
  /** Where the archive goes; refused if a file is there. */
  file: string;
  /** Include DATA_DIR's secret-key and build-token. */
  secrets?: boolean;
  /**
   * Changes or leaves out rows as they are dumped (a staging copy, ./anonymise.ts): the row to write, or null.
   * With it, visitors' uploaded files stay out too.
   */
  rows?: (table: string, row: DumpRow) => DumpRow | null;
  /** Called between the snapshot and the archive (tests write meanwhile). */
  afterSnapshot?: () => Promise<void> | void;
  /** Called the moment the snapshot's view is fixed (./snapshot.ts `onOpen`; again if the snapshot is taken again). */
  onSnapshotOpen?: () => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  startedAt: string;
  finishedAt: string;
  manifest: Manifest;
}

/** Rows read per query: a page of a large table is read in one step of the event loop on SQLite. */
const rowsPerRead = 500;
/** A file the snapshot names can vanish before it is read (a media item deleted meanwhile): the snapshot is taken again. */
const attempts = 3;

class FileVanished extends Error {}

export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const startedAt = new Date().toISOString();
  const target = path.resolve(options.file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  if (await exists(target)) throw new Error(`${target} exists already; a backup never overwrites a file`);
  // Beside the archive, named after it, so the retention (retention.ts) clears what a backup that died left.
  const work = `${target}.partial-rows`;
  await fs.mkdir(work);
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const manifest = await snapshotInto(work, options, startedAt);
        const partial = `${target}.partial`;
        try {
          await writeArchive(partial, work, manifest, options.config.dataDir);
          await fs.link(partial, target);
        } finally {
          await fs.rm(partial, { force: true });
        }
        const { size } = await fs.stat(target);
        return { file: target, bytes: size, startedAt, finishedAt: new Date().toISOString(), manifest };
      } catch (error) {
        if (!(error instanceof FileVanished) || attempt === attempts) throw error;
        await fs.rm(path.join(work, 'db'), { recursive: true, force: true });
      }
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Reads the database through one snapshot into `work/db/*.ndjson` and finds the files its rows name. */
async function snapshotInto(work: string, options: BackupOptions, createdAt: string): Promise<Manifest> {
  const snapshot = await openSnapshot(options.config.database, { onOpen: options.onSnapshotOpen });
  let tables: TableEntry[];
  let migrations: string[];
  let mediaNames: string[];
  let uploads: { stored_name: string; attached: boolean }[];
  try {
    migrations = (await snapshot.query(`select name from kysely_migration order by name`)).map((row) => String(row.name));
    if (!migrations.length) throw new Error('the database has no schema yet; start the server or run `npm run db:migrate` first');
    const infos = await describeTables(snapshot.query, snapshot.dialect);
    await fs.mkdir(path.join(work, 'db'), { recursive: true });
    tables = [];
    for (const info of infos) tables.push(await dumpTable(snapshot, info, work, options.rows));
    mediaNames = (await snapshot.query(`select filename from media order by id`)).map((row) => String(row.filename));
    uploads = options.rows
      ? []
      : (await snapshot.query(`select stored_name, attached_entry_id from temp_file order by id`)).map((row) => ({
          stored_name: String(row.stored_name),
          attached: row.attached_entry_id !== null,
        }));
  } finally {
    await snapshot.close();
  }
  await options.afterSnapshot?.();

  const { dataDir } = options.config;
  const folders = uploadFolders(dataDir);
  const files: FileEntry[] = [];
  for (const name of mediaNames) files.push(await describeFile(`media/${name}`, [path.join(dataDir, 'media', name)]));
  for (const upload of uploads) {
    // Sent meanwhile, a waiting file moved from tmp to entries; it goes back where the snapshot's row says it is.
    const where = upload.attached ? ['entries', 'tmp'] : ['tmp', 'entries'];
    const candidates = where.map((folder) => path.join(folders[folder as 'tmp' | 'entries'], upload.stored_name));
    files.push(await describeFile(`uploads/${where[0]}/${upload.stored_name}`, candidates));
  }
  if (options.secrets) {
    for (const name of ['secret-key', buildTokenFile]) {
      const source = path.join(dataDir, name);
      if (await exists(source)) files.push(await describeFile(`secrets/${name}`, [source]));
    }
  }
  return {
    format: archiveFormat,
    formatVersion: archiveFormatVersion,
    createdAt,
    release: options.config.release ?? resolveRelease(path.resolve(__dirname, '../../..')),
    dialect: snapshot.dialect,
    migrations,
    anonymised: Boolean(options.rows),
    secrets: Boolean(options.secrets),
    tables,
    files,
  };
}

/** Where each archived file was found, by its archive path (a waiting upload may have moved). */
const sources = new WeakMap<FileEntry, string>();

async function describeFile(archivePath: string, candidates: string[]): Promise<FileEntry> {
  for (const source of candidates) {
    try {
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of createReadStream(source) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      const entry = { path: archivePath, bytes, sha256: hash.digest('hex') };
      sources.set(entry, source);
      return entry;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new FileVanished(`${archivePath} is named by the database but not on disk`);
}

async function dumpTable(
  snapshot: Snapshot,
  table: TableInfo,
  work: string,
  filter: BackupOptions['rows'],
): Promise<TableEntry> {
  const member = `db/${table.name}.ndjson`;
  const out = createWriteStream(path.join(work, member));
  const hash = createHash('sha256');
  let bytes = 0;
  let count = 0;
  // Lines go to disk in chunks of about 64 KiB, and the event loop gets a turn after each, so the server whose
  // process takes a scheduled backup goes on answering (bench/backup.ts measures its saves meanwhile).
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = async () => {
    if (!pending.length) return;
    const chunk = Buffer.from(pending.join(''));
    pending = [];
    pendingLength = 0;
    hash.update(chunk);
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
    await new Promise((resolve) => setImmediate(resolve));
  };
  for await (const values of readRows(snapshot.query, snapshot.dialect, table)) {
    let row = values.map((value, at) => canonical(value, table.columns[at]!.kind, `${table.name}.${table.columns[at]!.name}`));
    if (filter) {
      const named: DumpRow = Object.fromEntries(table.columns.map((column, at) => [column.name, row[at]!]));
      const kept = filter(table.name, named);
      if (!kept) continue;
      row = table.columns.map((column) => kept[column.name] ?? null);
    }
    const line = `${JSON.stringify(row)}\n`;
    pending.push(line);
    pendingLength += line.length;
    count += 1;
    if (pendingLength >= 64 * 1024) await flush();
  }
  await flush();
  out.end();
  await once(out, 'close');
  return {
    name: table.name,
    path: member,
    columns: table.columns,
    primaryKey: table.primaryKey,
    rows: count,
    bytes,
    sha256: hash.digest('hex'),
    counter: await counterValue(snapshot.query, snapshot.dialect, table),
  };
}

/**
 * A table's rows as value arrays in column order, by primary key. A single integer key is read in pages by key;
 * any other table (a handful of small ones) is read whole and sorted here, so both dialects give the same order
 * whatever their text collation.
 */
export async function* readRows(query: Query, dialect: DialectName, table: TableInfo): AsyncGenerator<unknown[]> {
  const names = table.columns.map((column) => quoteIdent(column.name)).join(', ');
  const from = quoteIdent(table.name);
  const key = table.primaryKey.length === 1 ? table.columns.find((column) => column.name === table.primaryKey[0]) : undefined;
  const toValues = (row: Record<string, unknown>) => table.columns.map((column) => row[column.name]);
  if (key?.kind === 'integer') {
    const mark = dialect === 'postgres' ? '$1' : '?';
    let after = -Infinity;
    for (;;) {
      const rows = Number.isFinite(after)
        ? await query(`select ${names} from ${from} where ${quoteIdent(key.name)} > ${mark} order by ${quoteIdent(key.name)} limit ${rowsPerRead}`, [after])
        : await query(`select ${names} from ${from} order by ${quoteIdent(key.name)} limit ${rowsPerRead}`);
      for (const row of rows) yield toValues(row);
      if (rows.length < rowsPerRead) return;
      after = Number(rows.at(-1)![key.name]);
    }
  }
  const rows = (await query(`select ${names} from ${from}`)).map(toValues);
  const keyAt = (table.primaryKey.length ? table.primaryKey : table.columns.map((column) => column.name)).map((name) =>
    table.columns.findIndex((column) => column.name === name),
  );
  const sortKey = (row: unknown[]) => JSON.stringify(keyAt.map((at) => row[at] ?? null));
  rows.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  yield* rows;
}

async function writeArchive(file: string, work: string, manifest: Manifest, dataDir: string) {
  const tar = new TarWriter(file);
  try {
    const at = new Date(manifest.createdAt);
    await tar.addBuffer(manifestName, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), at);
    for (const table of manifest.tables) {
      await tar.addFile(table.path, path.join(work, table.path), table.bytes, at, () => undefined);
    }
    for (const entry of manifest.files) {
      const source = sources.get(entry) ?? path.join(dataDir, entry.path);
      const hash = createHash('sha256');
      await tar.addFile(entry.path, source, entry.bytes, at, (chunk) => hash.update(chunk));
      if (hash.digest('hex') !== entry.sha256) throw new Error(`${entry.path} changed while it was archived`);
    }
    await tar.finish();
  } catch (error) {
    await tar.abort();
    throw error;
  }
}

async function exists(file: string) {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

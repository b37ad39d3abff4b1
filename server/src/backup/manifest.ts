/**
 * The first member of every backup archive (ADR 081): what made it, the schema it belongs to, and for every
 * other member its size and SHA-256, so a restore checks each byte before it writes anything.
 */
import type { DialectName } from '../db/dialect';
import type { ColumnInfo } from './schema';

export const manifestName = 'manifest.json';
export const archiveFormat = 'konzertfreunde-backup';
export const archiveFormatVersion = 1;

export interface TableEntry {
  name: string;
  /** The member holding its rows: one JSON array per line, values in `columns` order, rows by primary key. */
  path: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  rows: number;
  bytes: number;
  sha256: string;
  /** The last id the table's counter gave out (0 for none). */
  counter: number;
}

export interface FileEntry {
  /** Where the file belongs, relative to DATA_DIR (media/…, uploads/entries/…, uploads/tmp/…, or a secret). */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof archiveFormat;
  formatVersion: number;
  createdAt: string;
  /** The release of the code that made it (package name, version and commit). */
  release: string;
  /** The dialect it was read from; a restore may go into either. */
  dialect: DialectName;
  /** Every migration the database had applied, in order; the last is its schema's level. */
  migrations: string[];
  anonymised: boolean;
  secrets: boolean;
  tables: TableEntry[];
  files: FileEntry[];
}

/** Where a member may go: only these folders of DATA_DIR and only plain names, whatever the archive says. */
const filePath = /^(media|uploads\/entries|uploads\/tmp)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$|^secrets\/(secret-key|build-token)$/;
const tablePath = /^db\/[a-z][a-z0-9_]{0,62}\.ndjson$/;
const sha256 = /^[0-9a-f]{64}$/;

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** Reads a manifest, refusing anything that does not have exactly the expected shape. */
export function parseManifest(text: string): Manifest {
  let value: Manifest;
  try {
    value = JSON.parse(text) as Manifest;
  } catch {
    throw new Error('its manifest is not valid JSON');
  }
  const fail = (what: string): never => {
    throw new Error(`its manifest is not valid: ${what}`);
  };
  if (!value || typeof value !== 'object') fail('not an object');
  if (value.format !== archiveFormat) fail(`it is not a ${archiveFormat} archive`);
  if (!Number.isInteger(value.formatVersion)) fail('formatVersion');
  if (typeof value.createdAt !== 'string' || Number.isNaN(Date.parse(value.createdAt))) fail('createdAt');
  if (value.dialect !== 'sqlite' && value.dialect !== 'postgres') fail('dialect');
  if (!Array.isArray(value.migrations) || !value.migrations.length || value.migrations.some((name) => typeof name !== 'string')) {
    fail('migrations');
  }
  if (!Array.isArray(value.tables) || !Array.isArray(value.files)) fail('tables or files');
  const paths = new Set<string>();
  for (const table of value.tables) {
    if (!tablePath.test(table?.path ?? '') || table.path !== `db/${table.name}.ndjson`) fail(`table ${JSON.stringify(table?.name)}`);
    if (!isCount(table.rows) || !isCount(table.bytes) || !isCount(table.counter) || !sha256.test(table.sha256)) fail(`table ${table.name}`);
    if (!Array.isArray(table.columns) || !table.columns.length || !Array.isArray(table.primaryKey)) fail(`columns of ${table.name}`);
    paths.add(table.path);
  }
  for (const file of value.files) {
    if (!filePath.test(file?.path ?? '') || file.path.includes('..')) fail(`the file name ${JSON.stringify(file?.path)}`);
    if (!isCount(file.bytes) || !sha256.test(file.sha256)) fail(`file ${file.path}`);
    if (paths.has(file.path)) fail(`${file.path} twice`);
    paths.add(file.path);
  }
  return value;
}

/** The schema level of a list of applied migrations: the last by name, as the migrator orders them. */
export const schemaLevel = (migrations: string[]) => [...migrations].sort().at(-1)!;

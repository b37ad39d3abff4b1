/**
 * What the backup needs to know of a database's tables, read from the database itself on either dialect
 * (ADR 081): the tables that hold records, their columns with the kind of value each holds, their primary key,
 * their foreign keys and the counter behind an auto-assigned key. The search index is left out: it is derived
 * from the records and rebuilt after a restore, as media variants are remade from the originals.
 */
import type { DialectName } from '../db/dialect';

/** Runs one SQL statement with positional parameters (`?` on SQLite, `$1` on PostgreSQL) and returns its rows. */
export type Query = (text: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>;

export type ValueKind = 'integer' | 'number' | 'text';

export interface ColumnInfo {
  name: string;
  kind: ValueKind;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  /** Columns referencing another table's (or this table's) rows. */
  references: { column: string; table: string }[];
  /** The column whose values a counter assigns (never reused), if any. */
  counter?: string;
}

/** Tables a backup leaves out: the migrator's bookkeeping, SQLite's own, and the rebuilt search index. */
export function isDerivedTable(name: string): boolean {
  return /^(kysely_|sqlite_)/.test(name) || name === 'search_document' || /^search_(fts|title)_/.test(name);
}

function kindOf(type: string): ValueKind {
  const lower = type.toLowerCase();
  if (/int|serial/.test(lower)) return 'integer';
  if (/real|double|float|numeric|decimal/.test(lower)) return 'number';
  if (/text|char|clob/.test(lower)) return 'text';
  throw new Error(`backup: a column of type "${type}" has no canonical form`);
}

/** Every table of record in the database, sorted by name. */
export async function describeTables(query: Query, dialect: DialectName): Promise<TableInfo[]> {
  return dialect === 'sqlite' ? describeSqlite(query) : describePostgres(query);
}

async function describeSqlite(query: Query): Promise<TableInfo[]> {
  const tables = await query(`select name, sql from sqlite_master where type = 'table' order by name`);
  const result: TableInfo[] = [];
  for (const { name, sql } of tables as { name: string; sql: string | null }[]) {
    if (isDerivedTable(name)) continue;
    const columns = (await query(`select name, type, pk from pragma_table_info(?) order by cid`, [name])) as {
      name: string;
      type: string;
      pk: number;
    }[];
    const foreign = (await query(`select "table" as ref, "from" as col from pragma_foreign_key_list(?)`, [name])) as {
      ref: string;
      col: string;
    }[];
    const primaryKey = columns
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    result.push({
      name,
      columns: columns.map((column) => ({ name: column.name, kind: kindOf(column.type) })),
      primaryKey,
      references: foreign.map(({ ref, col }) => ({ column: col, table: ref })),
      counter: /\bautoincrement\b/i.test(sql ?? '') && primaryKey.length === 1 ? primaryKey[0] : undefined,
    });
  }
  return result;
}

async function describePostgres(query: Query): Promise<TableInfo[]> {
  const tables = (await query(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as { name: string }[];
  const result: TableInfo[] = [];
  for (const { name } of tables) {
    if (isDerivedTable(name)) continue;
    const relation = `${quoteIdent(name)}`;
    const columns = (await query(
      `select column_name as name, data_type as type, column_default as fallback from information_schema.columns
        where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
      [name],
    )) as { name: string; type: string; fallback: string | null }[];
    const primaryKey = (
      (await query(
        `select a.attname as name from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = to_regclass($1) and i.indisprimary
          order by array_position(i.indkey, a.attnum)`,
        [relation],
      )) as { name: string }[]
    ).map((row) => row.name);
    const references = (await query(
      `select c.confrelid::regclass::text as ref, a.attname as col from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.conrelid = to_regclass($1)`,
      [relation],
    )) as { ref: string; col: string }[];
    const counter = columns.find((column) => column.fallback?.startsWith('nextval('))?.name;
    result.push({
      name,
      columns: columns.map((column) => ({ name: column.name, kind: kindOf(column.type) })),
      primaryKey,
      references: references.map(({ ref, col }) => ({ column: col, table: ref.replace(/^"|"$/g, '') })),
      counter,
    });
  }
  return result;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The last value a table's counter gave out (0 when none), so a restore never hands out an id again. */
export async function counterValue(query: Query, dialect: DialectName, table: TableInfo): Promise<number> {
  if (!table.counter) return 0;
  if (dialect === 'sqlite') {
    const rows = await query(`select seq from sqlite_sequence where name = ?`, [table.name]);
    return Number(rows[0]?.seq ?? 0);
  }
  const [found] = (await query(`select pg_get_serial_sequence($1, $2) as sequence`, [quoteIdent(table.name), table.counter])) as {
    sequence: string | null;
  }[];
  if (!found?.sequence) return 0;
  // The name comes from the catalogue, already quoted where needed.
  const [state] = await query(`select last_value, is_called from ${found.sequence}`);
  return state?.is_called ? Number(state.last_value) : 0;
}

/** Sets a table's counter so the next id it gives out follows `value` (and every id the source ever gave). */
export async function setCounter(query: Query, dialect: DialectName, table: TableInfo, value: number): Promise<void> {
  if (!table.counter) return;
  if (dialect === 'sqlite') {
    await query(`delete from sqlite_sequence where name = ?`, [table.name]);
    if (value > 0) await query(`insert into sqlite_sequence (name, seq) values (?, ?)`, [table.name, value]);
    return;
  }
  const [found] = (await query(`select pg_get_serial_sequence($1, $2) as sequence`, [quoteIdent(table.name), table.counter])) as {
    sequence: string | null;
  }[];
  if (!found?.sequence) return;
  await query(value > 0 ? `select setval($1, $2, true)` : `select setval($1, 1, false)`, value > 0 ? [found.sequence, value] : [found.sequence]);
}

/**
 * The order to fill tables in so every foreign key finds its row: a table after the tables it references (a
 * reference to itself is ordered row by row, `parentsFirst`).
 */
export function loadOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: TableInfo, path: string[]) => {
    const seen = state.get(table.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new Error(`backup: the foreign keys of ${[...path, table.name].join(' → ')} form a cycle`);
    state.set(table.name, 'visiting');
    for (const reference of table.references) {
      const target = byName.get(reference.table);
      if (target && target.name !== table.name) visit(target, [...path, table.name]);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** Rows of a table that references itself, each after the row it references (a page after its parent). */
export function parentsFirst(table: TableInfo, rows: unknown[][]): unknown[][] {
  const own = table.references.filter((reference) => reference.table === table.name);
  if (!own.length || table.primaryKey.length !== 1) return rows;
  const keyAt = table.columns.findIndex((column) => column.name === table.primaryKey[0]);
  const refAt = own.map((reference) => table.columns.findIndex((column) => column.name === reference.column));
  const byKey = new Map(rows.map((row) => [row[keyAt], row]));
  const placed = new Set<unknown>();
  const ordered: unknown[][] = [];
  const place = (row: unknown[], depth: number) => {
    if (placed.has(row[keyAt])) return;
    if (depth > rows.length) throw new Error(`backup: the rows of ${table.name} reference each other in a cycle`);
    for (const at of refAt) {
      const parent = row[at] === null ? undefined : byKey.get(row[at]);
      if (parent && parent !== row) place(parent, depth + 1);
    }
    placed.add(row[keyAt]);
    ordered.push(row);
  };
  for (const row of rows) place(row, 0);
  return ordered;
}

/** A value as the archive holds it: integers and decimals as JSON numbers, text as strings, or null. */
export function canonical(value: unknown, kind: ValueKind, where: string): string | number | null {
  if (value === null || value === undefined) return null;
  if (kind === 'text') {
    if (typeof value === 'string') return value;
    throw new Error(`backup: ${where} holds ${typeof value} in a text column`);
  }
  const number = typeof value === 'bigint' ? Number(value) : typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new Error(`backup: ${where} holds a value that is not a number`);
  if (kind === 'integer' && !Number.isSafeInteger(number)) throw new Error(`backup: ${where} holds an integer beyond 2^53`);
  return number;
}

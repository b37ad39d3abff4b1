import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteHandle } from 'kysely';
import { Pool } from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './database';

/**
 * The one place that picks the SQL dialect: an embedded SQLite file by default, PostgreSQL when configured.
 * Both run the same migrations and queries.
 */
export function createDatabase(config: { database: DatabaseConfig }): Kysely<Database> {
  const { database } = config;
  if (database.dialect === 'postgres') {
    if (database.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(database.schema)) {
      throw new Error(`Invalid PostgreSQL schema name "${database.schema}"`);
    }
    const pool = new Pool({
      connectionString: database.url,
      max: 10,
      // Every connection resolves unqualified table names in the given schema first.
      ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }

  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  // WAL lets readers (a backup, the sqlite3 shell) work while the server writes; NORMAL sync is safe with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (the CLI while the server runs) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteHandles.set(db, sqlite);
  return db;
}

/** The better-sqlite3 handle under each SQLite Kysely instance made here. */
const sqliteHandles = new WeakMap<Kysely<Database>, SqliteDatabase.Database>();

/**
 * A query of one value run synchronously on the SQLite connection under `db` (made by createDatabase), or undefined
 * for PostgreSQL and any other handle. For a read on the hot path that must not wait its turn in Kysely's
 * asynchronous driver (ADR 092: the kept answers' freshness check). The function answers `notNow` while a
 * transaction is open on the connection: its rows are not committed (they may yet be rolled back), and the caller
 * must ask through Kysely, which waits for the transaction's end.
 */
export function syncSqliteValue(db: Kysely<Database>, sql: string): ((notNow: symbol) => unknown) | undefined {
  const sqlite = sqliteHandles.get(db);
  if (!sqlite) return undefined;
  const statement = sqlite.prepare(sql).pluck();
  return (notNow) => (sqlite.inTransaction ? notNow : statement.get());
}

/** How many prepared statements a SQLite handle keeps; the app's queries have far fewer distinct shapes. */
const statementsKept = 500;

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small query. Statements are kept
 * by their SQL text (parameters stay parameters), oldest dropped first. SQLite re-prepares a kept statement by
 * itself when the schema changes, and the single connection never runs two statements at once.
 */
function withStatementCache(sqlite: SqliteHandle): SqliteHandle {
  const kept = new Map<string, ReturnType<SqliteHandle['prepare']>>();
  return {
    prepare(sql) {
      let statement = kept.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (kept.size >= statementsKept) kept.delete(kept.keys().next().value!);
        kept.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

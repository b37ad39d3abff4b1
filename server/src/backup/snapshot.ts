/**
 * A consistent view of the database while the server goes on writing (ADR 081): on SQLite a read transaction on a
 * connection of its own (the database runs in WAL mode, so the view stays fixed at its first read while writers
 * carry on and commit); on PostgreSQL a REPEATABLE READ, READ ONLY transaction on a connection of its own. Every
 * read of one backup goes through the same view, so each row is as it was at one moment: every write
 * acknowledged before it is there, none after it, and no half of a transaction.
 */
import SqliteDatabase from 'better-sqlite3';
import { Client } from 'pg';
import type { DatabaseConfig } from '../config';
import type { DialectName } from '../db/dialect';
import type { Query } from './schema';

export interface Snapshot {
  dialect: DialectName;
  query: Query;
  close(): Promise<void>;
}

export interface SnapshotOptions {
  /**
   * Called once the view is fixed. On SQLite it runs synchronously right after the first read, before any other
   * JavaScript of this process, so no commit of this process's connections falls between: a read begun in it sees
   * the same rows (the round-trip test opens its reference view there). On PostgreSQL it runs after the first
   * statement, with no such promise.
   */
  onOpen?: () => void;
}

export async function openSnapshot(database: DatabaseConfig, { onOpen }: SnapshotOptions = {}): Promise<Snapshot> {
  if (database.dialect === 'sqlite') {
    const sqlite = new SqliteDatabase(database.file, { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    sqlite.prepare('begin').run();
    // The view is fixed by the transaction's first read, taken here, before anything else is read.
    try {
      sqlite.prepare('select count(*) from sqlite_master').all();
      onOpen?.();
    } catch (error) {
      sqlite.close();
      throw error;
    }
    const query: Query = async (text, params = []) => sqlite.prepare(text).all(...params) as Record<string, unknown>[];
    return {
      dialect: 'sqlite',
      query,
      close: async () => {
        if (sqlite.inTransaction) sqlite.prepare('commit').run();
        sqlite.close();
      },
    };
  }
  const client = new Client({
    connectionString: database.url,
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // In PostgreSQL the view of a repeatable read transaction is taken at its first statement.
    await client.query('select 1');
    onOpen?.();
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    dialect: 'postgres',
    query: async (text, params = []) => (await client.query(text, params as unknown[])).rows,
    close: async () => {
      try {
        await client.query('commit');
      } finally {
        await client.end();
      }
    },
  };
}

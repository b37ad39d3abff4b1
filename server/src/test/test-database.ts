/**
 * Real databases for tests: a SQLite file in the test's temp folder, or a fresh schema in the PostgreSQL
 * database named by TEST_DATABASE_URL (dropped afterwards). No mocks.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig } from '../config';
import { createDatabase } from '../db/create-database';
import type { Database } from '../db/database';

export type Dialect = 'sqlite' | 'postgres';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

export interface TestDatabase {
  db: Kysely<Database>;
  config: DatabaseConfig;
  /** Closes the handle and removes the schema (PostgreSQL); the SQLite file goes with the temp folder. */
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: Dialect, dataDir: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dataDir, 'test.sqlite') };
    const db = createDatabase({ database: config });
    return { db, config, drop: () => db.destroy() };
  }
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `kf_test_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase({ database: { dialect: 'postgres', url: testDatabaseUrl } });
  try {
    // Fails loudly (and so fails the suite) when PostgreSQL cannot be reached.
    await sql`create schema ${sql.id(schema)}`.execute(admin);
  } catch (error) {
    await admin.destroy();
    throw new Error(`Cannot prepare a schema in TEST_DATABASE_URL: ${(error as Error).message}`, { cause: error });
  }
  const config: DatabaseConfig = { dialect: 'postgres', url: testDatabaseUrl, schema };
  const db = createDatabase({ database: config });
  return {
    db,
    config,
    async drop() {
      await db.destroy();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

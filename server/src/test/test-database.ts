/**
 * Real databases for tests: a SQLite file in the test's temp folder, or one in the PostgreSQL server of
 * TEST_DATABASE_URL (dropped afterwards). No mocks. `createTestDatabase` makes an empty one (a fresh schema in the
 * database of TEST_DATABASE_URL); `createMigratedTestDatabase` one migrated and seeded as a test context needs it,
 * copied from a template built once per Jest run (test-templates.ts, ADR 058).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig } from '../config';
import { createDatabase } from '../db/create-database';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDatabase } from '../seed';
import { clonePostgresTemplate, copyTemplateData, sqliteFile, templateFor, templatesEnabled } from './test-templates';

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
    const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dataDir, sqliteFile) };
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

/**
 * A database migrated and, unless `seed` is false, seeded (media originals written to `dataDir/media`, images drawn at
 * `imageScale`, the programme dated around `now`): a copy of this run's template for these options. `dataDir` must
 * be empty. Without templates (no Jest global setup) it migrates and seeds the database itself, as before.
 */
export async function createMigratedTestDatabase(
  dialect: Dialect,
  dataDir: string,
  options: { seed: boolean; now: Date; imageScale: number },
): Promise<TestDatabase> {
  if (!templatesEnabled()) {
    const database = await createTestDatabase(dialect, dataDir);
    try {
      await migrate(database.db);
      if (options.seed) await seedDatabase(database.db, { dataDir, imageScale: options.imageScale, now: options.now });
    } catch (error) {
      await database.drop();
      throw error;
    }
    return database;
  }
  if (dialect === 'postgres' && !testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = await templateFor({ dialect, ...options }, testDatabaseUrl);
  await copyTemplateData(template.dataDir, dataDir);
  if (dialect === 'sqlite') {
    const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dataDir, sqliteFile) };
    const db = createDatabase({ database: config });
    return { db, config, drop: () => db.destroy() };
  }
  const admin = createDatabase({ database: { dialect: 'postgres', url: testDatabaseUrl! } });
  let clone: Awaited<ReturnType<typeof clonePostgresTemplate>>;
  try {
    clone = await clonePostgresTemplate(admin, template, testDatabaseUrl!);
  } catch (error) {
    await admin.destroy();
    throw new Error(`Cannot copy the template database in TEST_DATABASE_URL: ${(error as Error).message}`, { cause: error });
  }
  const db = createDatabase({ database: clone.config });
  return {
    db,
    config: clone.config,
    async drop() {
      await db.destroy();
      try {
        // Other handles a test opened on it (and closed) may still be going away; PostgreSQL waits up to 5 s for them.
        await sql`drop database if exists ${sql.id(clone.database)}`.execute(admin);
      } finally {
        await admin.destroy();
      }
    },
  };
}

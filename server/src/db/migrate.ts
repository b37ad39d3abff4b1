import { Migrator, sql, type Kysely, type MigrationResult } from 'kysely';
import type { Database } from './database';
import { dialectOf } from './dialect';
import { migrations } from './migrations';

/**
 * Brings the schema up to date. Resolves with the names of the migrations applied now (empty when there was
 * nothing to do); rejects with the failing migration's error, leaving earlier ones applied.
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = await createMigrator(db);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw failure(error, results);
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

async function createMigrator(db: Kysely<Database>): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every PostgreSQL schema unless told which one; another schema's
  // tables (another app, another test run) would then be taken for ours.
  let migrationTableSchema: string | undefined;
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
}

function failure(error: unknown, results: MigrationResult[]): Error {
  const failed = results.find((result) => result.status === 'Error');
  const reason = error instanceof Error ? error : new Error(String(error));
  const which = failed ? `Migration ${failed.migrationName}` : 'Migrating';
  return new Error(`${which} failed: ${reason.message}`, { cause: reason });
}

/**
 * Brings an empty database to exactly the schema level `name` (a restore loads rows made at that level, then
 * migrates on, ADR 081). Resolves with the migrations applied.
 */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  const migrator = await createMigrator(db);
  const { error, results = [] } = await migrator.migrateTo(name);
  if (error) throw failure(error, results);
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

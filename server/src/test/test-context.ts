/**
 * A content server for tests: a fresh temp folder (DATA_DIR), a real database, migrated and (by default)
 * seeded with small demo images, and the app ready for `app.inject`.
 */
import './esm-interop';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDatabase } from '../seed';
import { createTestDatabase, type Dialect } from './test-database';

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** Requests with this header are treated as logged-in staff until the login issue provides the real check. */
export const staffHeader = { 'x-test-staff': '1' };

export async function createTestContext(
  dialect: Dialect,
  options: { seed?: boolean; publicDir?: string } = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-server-test-'));
  const database = await createTestDatabase(dialect, dataDir);
  const { db } = database;
  try {
    await migrate(db);
    // 0.2 keeps images small (480px for the widest) yet larger than the smallest variant width.
    if (options.seed !== false) await seedDatabase(db, { dataDir, imageScale: 0.2 });
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      publicDir: options.publicDir ?? path.join(dataDir, 'public'),
      database: database.config,
      logLevel: 'silent',
    };
    const app = buildApp({ config, db, logger: false });
    app.addHook('onRequest', async (request) => {
      request.isStaff = request.headers['x-test-staff'] === '1';
    });
    await app.ready();
    return {
      app,
      db,
      config,
      dataDir,
      async close() {
        await app.close();
        await database.drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Parses a JSON reply body. */
export const json = <T = any>(response: { body: string }): T => JSON.parse(response.body) as T;

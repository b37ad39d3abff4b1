/**
 * A content server for tests: a fresh temp folder (DATA_DIR), a real database of its own, migrated and (by default)
 * seeded with small demo images, and the app ready for `app.inject`. The database and the media are a copy of a
 * template built once per Jest run for the same options (test-templates.ts, ADR 058).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app';
import { loopbackOnlyCheck } from './loopback-only-check';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { PublishOptions } from '../plugins/publish';
import { resolveBuildToken } from '../services/build-token';
import { createMigratedTestDatabase, type Dialect, type TestDatabase } from './test-database';

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  dataDir: string;
  /** What the build sends to read /api/sync: `config.buildToken`, or the one generated in `dataDir`. */
  buildToken: string;
  close(): Promise<void>;
}

/**
 * The moment tests live in: the seed dates the programme around it and the app's clock says it is now, so
 * "today" never depends on when the tests run. A Monday in November, 11:00 in Berlin.
 */
export const testNow = new Date('2026-11-23T10:00:00.000Z');

/**
 * Requests with this header read as staff (offline pages, version previews) without logging in; staff writes need a
 * real session: test/staff-session.ts `loginAs`.
 */
export const staffHeader = { 'x-test-staff': '1' };

const databases = new WeakMap<App, Db>();

/** The database a test app was built on (for helpers that get only the app, such as `loginAs`). */
export function databaseOf(app: App): Db {
  const db = databases.get(app);
  if (!db) throw new Error('databaseOf: the app was not made by createTestContext');
  return db;
}

export async function createTestContext(
  dialect: Dialect,
  options: {
    seed?: boolean;
    publicDir?: string;
    now?: Date;
    /** Configuration to override, e.g. `{ smtpUrl }` for mail tests or `{ minFillMs }` for the bot check. */
    config?: Partial<Config>;
    /** Mail delivery loop period; default 0 (off): tests call `app.mail.flush()`. */
    mailIntervalMs?: number;
    /** A publish queue with this builder and timing (plugins/publish.ts); default none. */
    publish?: PublishOptions;
    /** Adds routes or hooks before the app is ready (e.g. a test-only route). */
    register?: (app: App, db: Db) => void;
  } = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-server-test-'));
  const now = options.now ?? testNow;
  let database: TestDatabase;
  try {
    // 0.2 keeps images small (480px for the widest) yet larger than the smallest variant width.
    database = await createMigratedTestDatabase(dialect, dataDir, { seed: options.seed !== false, now, imageScale: 0.2 });
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { db } = database;
  try {
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      publicDir: options.publicDir ?? path.join(dataDir, 'public'),
      database: database.config,
      logLevel: 'silent',
      publicUrl: 'http://localhost:8000',
      mailFrom: 'Konzertfreunde <noreply@konzertfreunde.example>',
      // Forms may be sent at once in tests; bot-check tests set their own minimum.
      minFillMs: 0,
      ...options.config,
    };
    // The link checker runs no loop and never reaches an outside host (ADR 086); a test runs a round itself.
    const linkCheck = { roundEveryMs: 0, pauseMs: 0, check: loopbackOnlyCheck };
    const app = buildApp({ config, db, logger: false, now: () => now, mailIntervalMs: options.mailIntervalMs ?? 0, testStaffHeader: true, publish: options.publish, linkCheck });
    databases.set(app, db);
    options.register?.(app, db);
    await app.ready();
    return {
      app,
      db,
      config,
      dataDir,
      buildToken: resolveBuildToken(config),
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read an answer's fields without declaring its type
export const json = <T = any>(response: { body: string }): T => JSON.parse(response.body) as T;

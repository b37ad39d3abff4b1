import type { AddressInfo } from 'node:net';
import { buildApp, registerBackupSchedule, type App } from './app';
import { takeBackup } from './backup/backup';
import type { Config } from './config';
import { createDatabase } from './db/create-database';
import type { Db } from './db/database';
import type { PublishOptions } from './plugins/publish';
import { migrate } from './db/migrate';
import { resolveBuildToken } from './services/build-token';
import { seedDatabase } from './seed';
import { ensureSearchIndex } from './db/search/search-indexer';

export interface RunningServer {
  app: App;
  db: Db;
  /** Where this process reaches the server (the build's CONTENT_API_URL), e.g. http://127.0.0.1:8000. */
  url: string;
  /** What the build sends to read the changes feed (the build's BUILD_TOKEN, ADR 024). */
  buildToken: string;
  /** What to show people and browsers, e.g. http://localhost:8000. */
  publicUrl: string;
  /** Stops listening, then closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Progress lines ("Seeding demo content…"); default console.log. */
  log?: (line: string) => void;
  /** Fastify's logger option; default pino at the configured level. */
  logger?: Parameters<typeof buildApp>[0]['logger'];
  /** Size factor for the demo images of a first seed (tests use a small one); default 1. */
  seedImageScale?: number;
  /** The publish queue's builder (scripts/start.ts, scripts/e2e.ts); without it saves are not published. */
  publish?: PublishOptions;
}

const anyAddress = new Set(['0.0.0.0', '::', '']);
const loopback = new Set(['127.0.0.1', '::1', 'localhost']);

export function describeDatabase(config: Config) {
  if (config.database.dialect === 'sqlite') return `SQLite at ${config.database.file}`;
  const url = new URL(config.database.url);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/**
 * Everything `npm start` needs from the content server: migrates the database, seeds it when empty, builds the
 * app and listens. Resolves once it accepts connections.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = createDatabase(config);
  try {
    log(`Database: ${describeDatabase(config)}`);
    const applied = await migrate(db);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    await seedDatabase(db, { dataDir: config.dataDir, log, imageScale: options.seedImageScale });
    const indexed = await ensureSearchIndex(db);
    if (indexed !== null) log(`Search index built: ${indexed} documents`);

    // Resolved once here (DATA_DIR/build-token when unset), so the app and the builds this process starts agree.
    const buildToken = resolveBuildToken(config);
    const app = buildApp({ config: { ...config, buildToken }, db, logger: options.logger, publish: options.publish, errorReportIntervalMs: 10_000 });
    // Backups of the server's own, when BACKUP_INTERVAL_HOURS asks for them (ADR 081).
    registerBackupSchedule(app, (file) => takeBackup({ config, file }));
    await app.listen({ port: config.port, host: config.host });
    const { port } = app.server.address() as AddressInfo;
    const host = anyAddress.has(config.host) ? '127.0.0.1' : config.host;
    const hostInUrl = host.includes(':') ? `[${host}]` : host;
    const url = `http://${hostInUrl}:${port}`;
    const publicUrl = anyAddress.has(config.host) || loopback.has(config.host) ? `http://localhost:${port}` : url;
    log(`Content server listening on ${url}`);

    let closed = false;
    return {
      app,
      db,
      url,
      buildToken,
      publicUrl,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

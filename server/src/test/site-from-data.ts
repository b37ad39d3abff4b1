/**
 * A content server on a DATA_DIR of its own, started as `npm start` starts one (loadConfig, start-server.ts): on an
 * empty folder it seeds the demo site, on a restored one (ADR 081) it serves what the backup held. And cold builds
 * of the site from it, each in a fresh workspace of its own (scripts/lib/site-workspace.ts), never in the checkout:
 * the checkout's var/, .cache and public/ stay untouched, as with bench/lib/bench-site.ts.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { startServer, type RunningServer } from '../start-server';
import { buildSite } from '../../../scripts/lib/build-site';
import { prepareSiteWorkspace } from '../../../scripts/lib/site-workspace';

export interface SiteFromData {
  server: RunningServer;
  config: Config;
  /**
   * A cold `gatsby build` from the server in a fresh workspace at `workspace`: its public/ folder and duration.
   * `signal` stops it (a test that times out), with its workers.
   */
  build(workspace: string, options?: { signal?: AbortSignal }): Promise<{ publicDir: string; ms: number }>;
  close(): Promise<void>;
}

/**
 * Starts the server on `dataDir` on a free port. Published builds would go to `<dataDir>-live` beside it, outside
 * DATA_DIR. `env` adds or overrides variables (the tests' `MIN_FILL_MS: '0'` is set: forms may be sent at once).
 */
export async function startSiteFromData(dataDir: string, env: Record<string, string> = {}): Promise<SiteFromData> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_DIR: `${path.resolve(dataDir)}-live`,
    LOG_LEVEL: 'error',
    MIN_FILL_MS: '0',
    ...env,
  });
  // Small demo images, as the benchmark's, when the folder is seeded.
  const server = await startServer(config, { log: () => undefined, seedImageScale: 0.3 });
  return {
    server,
    config,
    async build(workspace, { signal } = {}) {
      if (await fs.stat(workspace).then(() => true, () => false)) throw new Error(`${workspace} exists already; a build from data starts cold`);
      const siteDir = await prepareSiteWorkspace(workspace);
      const { ms } = await buildSite({ contentApiUrl: server.url, buildToken: server.buildToken, siteUrl: server.publicUrl, cwd: siteDir, quiet: true, signal });
      return { publicDir: path.join(siteDir, 'public'), ms };
    },
    close: () => server.close(),
  };
}

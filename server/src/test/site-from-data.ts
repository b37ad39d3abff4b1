/**
 * A content server on a DATA_DIR of its own, started as `npm start` starts one (loadConfig, start-server.ts): on an
 * empty folder it seeds the demo site, on a restored one (ADR 081) it serves what the backup held. And cold builds
 * of the site from it, never in the checkout: the checkout's var/, .cache and public/ stay untouched, as with
 * bench/lib/bench-site.ts.
 *
 * A cold build here sources every node afresh and writes every file of public/ afresh, but the builds of one Jest
 * run share webpack's cache (ADR 082): the bundles depend on the code, not on the data, and compiling them is most
 * of a cold build's time (63 s cold, 13 s with the cache, for the seeded site on an idle machine; the two public/
 * folders byte-identical).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { startServer, type RunningServer } from '../start-server';
import { buildSite } from '../../../scripts/lib/build-site';
import { prepareSiteWorkspace } from '../../../scripts/lib/site-workspace';
import { templatesVariable } from './test-templates';

export interface SiteFromData {
  server: RunningServer;
  config: Config;
  /**
   * A cold `gatsby build` from the server (coldBuild below): its public/ folder, moved to `workspace`, and its
   * duration. `signal` stops it (a test that times out), with its workers.
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
    build: (workspace, options) => coldBuild(server, workspace, options),
    close: () => server.close(),
  };
}

/** What a build keeps of the builds before it: webpack's compiled modules, in `.cache/webpack`. */
const keptCache = 'webpack';

/**
 * The folder the builds of this Jest run take turns in (the run's templates folder, made by global-setup.ts), or,
 * outside Jest, one of this process's own. Always at the same path: webpack's cache holds absolute paths.
 */
function sharedWorkspace(): string {
  const runFolder = process.env[templatesVariable];
  return runFolder ? path.join(runFolder, 'site-build') : path.join(os.tmpdir(), `kf-site-build-${process.pid}`);
}

const exists = (file: string) => fs.stat(file).then(() => true, () => false);

/**
 * A cold build from `server`: nothing of an earlier build's state (Gatsby's redux state, the source plugin's nodes,
 * page data, query results) and no public/ folder, so every node is sourced and every file written by this build;
 * only webpack's cache is kept from the build before it in the shared folder. One build at a time uses that folder:
 * a build that finds it taken (two Jest workers at once) builds in a folder of its own, from nothing. The built
 * public/ is moved to `<workspace>/public`; `workspace` must not exist yet.
 */
async function coldBuild(server: RunningServer, workspace: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ publicDir: string; ms: number }> {
  if (await exists(workspace)) throw new Error(`${workspace} exists already; a build from data starts cold`);
  const shared = sharedWorkspace();
  const lock = `${shared}.lock`;
  await fs.mkdir(path.dirname(shared), { recursive: true });
  const owned = await fs.mkdir(lock).then(() => true, (error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return false;
    throw error;
  });
  const siteDir = owned ? shared : path.join(workspace, 'site');
  try {
    await prepareSiteWorkspace(siteDir);
    await fs.rm(path.join(siteDir, 'public'), { recursive: true, force: true });
    const cache = path.join(siteDir, '.cache');
    for (const entry of await fs.readdir(cache).catch(() => [] as string[])) {
      if (entry !== keptCache) await fs.rm(path.join(cache, entry), { recursive: true, force: true });
    }
    const { ms } = await buildSite({ contentApiUrl: server.url, buildToken: server.buildToken, siteUrl: server.publicUrl, cwd: siteDir, quiet: true, signal });
    const publicDir = path.join(workspace, 'public');
    await fs.mkdir(workspace, { recursive: true });
    await fs.rename(path.join(siteDir, 'public'), publicDir);
    return { publicDir, ms };
  } finally {
    if (owned) await fs.rm(lock, { recursive: true, force: true });
  }
}

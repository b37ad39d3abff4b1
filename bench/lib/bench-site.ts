/**
 * Where a build benchmark works: a temp folder with a site workspace (scripts/lib/site-workspace.ts) and a content
 * server on its own seeded database, so the checkout's build and database stay untouched (ADR 004).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/src/config';
import type { PublishOptions } from '../../server/src/plugins/publish';
import { startServer, type RunningServer } from '../../server/src/start-server';
import { prepareSiteWorkspace } from '../../scripts/lib/site-workspace';

export interface BenchSite {
  workdir: string;
  /** The workspace Gatsby builds in. */
  siteDir: string;
  /** Gatsby's output in it. */
  publicDir: string;
  /** Where builds are published whole (scripts/lib/live-site.ts), which the server serves (ADR 052). */
  liveDir: string;
  server: RunningServer;
  /** The server's configuration (its DATA_DIR and database). */
  config: Config;
  /** Stops the server and removes the temp folder unless `keep`. */
  close(keep?: boolean): Promise<void>;
}

/**
 * `workdir`: a folder to work in and keep (its database and build are reused by the next run), else a temp folder.
 */
export async function startBenchSite(prefix: string, { publish, workdir: given }: { publish?: PublishOptions; workdir?: string } = {}): Promise<BenchSite> {
  const workdir = given ? path.resolve(given) : await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.mkdir(workdir, { recursive: true });
  const siteDir = await prepareSiteWorkspace(path.join(workdir, 'site'));
  const publicDir = path.join(siteDir, 'public');
  const liveDir = path.join(workdir, 'live');
  // A kept folder keeps its port too: the server's address is built into the site (its canonical links and the
  // API's origin), so a new port would make the next build render every page again.
  const portFile = path.join(workdir, 'port');
  const keptPort = given ? await fs.readFile(portFile, 'utf8').then((text) => text.trim(), () => undefined) : undefined;
  let config: Config | undefined;
  const start = (port: string) => {
    config = loadConfig({ PORT: port, HOST: '127.0.0.1', DATA_DIR: path.join(workdir, 'var'), PUBLIC_DIR: liveDir, LOG_LEVEL: 'warn' });
    return startServer(config, { log: () => undefined, seedImageScale: 0.3, publish });
  };
  const server = await (keptPort ? start(keptPort).catch(() => start('0')) : start('0'));
  if (given) await fs.writeFile(portFile, new URL(server.url).port);
  return {
    workdir,
    siteDir,
    publicDir,
    liveDir,
    server,
    config: config!,
    async close(keep = false) {
      await server.close();
      if (!keep && !given) await fs.rm(workdir, { recursive: true, force: true });
    },
  };
}

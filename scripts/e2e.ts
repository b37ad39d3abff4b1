/**
 * `npm run test:e2e`: the end-to-end tests against the real thing. Seeds a fresh database in a temp folder,
 * builds the site from it in a workspace of its own (the checkout's `public/`, `.cache` and `var/` stay
 * untouched), serves both on one origin and runs Playwright in Debian's Chromium against it.
 *
 * E2E_WORKDIR=<folder> keeps database and build there between runs (a rerun then builds incrementally);
 * arguments are passed on to `playwright test` (e.g. a spec file or `--grep`).
 */
import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/start-server';
import { currentCursor } from '../server/src/db/repositories';
import { createSiteBuilder, deferredSiteBuilder, outsideQueue } from './lib/site-builder';
import { prepareSiteWorkspace } from './lib/site-workspace';

const repoRoot = path.resolve(__dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function main(): Promise<number> {
  if (!existsSync(chromium)) {
    console.error(`Chromium is missing at ${chromium}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
    return 1;
  }
  const keep = process.env.E2E_WORKDIR ? path.resolve(process.env.E2E_WORKDIR) : undefined;
  const workdir = keep ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'kf-e2e-')));
  const siteDir = await prepareSiteWorkspace(path.join(workdir, 'site'));
  // Only the variables the e2e run means; a developer's .env must not leak in (loadConfig reads it otherwise).
  // MIN_FILL_MS is lowered from 3 s to keep the run short, yet longer than a test takes to fill a form: the forms'
  // own wait for an accepted form token is what lets their submissions through. Rate limits stay the real ones.
  // LINK_CHECK_ALLOW_PRIVATE: the link checker may reach a spec's own server on 127.0.0.1 (page-checks.spec.ts).
  const dataDir = path.join(workdir, 'var');
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_DIR: path.join(workdir, 'live'), LOG_LEVEL: 'warn', MIN_FILL_MS: '1500', LINK_CHECK_ALLOW_PRIVATE: '1' });
  // A tag manager id, so the tests can show its scripts wait for tracking consent (they answer its requests
  // themselves; nothing leaves the machine).
  process.env.TAG_MANAGER_ID = 'GTM-KFE2E26';
  console.log(`e2e: working in ${workdir}`);
  // The editor tests' saves are published by the server's queue into this workspace, as `npm start` does.
  const publisher = deferredSiteBuilder();
  const server = await startServer(config, { log: (line) => console.log(`e2e: ${line}`), publish: { builder: publisher.builder } });
  // Each publish starts in a process loaded ahead of it, as with `npm start`, so every editor test's publish runs so.
  const ready = publisher.bind(createSiteBuilder({ contentApiUrl: server.url, buildToken: server.buildToken, siteUrl: server.publicUrl, cwd: siteDir, liveDir: config.publicDir, standby: true,
    onRetry: (error) => console.warn(`[e2e] a publish's build failed and runs once more in a fresh process:\n${error.message.slice(-2000)}`),
  }));
  try {
    console.log('e2e: building the site…');
    const cursor = await currentCursor(server.db);
    const { ms } = await outsideQueue(server.app.publishQueue, () => ready.build({ cursor }));
    console.log(`e2e: site built in ${(ms / 1000).toFixed(1)} s; running Playwright against ${server.publicUrl}`);
    return await runPlaywright(server.publicUrl, dataDir, config.publicDir, process.argv.slice(2));
  } finally {
    await server.close();
    ready.close();
    // server.close() has waited for a running publish build to stop; the retries cover a file system that is
    // slow to let go of what it wrote last.
    if (!keep) await fs.rm(workdir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/**
 * E2E_DATA_DIR tells the tests where the server writes its mail (.eml files under mail/); E2E_PUBLIC_DIR where
 * the built site is, for a spec that serves it from a content server of its own (publish-hook.spec.ts).
 */
function runPlaywright(baseUrl: string, dataDir: string, publicDir: string, args: string[]): Promise<number> {
  const cli = path.join(repoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'test', ...args], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir, E2E_PUBLIC_DIR: publicDir, CHROMIUM_PATH: chromium },
    });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

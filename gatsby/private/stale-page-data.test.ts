/**
 * The walk for stale page data done while the standby waits (stale-page-data.cjs, ADR 096), against the installed
 * Gatsby: each scenario is one build's main process in a site folder of its own (its node_modules the checkout's,
 * Gatsby's store empty there), with page data left by "earlier builds" in `public/page-data` and pages put in
 * Gatsby's store as createPages puts them. The step is then called as Gatsby's bootstrap calls it, through the
 * module object; what is left must be exactly what Gatsby's own step leaves.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { literal, repoRoot, runScenario } from './scenario';

/* eslint-disable @typescript-eslint/no-require-imports -- the module is plain CommonJS, loaded in Gatsby's process */
const { walk: staleWalk } = require('./stale-page-data.cjs') as { walk: (siteRoot: string) => Promise<Set<string> | undefined> };
/* eslint-enable @typescript-eslint/no-require-imports */

interface Outcome {
  /** Whether a function was put in place of Gatsby's step. */
  installed: boolean;
  /** The page-data files left after the step, relative to public/page-data. */
  left: string[];
  logs: string[];
  /** Whether Gatsby's own step is in place again after the call. */
  restored: boolean;
}

/** Page data earlier builds left: a page's `page-data.json` per path, and a static query's result beside them. */
const earlier = ['index', 'de/ueber-uns', 'de/ueber-uns/geschichte', 'en/about', 'de/entfernt', 'en/removed/deep'];
/** The pages the build has after createPages. */
const pages = ['/', '/de/ueber-uns/', '/de/ueber-uns/geschichte/', '/en/about/', '/de/neu/'];

let dir: string;
let script: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-stale-page-data-'));
  script = path.join(dir, 'build.cjs');
  await fs.writeFile(
    script,
    `'use strict';
const fs = require('node:fs');
const path = require('node:path');
const registry = require(${literal(path.join(__dirname, 'modules.cjs'))});
const [mode, pages] = [process.argv[2], JSON.parse(process.argv[3])];
const site = process.cwd();
const logs = [];
const installed = require(${literal(path.join(__dirname, 'stale-page-data.cjs'))}).install(site, { early: mode === 'ahead', log: (line) => logs.push(line) });
const pageData = registry.load(site, 'stalePageData');
const { store } = registry.load(site, 'redux');
(async () => {
  await installed?.walked;
  // What the build does between the standby's walk and the step: createPages puts the pages in the store.
  for (const page of pages) store.dispatch({ type: 'CREATE_PAGE', plugin: { name: 'default-site-plugin' }, payload: { path: page, component: path.join(site, 'page.js'), context: {} } });
  await pageData.handleStalePageData(undefined);
  const left = [];
  const visit = (at) => {
    for (const entry of fs.readdirSync(path.join(site, 'public/page-data', at), { withFileTypes: true })) {
      const child = path.posix.join(at, entry.name);
      if (entry.isDirectory()) visit(child);
      else left.push(child);
    }
  };
  visit('');
  const restored = !pageData.handleStalePageData.walkedAhead;
  process.stdout.write('RESULT ' + JSON.stringify({ installed: Boolean(installed), left: left.sort(), logs, restored }) + '\\n');
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(1); });
`,
  );
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** A site folder with the page data of `earlier` and a static query result, and the checkout's node_modules. */
async function site(name: string): Promise<string> {
  const root = path.join(dir, name);
  await fs.mkdir(root, { recursive: true });
  await fs.symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  for (const page of earlier) {
    await fs.mkdir(path.join(root, 'public/page-data', page), { recursive: true });
    await fs.writeFile(path.join(root, 'public/page-data', page, 'page-data.json'), '{}');
  }
  await fs.mkdir(path.join(root, 'public/page-data/sq/d'), { recursive: true });
  await fs.writeFile(path.join(root, 'public/page-data/sq/d/123.json'), '{}');
  await fs.writeFile(path.join(root, 'public/page-data/app-data.json'), '{}');
  return root;
}

const run = async (name: string, mode: 'ahead' | 'now', pagesOfBuild = pages) => runScenario<Outcome>(script, [mode, JSON.stringify(pagesOfBuild)], await site(name));

describe('the walk for stale page data', () => {
  it('done ahead, removes exactly what Gatsby’s own step removes', async () => {
    const own = await run('own', 'now');
    const ahead = await run('ahead', 'ahead');
    expect(own.installed).toBe(false);
    expect(ahead.installed).toBe(true);
    // Gatsby's step removed the pages the build no longer has, and nothing else.
    expect(own.left).toEqual([
      'app-data.json',
      'de/ueber-uns/geschichte/page-data.json',
      'de/ueber-uns/page-data.json',
      'en/about/page-data.json',
      'index/page-data.json',
      'sq/d/123.json',
    ]);
    expect(ahead.left).toEqual(own.left);
    expect(ahead.logs).toEqual(['stale page data: 6 files walked ahead, 2 removed']);
    expect(ahead.restored).toBe(true);
  });

  it('with every page still there, removes nothing', async () => {
    const ahead = await run('all-kept', 'ahead', ['/', '/de/ueber-uns/', '/de/ueber-uns/geschichte/', '/en/about/', '/de/entfernt/', '/en/removed/deep/']);
    expect(ahead.left).toHaveLength(earlier.length + 2);
    expect(ahead.logs).toEqual(['stale page data: 6 files walked ahead, 0 removed']);
  });

  it('finds nothing, and fails nothing, in a site without page data yet (a first build)', async () => {
    const root = path.join(dir, 'first');
    await fs.mkdir(root, { recursive: true });
    await fs.symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
    await fs.mkdir(path.join(root, 'public'), { recursive: true });
    await expect(staleWalk(root)).resolves.toBeUndefined();
  });
});

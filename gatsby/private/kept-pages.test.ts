/**
 * Pages Gatsby need not create again (kept-pages.ts, ADR 097), against the installed Gatsby: each scenario is one
 * process in a site folder of its own (Gatsby's store and LMDB start empty there). An "earlier build" creates pages
 * with Gatsby's own `createPage`; the next build creates its pages through `keepUnchangedPages`, and then Gatsby's
 * own `deleteUntouchedPages` and `findChangedPages` run as Gatsby's createPages step runs them. With and without
 * keeping, the store must end the same: the same pages with the same fields, the same pages changed and deleted, the
 * same queries and HTML files marked for rebuilding.
 */
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { literal, repoRoot } from './scenario';

interface PageSpec {
  path: string;
  component: 'page' | 'other';
  context?: Record<string, unknown>;
  matchPath?: string;
}

interface Outcome {
  pages: Array<Record<string, unknown>>;
  changed: string[];
  deleted: string[];
  dirtyQueries: string[];
  dirtyHtml: string[];
  counts: { kept: number; created: number };
}

const earlier: PageSpec[] = [
  { path: '/de/ueber-uns/', component: 'page', context: { id: 'a', language: 'de' } },
  { path: '/de/archiv/', component: 'page', context: { id: 'b', language: 'de', from: '2026-11-29' } },
  { path: '/en/about/', component: 'page', context: { id: 'c', language: 'en' } },
  { path: '/de/entfernt/', component: 'page', context: { id: 'd', language: 'de' } },
  { path: '/de/vorlage/', component: 'page', context: { id: 'e', language: 'de' } },
  { path: '/de/suche/', component: 'page', context: { language: 'de' }, matchPath: '/de/suche/*' },
  { path: '/404', component: 'other', context: {} },
];

const next: PageSpec[] = [
  // unchanged
  { path: '/de/ueber-uns/', component: 'page', context: { id: 'a', language: 'de' } },
  { path: '/en/about/', component: 'page', context: { id: 'c', language: 'en' } },
  { path: '/de/suche/', component: 'page', context: { language: 'de' }, matchPath: '/de/suche/*' },
  { path: '/404', component: 'other', context: {} },
  // a new day in the context, another template, a new page; /de/entfernt/ is gone
  { path: '/de/archiv/', component: 'page', context: { id: 'b', language: 'de', from: '2026-11-30' } },
  { path: '/de/vorlage/', component: 'other', context: { id: 'e', language: 'de' } },
  { path: '/de/neu/', component: 'page', context: { id: 'f', language: 'de' } },
];

let dir: string;
let script: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-kept-pages-'));
  script = path.join(dir, 'build.ts');
  await fs.writeFile(
    script,
    `const registry = require(${literal(path.join(__dirname, 'modules.cjs'))});
const { keepUnchangedPages } = require(${literal(path.join(__dirname, 'kept-pages.ts'))});
const path = require('node:path');
const [mode, earlier, next] = [process.argv[2], JSON.parse(process.argv[3]), JSON.parse(process.argv[4])];
const keep = mode !== 'create';
const site = process.cwd();
const { store } = registry.load(site, 'redux');
const { actions } = registry.load(site, 'reduxActions');
const { deleteUntouchedPages, findChangedPages } = registry.load(site, 'keptPages');
const plugin = { id: 'site-plugin-id', name: 'default-site-plugin' };
const others = mode === 'keep-with-on-create-page' ? [{ id: 'other-plugin-id', name: 'a-plugin', nodeAPIs: ['onCreatePage'] }] : [];
store.dispatch({ type: 'SET_SITE_FLATTENED_PLUGINS', payload: [{ ...plugin, nodeAPIs: ['createPages'], pluginFilepath: site }, ...others.map((other) => ({ ...other, pluginFilepath: path.join(site, 'node_modules', other.name) }))] });
const component = (name) => path.join(site, name + '.js');
const asPage = (spec) => ({ path: spec.path, component: component(spec.component), context: spec.context, ...(spec.matchPath ? { matchPath: spec.matchPath } : {}) });
const createPage = (page) => store.dispatch(actions.createPage(page, plugin, { traceId: 'initial-createPages' }));
for (const spec of earlier) createPage(asPage(spec));
const before = Math.max(...[...store.getState().pages.values()].map((page) => page.updatedAt));
while (Date.now() <= before) { /* the next build starts in a later millisecond */ }
const timestamp = Date.now();
const currentPages = new Map(store.getState().pages);
const { args, counts } = keepUnchangedPages({ actions: { createPage }, store }, keep);
for (const spec of next) args.actions.createPage(asPage(spec));
const deleted = deleteUntouchedPages(store.getState().pages, timestamp, true);
const { changedPages } = findChangedPages(currentPages, store.getState().pages);
const state = store.getState();
const pages = [...state.pages.values()].map(({ updatedAt, ...page }) => ({ ...page, fresh: updatedAt >= timestamp })).sort((a, b) => a.path.localeCompare(b.path));
const dirtyQueries = [...state.queries.trackedQueries].filter(([, query]) => query.dirty).map(([key]) => key).sort();
const dirtyHtml = [...state.html.trackedHtmlFiles].filter(([, file]) => file.dirty && !file.isDeleted).map(([key]) => key).sort();
process.stdout.write('RESULT ' + JSON.stringify({ pages, changed: changedPages.sort(), deleted: deleted.sort(), dirtyQueries, dirtyHtml, counts: counts() }) + '\\n');
process.exit(0);
`,
  );
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/**
 * One build's scenario in a fresh site folder: its pages created, or kept (with another plugin's onCreatePage). The
 * folder is always at the same path, so the pages of two scenarios can be compared whole.
 */
async function run(mode: 'create' | 'keep' | 'keep-with-on-create-page'): Promise<Outcome> {
  const site = path.join(dir, 'site');
  await fs.rm(site, { recursive: true, force: true });
  await fs.mkdir(site, { recursive: true });
  await fs.symlink(path.join(repoRoot, 'node_modules'), path.join(site, 'node_modules'));
  for (const component of ['page', 'other']) await fs.writeFile(path.join(site, `${component}.js`), 'export default function Page() { return null }\n');
  const tsx = require.resolve('tsx/cjs');
  const result = spawnSync(process.execPath, ['--require', tsx, script, mode, JSON.stringify(earlier), JSON.stringify(next)], {
    cwd: site,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const line = `${result.stdout}\n${result.stderr}`.split('\n').find((text) => text.startsWith('RESULT '));
  if (result.status !== 0 || !line) throw new Error(`kept-pages scenario failed (${result.status}):\n${result.stderr.slice(-2000)}${result.stdout.slice(-1000)}`);
  return JSON.parse(line.slice('RESULT '.length)) as Outcome;
}

describe('pages Gatsby need not create again', () => {
  it('leave Gatsby’s store exactly as creating every page again does', async () => {
    const created = await run('create');
    const kept = await run('keep');
    expect(created.counts).toEqual({ kept: 0, created: next.length });
    // Kept: the unchanged pages but the 404 page, which Gatsby copies to /404.html when it is created.
    expect(kept.counts).toEqual({ kept: 3, created: next.length - 3 });
    expect(kept.pages).toEqual(created.pages);
    // (Gatsby's default trailing slash here makes /404 /404/.)
    expect(kept.pages.map((page) => page.path)).toEqual(['/404/', '/de/archiv/', '/de/neu/', '/de/suche/', '/de/ueber-uns/', '/de/vorlage/', '/en/about/']);
    // Every page of the build is fresh, so none is deleted but the one the build no longer has.
    expect(kept.pages.every((page) => page.fresh)).toBe(true);
    expect(kept.deleted).toEqual(created.deleted);
    expect(kept.deleted).toEqual(['/de/entfernt/', '/page-data/de/entfernt/']);
    expect(kept.changed).toEqual(created.changed);
    expect(kept.changed).toEqual(['/de/archiv/', '/de/neu/', '/de/vorlage/']);
    expect(kept.dirtyQueries).toEqual(created.dirtyQueries);
    expect(kept.dirtyHtml).toEqual(created.dirtyHtml);
  });

  it('keeps nothing when a plugin is to be told of every page created (onCreatePage)', async () => {
    const told = await run('keep-with-on-create-page');
    expect(told.counts).toEqual({ kept: 0, created: next.length });
  });
});

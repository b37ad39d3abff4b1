/**
 * keepSitePageNodes against Gatsby's own store, datastore and sourcing with its stale-node sweep, over two builds in
 * a folder of their own (ADR 054, 077): the first build leaves a SitePage node (owned by Gatsby's
 * internal-data-bridge, as `createPage` makes them) and a node of a source plugin that the second build's sourcing
 * does not touch; the second build starts from the state the first saved, as a publish does. The working directory's
 * `.cache` plays no part, so the test is the same in a checkout where `npm start` has built the site.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { literal, repoRoot, runScenario } from './scenario';
import { keepSitePageNodes } from './site-page-nodes';

const script = `const registry = require(${literal(path.join(__dirname, 'modules.cjs'))});
const g = (id) => require(registry.locate(${literal(repoRoot)}, id));
const { store, saveState } = g('redux');
const { actions } = g('reduxActions');
const { getDataStore, getNode } = g('datastore');
const [phase, action] = process.argv.slice(2);
(async () => {
  store.dispatch({ type: 'SET_PROGRAM', payload: { directory: process.cwd() } });
  if (phase === 'first') {
    const page = { name: 'internal-data-bridge' };
    store.dispatch(actions.createNode({ id: 'SitePage /de/', path: '/de/', internal: { type: 'SitePage', contentDigest: 'p' } }, page));
    store.dispatch(actions.createNode({ id: 'kf-gone', internal: { type: 'KfSourced', contentDigest: 'g' } }, { name: 'kf-source' }));
    await getDataStore().ready();
    saveState();
  } else {
    // What onPreBootstrap does in gatsby-node, when it does (the action keepSitePageNodes dispatched, as JSON).
    if (action) store.dispatch(JSON.parse(action));
    store.dispatch({ type: 'SET_SITE_FLATTENED_PLUGINS', payload: [] });
    // Gatsby's sourcing: the first in a process sweeps the nodes no one touched (utils/source-nodes).
    await g('sourceNodes').default({ webhookBody: {} });
    await getDataStore().ready();
  }
  process.stderr.write('RESULT ' + JSON.stringify({ page: Boolean(getNode('SitePage /de/')), sourced: Boolean(getNode('kf-gone')) }) + '\\n');
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(1); });`;

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-site-page-nodes-'));
  await fs.writeFile(path.join(dir, 'builds.js'), script);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Two builds in a fresh folder; `action` is dispatched before the second one's sourcing. */
async function twoBuilds(name: string, action?: unknown) {
  const cwd = path.join(dir, name);
  await fs.mkdir(cwd);
  const first = runScenario<{ page: boolean; sourced: boolean }>(path.join(dir, 'builds.js'), ['first'], cwd);
  expect(first).toEqual({ page: true, sourced: true });
  return runScenario<{ page: boolean; sourced: boolean }>(path.join(dir, 'builds.js'), action ? ['second', JSON.stringify(action)] : ['second'], cwd);
}

describe('keepSitePageNodes', () => {
  it('keeps the last build’s SitePage nodes through Gatsby’s stale-node sweep, which still removes other untouched nodes', async () => {
    const dispatched: unknown[] = [];
    keepSitePageNodes({ dispatch: (action) => dispatched.push(action) });
    expect(dispatched).toHaveLength(1);
    expect(await twoBuilds('kept', dispatched[0])).toEqual({ page: true, sourced: false });
  }, 120_000);

  it('without it, as Gatsby ships, the sweep deletes them (what it saves: createPages writing every one again)', async () => {
    expect(await twoBuilds('as-shipped')).toEqual({ page: false, sourced: false });
  }, 120_000);
});

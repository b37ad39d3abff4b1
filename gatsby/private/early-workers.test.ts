/**
 * Gatsby's worker started while the standby waits (early-workers.cjs, ADR 094), with the installed Gatsby's own
 * pool: each scenario is one build's main process in a site folder of its own (`.cache` there, its node_modules the
 * checkout's), which installs the wrapper as standby.cjs does, changes the environment as Gatsby's CLI does before
 * its bootstrap, and then asks for the pool as the bootstrap does.
 */
import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { literal, repoRoot, runScenario } from './scenario';

/* eslint-disable @typescript-eslint/no-require-imports -- the module is plain CommonJS, loaded in Gatsby's process */
const earlyWorkers = require('./early-workers.cjs') as {
  envChanges: (from: Record<string, string | undefined>, to: Record<string, string | undefined>) => Record<string, string | null>;
  withChanges: (env: Record<string, string | undefined>, changes: Record<string, string | null>) => Record<string, string | undefined>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

interface Outcome {
  started: boolean;
  /** Whether the pool the bootstrap got had its worker loaded the moment it was handed over. */
  loadedAtOnce: boolean;
  logs: string[];
  record: { env: Record<string, string | null>; globals: Record<string, unknown> };
  /** The worker processes of this one, alive when it is about to exit (the `drop` scenario). */
  workers: number[];
}

let site: string;
const script = () => path.join(site, 'build.cjs');

beforeAll(async () => {
  site = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-early-workers-'));
  await fs.symlink(path.join(repoRoot, 'node_modules'), path.join(site, 'node_modules'));
  await fs.writeFile(
    script(),
    `'use strict';
const fs = require('node:fs');
const registry = require(${literal(path.join(__dirname, 'modules.cjs'))});
const mode = process.argv[2];
// One worker, as a rebuild runs (GATSBY_CPU_COUNT=1 and 2 both make one).
process.env.GATSBY_CPU_COUNT = '2';
const logs = [];
const handle = require(${literal(path.join(__dirname, 'early-workers.cjs'))}).install(process.cwd(), { early: mode !== 'first', log: (message) => logs.push(message) });
/** This process's children, from /proc. */
const children = () => fs.readdirSync('/proc').filter((name) => /^\\d+$/.test(name)).filter((pid) => {
  try { return fs.readFileSync('/proc/' + pid + '/stat', 'utf8').replace(/^.*\\) /, '').split(' ')[1] === String(process.pid); } catch { return false; }
}).map(Number);
// Written past console.log, which Gatsby's reporter takes over once it is loaded (and wraps at 80 columns).
const say = (result) => fs.writeSync(1, 'RESULT ' + JSON.stringify(result) + '\\n');
(async () => {
  await handle.loaded;
  if (mode === 'drop') {
    // The standby's stdin closed: it exits without building.
    say({ started: handle.started, workers: children() });
    process.exit(0);
  }
  // What Gatsby's CLI and config set before the bootstrap makes its pool, and the build's globals.
  process.env.KF_SCENARIO_CLI = mode === 'changed' ? 'changed' : 'build';
  global.__GATSBY = { buildId: String(Math.random()), root: process.cwd() };
  const pool = registry.load(process.cwd(), 'gatsbyWorkerPool').create();
  const loadedAtOnce = await Promise.race([pool.workers[0].ready.then(() => true), new Promise((resolve) => setImmediate(() => resolve(false)))]);
  await Promise.all(pool.end());
  const record = JSON.parse(fs.readFileSync('.cache/kf-worker-env.json', 'utf8'));
  say({ started: handle.started, loadedAtOnce, logs, record });
})();
`,
  );
});
afterAll(() => fs.rm(site, { recursive: true, force: true }));

const build = (mode: 'first' | 'same' | 'changed' | 'drop') => runScenario<Outcome>(script(), [mode], site);

/** Whether process `pid` still runs: there, and not a zombie waiting to be reaped. */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0] !== 'Z';
  } catch {
    return false;
  }
};

describe("Gatsby's worker started ahead (early-workers.cjs)", () => {
  test('the changes between two environments, and applied again', () => {
    const changes = earlyWorkers.envChanges({ A: '1', B: '2', C: '3' }, { A: '1', B: 'two', D: '4' });
    expect(changes).toEqual({ B: 'two', C: null, D: '4' });
    expect(earlyWorkers.withChanges({ A: '1', B: '2', C: '3' }, changes)).toEqual({ A: '1', B: 'two', D: '4' });
  });

  test('a first build starts none ahead and records what its environment had become when it made its pool', () => {
    const first = build('first');
    expect(first.started).toBe(false);
    expect(first.loadedAtOnce).toBe(false);
    expect(first.record.env).toEqual({ KF_SCENARIO_CLI: 'build' });
    // Gatsby's globals without the build's random id.
    expect(first.record.globals).toEqual({ root: site });
  }, 60_000);

  test('the next standby starts the worker at once, and the build gets that pool, already loaded', () => {
    build('first');
    const next = build('same');
    expect(next.started).toBe(true);
    expect(next.loadedAtOnce).toBe(true);
    expect(next.logs).toEqual(["Gatsby's worker was started ahead"]);
  }, 60_000);

  test('a build whose environment differs from the recorded one gets a pool of its own, and the record follows it', () => {
    build('first');
    const changed = build('changed');
    expect(changed.started).toBe(true);
    expect(changed.loadedAtOnce).toBe(false);
    expect(changed.logs).toEqual(["Gatsby's worker started ahead is not used: the build's environment differs in KF_SCENARIO_CLI"]);
    expect(changed.record.env).toEqual({ KF_SCENARIO_CLI: 'changed' });
  }, 60_000);

  test('a standby that ends without building leaves no worker behind', async () => {
    build('first');
    const dropped = build('drop');
    expect(dropped.started).toBe(true);
    expect(dropped.workers.length).toBeGreaterThan(0);
    // The kill is sent as the process exits; the worker is gone a moment later.
    const deadline = Date.now() + 10_000;
    while (dropped.workers.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dropped.workers.filter(alive)).toEqual([]);
  }, 60_000);
});

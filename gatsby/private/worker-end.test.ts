import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { locate } from './modules.cjs';
import { repoRoot } from './scenario';

/* eslint-disable @typescript-eslint/no-require-imports -- the module is plain CommonJS, loaded in Gatsby's process */
const workerEnd = require('./worker-end.cjs') as { install: (siteRoot: string) => boolean };
/* eslint-enable @typescript-eslint/no-require-imports */

// The gatsby-worker the installed Gatsby loads, as the registry finds it.
const gatsbyWorker = locate(repoRoot, 'workerPool');

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-worker-end-'));
  // A worker whose task takes 4 s, as a worker building its GraphQL schema on a loaded machine; it says when it began.
  await fs.writeFile(
    path.join(dir, 'worker.js'),
    `const fs = require('node:fs');
exports.slow = () => { fs.writeFileSync(${JSON.stringify(path.join(dir, 'started'))}, ''); return new Promise((resolve) => setTimeout(resolve, 4000)); };`,
  );
  // Gatsby's bootstrap, in small: tasks on every worker that no one awaits, one that is awaited, and the pool ended
  // while the first still runs (the build's end after an HTML step that had nothing to render).
  await fs.writeFile(
    path.join(dir, 'scenario.js'),
    `const fs = require('node:fs');
const { WorkerPool } = require(${JSON.stringify(gatsbyWorker)});
if (process.argv[2] === 'installed') require(${JSON.stringify(path.join(__dirname, 'worker-end.cjs'))}).settleAbandonedTasks(WorkerPool);
const pool = new WorkerPool(${JSON.stringify(path.join(dir, 'worker.js'))}, { numWorkers: 1 });
pool.all.slow();
pool.all.slow();
pool.single.slow().then(() => console.log('awaited: resolved'), (error) => console.log('awaited: rejected'));
const started = ${JSON.stringify(path.join(dir, 'started'))};
const wait = setInterval(async () => {
  if (!fs.existsSync(started)) return;
  clearInterval(wait);
  const codes = await Promise.all(pool.end());
  // Said once nothing is left to run: a task failing the process would have ended it before.
  process.once('beforeExit', () => console.log('ended: ' + codes.length + ' worker'));
}, 20);`,
  );
});

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const runScenario = async (mode: string) => {
  await fs.rm(path.join(dir, 'started'), { force: true });
  return spawnSync(process.execPath, [path.join(dir, 'scenario.js'), mode], { encoding: 'utf8', timeout: 30_000 });
};

describe('a Gatsby worker pool ended while tasks no one awaits still run (worker-end.cjs)', () => {
  test('as gatsby-worker ships, the killed task fails the whole process', async () => {
    const run = await runScenario('as-shipped');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Worker exited before finishing task');
    expect(run.stdout).not.toContain('ended:');
  }, 40_000);

  test('installed, the pool ends, the abandoned tasks are given up and an awaited one still hears it was not run', async () => {
    const run = await runScenario('installed');
    expect(run.stderr).not.toContain('Worker exited before finishing task');
    expect(run.stdout).toContain('awaited: rejected');
    expect(run.stdout).toContain('ended: 1 worker');
    expect(run.status).toBe(0);
  }, 40_000);

  test('it installs on the gatsby-worker the installed Gatsby uses, once', () => {
    expect(workerEnd.install(repoRoot)).toBe(true);
    expect(workerEnd.install(repoRoot)).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { WorkerPool } = require(gatsbyWorker) as { WorkerPool: { prototype: { end: { settlesAbandonedTasks?: boolean } } } };
    expect(WorkerPool.prototype.end.settlesAbandonedTasks).toBe(true);
  });
});

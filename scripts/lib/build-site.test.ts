import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildSite, dropStandby, gatsbyCpuCount, hasStandby, standbyReady, standbyScript } from './build-site';
import { changedPagesFlag } from '../../gatsby/private/changed-pages';

describe('gatsbyCpuCount', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-build-site-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('gives a cold build the machine setting, 2 when none is set', () => {
    expect(gatsbyCpuCount(dir, {})).toBe('2');
    expect(gatsbyCpuCount(dir, { GATSBY_CPU_COUNT: '4' })).toBe('4');
  });

  it('runs a rebuild’s queries in the main process whatever the setting', async () => {
    await fs.mkdir(path.join(dir, '.cache', 'redux'), { recursive: true });
    expect(gatsbyCpuCount(dir, {})).toBe('1');
    expect(gatsbyCpuCount(dir, { GATSBY_CPU_COUNT: '2' })).toBe('1');
  });
});

/**
 * A stand-in for Gatsby's command line in a temp project: it starts a worker of its own, as Gatsby does, and the
 * worker appends to a file in `.cache` until it is stopped.
 */
const fakeGatsby = `
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
if (process.argv[2] === 'worker') {
  fs.writeFileSync(path.join('.cache', 'caches', 'worker.pid'), String(process.pid));
  setInterval(() => fs.appendFileSync(path.join('.cache', 'caches', 'log'), 'x'), 10);
} else {
  fs.mkdirSync(path.join('.cache', 'caches'), { recursive: true });
  spawn(process.execPath, [__filename, 'worker'], { stdio: 'ignore' });
  setInterval(() => {}, 1000);
}
`;

/** Whether process `pid` has ended: gone, or (on Linux) a zombie its parent has not reaped yet, which runs nothing. */
function ended(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    // The state follows the command's name in parentheses: `pid (name) Z …`.
    return / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\)/, ')'));
  } catch {
    return false;
  }
}

describe('buildSite stopped by its signal', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-build-stop-'));
    await fs.mkdir(path.join(dir, 'node_modules', 'gatsby'), { recursive: true });
    await fs.writeFile(path.join(dir, 'node_modules', 'gatsby', 'cli.js'), fakeGatsby);
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('settles only when the build and its workers have stopped, so its folder can be removed at once', async () => {
    const abort = new AbortController();
    const build = buildSite({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 't', cwd: dir, quiet: true, signal: abort.signal });
    const deadline = Date.now() + 10_000;
    const log = path.join(dir, '.cache', 'caches', 'log');
    while (!(await fs.stat(log).catch(() => null)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await fs.stat(log).catch(() => null)).not.toBeNull();

    const worker = Number(await fs.readFile(path.join(dir, '.cache', 'caches', 'worker.pid'), 'utf8'));

    abort.abort(new Error('Interrupted'));
    await expect(build).rejects.toThrow('Interrupted');
    // What an earlier version did: it rejected on the abort at once, and removing the folder then failed with
    // ENOTEMPTY while the worker kept writing. Settled, the worker has ended: nothing writes there any more.
    expect(ended(worker)).toBe(true);
    await fs.rm(dir, { recursive: true });
    expect(await fs.stat(dir).catch(() => null)).toBeNull();
  });

  it('does not start when stopped before it began', async () => {
    const abort = new AbortController();
    abort.abort(new Error('Interrupted before'));
    await expect(buildSite({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 't', cwd: dir, quiet: true, signal: abort.signal })).rejects.toThrow('Interrupted before');
    expect(await fs.stat(path.join(dir, '.cache')).catch(() => null)).toBeNull();
  });
});

/**
 * A stand-in for Gatsby with what the standby relies on: its build command as a module that records which process
 * loaded it, and a CLI that records what it found, starts a worker with Node's own flags (as Gatsby's workers
 * inherit `--require`) and waits for it.
 */
const fakeBuildCommand = `
require('node:fs').appendFileSync('loads.log', process.pid + '\\n');
global.kfBuildLoaded = true;
module.exports = () => undefined;
`;
const fakeCli = `
const fs = require('node:fs');
const { fork } = require('node:child_process');
if (process.argv[2] === 'worker') {
  fs.appendFileSync('workers.log', 'worker ' + process.pid + '\\n');
  process.exit(0);
}
fs.mkdirSync('.cache/redux', { recursive: true });
const preloaded = global.kfBuildLoaded === true;
// As Gatsby's CLI does: it requires the build command, which a loaded process has in Node's module cache, and
// calls it.
Promise.resolve(require('./dist/commands/build')()).then(() => {
  fs.appendFileSync('runs.log', JSON.stringify({ pid: process.pid, preloaded, token: process.env.BUILD_TOKEN, marker: process.env.KF_GATSBY_BUILD ?? null, argv: process.argv.slice(2) }) + '\\n');
  fork(__filename, ['worker'], { execArgv: process.execArgv }).on('exit', (code) => {
    console.log('success compile gatsby files - 0.010s');
    console.log('info Done building in 0.1 sec');
    process.exit(code);
  });
});
`;

describe('buildSite with a process loaded ahead (standby)', () => {
  let dir: string;
  const lines = async (name: string) => (await fs.readFile(path.join(dir, name), 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const runs = async () => (await lines('runs.log')).map((line) => JSON.parse(line) as { pid: number; preloaded: boolean; token: string; marker: string | null; argv: string[] });
  const until = async (test: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await test()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return test();
  };

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-build-standby-'));
    await fs.mkdir(path.join(dir, 'node_modules', 'gatsby', 'dist', 'commands'), { recursive: true });
    await fs.writeFile(path.join(dir, 'node_modules', 'gatsby', 'cli.js'), fakeCli);
    // As an installed Gatsby has it: the registry of its private modules finds the package by it (ADR 077).
    await fs.writeFile(path.join(dir, 'node_modules', 'gatsby', 'package.json'), '{"name":"gatsby","version":"0.0.0"}');
    await fs.writeFile(path.join(dir, 'node_modules', 'gatsby', 'dist', 'commands', 'build.js'), fakeBuildCommand);
  });
  afterEach(async () => {
    dropStandby(dir);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('builds the next time in the process the last build left loaded, as a plain `gatsby build`, workers and all', async () => {
    const options = { contentApiUrl: 'http://127.0.0.1:9', buildToken: 'one', cwd: dir, quiet: true, standby: true };
    const first = await buildSite(options);
    expect(first.warm).toBe(false);
    expect(hasStandby(dir)).toBe(true);
    // The waiting process has loaded the build command and nothing else has run; it says when it is ready.
    await standbyReady(dir);
    expect(await lines('loads.log')).toHaveLength(2);
    const waitingPid = Number((await lines('loads.log'))[1]);
    expect(await runs()).toHaveLength(1);

    const second = await buildSite(options);
    expect(second.warm).toBe(true);
    expect(second.output).toContain('Done building');
    const [cold, warm] = await runs();
    expect(cold).toMatchObject({ preloaded: false, marker: null, argv: ['build', changedPagesFlag] });
    expect(warm).toEqual({ pid: waitingPid, preloaded: true, token: 'one', marker: null, argv: ['build', changedPagesFlag] });
    // Loaded once by the cold build, once by the waiting process, whose build did not load it again; then once by
    // the process waiting now.
    expect(await until(async () => (await lines('loads.log')).length === 3)).toBe(true);
    expect((await lines('loads.log')).slice(0, 2).map(Number)).toEqual([cold.pid, waitingPid]);
    // Each build's worker ran: the worker, which inherits `--require`, did not wait as the standby does.
    expect(await lines('workers.log')).toHaveLength(2);
    // And the next one waits already.
    expect(hasStandby(dir)).toBe(true);
  });

  it('does not take a waiting process started for other settings, and ends it', async () => {
    await buildSite({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 'one', cwd: dir, quiet: true, standby: true });
    expect(await until(async () => (await lines('loads.log')).length === 2)).toBe(true);
    const waitingPid = Number((await lines('loads.log'))[1]);
    const other = await buildSite({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 'two', cwd: dir, quiet: true });
    expect(other.warm).toBe(false);
    expect((await runs())[1]).toMatchObject({ token: 'two' });
    expect(await until(() => ended(waitingPid))).toBe(true);
    // Without `standby`, no process is left waiting.
    expect(hasStandby(dir)).toBe(false);
  });

  it('ends a waiting process on dropStandby, and one whose stdin closes ends by itself without building', async () => {
    await buildSite({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 'one', cwd: dir, quiet: true, standby: true });
    expect(await until(async () => (await lines('loads.log')).length === 2)).toBe(true);
    const waitingPid = Number((await lines('loads.log'))[1]);
    dropStandby(dir);
    expect(hasStandby(dir)).toBe(false);
    expect(await until(() => ended(waitingPid))).toBe(true);

    const child = spawn(process.execPath, ['--require', standbyScript, path.join(dir, 'node_modules', 'gatsby', 'cli.js'), 'build'], {
      cwd: dir,
      env: { ...process.env, KF_GATSBY_BUILD: 'wait' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    // It says when it waits for its line on stdin (gatsby-standby.cjs).
    let said = '';
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString('utf8');
        if (said.includes('info standby ready')) resolve();
      }),
    );
    expect(await until(async () => (await lines('loads.log')).length === 3)).toBe(true);
    await ready;
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(await runs()).toHaveLength(1);
  });
});

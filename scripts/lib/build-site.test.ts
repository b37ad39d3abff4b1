import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSite, gatsbyCpuCount } from './build-site';

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
  setInterval(() => fs.appendFileSync(path.join('.cache', 'caches', 'log'), 'x'), 10);
} else {
  fs.mkdirSync(path.join('.cache', 'caches'), { recursive: true });
  spawn(process.execPath, [__filename, 'worker'], { stdio: 'ignore' });
  setInterval(() => {}, 1000);
}
`;

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

    abort.abort(new Error('Interrupted'));
    await expect(build).rejects.toThrow('Interrupted');
    // What an earlier version did: it rejected on the abort at once, and removing the folder then failed with
    // ENOTEMPTY while the worker kept writing.
    const size = (await fs.stat(log)).size;
    await new Promise((r) => setTimeout(r, 200));
    expect((await fs.stat(log)).size).toBe(size);
    await fs.rm(dir, { recursive: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(await fs.stat(dir).catch(() => null)).toBeNull();
  });

  it('does not start when stopped before it began', async () => {
    const abort = new AbortController();
    abort.abort(new Error('Interrupted before'));
    await expect(buildSite({ contentApiUrl: 'http://127.0.0.1:9', buildToken: 't', cwd: dir, quiet: true, signal: abort.signal })).rejects.toThrow('Interrupted before');
    expect(await fs.stat(path.join(dir, '.cache')).catch(() => null)).toBeNull();
  });
});

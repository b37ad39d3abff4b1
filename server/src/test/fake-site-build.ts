/**
 * A site build for publish-queue tests that is a real child process, steered through files instead of timing.
 */
import { spawn } from 'node:child_process';
import { promises as fs, watch } from 'node:fs';
import { on } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { SiteBuilder } from '../services/publish/publish-queue';

/**
 * A stand-in for `gatsby build`: a real child process that appends its title to builds.log, then waits until the
 * test opens the gate (a file named `release`), or fails like a broken build when a file named `fail` exists.
 * Tests steer it through files, not timing.
 */
const buildScript = `
const fs = require('node:fs');
const path = require('node:path');
const [dir, title] = process.argv.slice(2);
const check = () => {
  if (fs.existsSync(path.join(dir, 'fail'))) {
    process.stderr.write('info building pages\\nerror Building static HTML failed for path "/de/konzerte"\\n  TypeError: x is undefined\\n');
    process.exit(1);
  }
  if (fs.existsSync(path.join(dir, 'release'))) process.exit(0);
};
// Watching before the first look: a flag set in between is seen either way.
fs.watch(dir, check);
fs.appendFileSync(path.join(dir, 'builds.log'), title + '\\n');
check();
`;

export class FakeSite {
  constructor(readonly dir: string) {}

  static async create() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-publish-'));
    await fs.writeFile(path.join(dir, 'build.js'), buildScript);
    return new FakeSite(dir);
  }

  readonly builder: SiteBuilder = ({ title, signal }) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(this.dir, 'build.js'), this.dir, title], { signal, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve({ pagesRewritten: 1 }) : reject(new Error(`build exited with ${code}\n${stderr}`))));
    });

  async builds(): Promise<string[]> {
    const text = await fs.readFile(path.join(this.dir, 'builds.log'), 'utf8').catch(() => '');
    return text.split('\n').filter(Boolean);
  }

  /** Resolves once `count` builds have started (in this process or another): each start writes builds.log. */
  async started(count: number) {
    const watcher = watch(this.dir);
    try {
      const changed = on(watcher, 'change');
      // Looked at after the watch began: a start in between is seen either way.
      while ((await this.builds()).length < count) await changed.next();
    } finally {
      watcher.close();
    }
  }

  set(flag: 'release' | 'fail', on: boolean) {
    const file = path.join(this.dir, flag);
    return on ? fs.writeFile(file, '') : fs.rm(file, { force: true });
  }

  remove() {
    return fs.rm(this.dir, { recursive: true, force: true });
  }
}

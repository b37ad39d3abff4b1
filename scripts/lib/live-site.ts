/**
 * The site visitors get, published atomically (ADR 052). Gatsby builds into `public/` in place: while a
 * rebuild runs, that folder holds some pages of the new build beside the old, page data newer than its HTML, and
 * files being rewritten. So the server never serves it. It serves `live`, a symbolic link to one of two release
 * folders beside it, `live.gen-<n>`; a build is published by bringing the other folder up to date with `public/`
 * and then pointing the link at it with one rename, so every request sees one whole release.
 *
 * - A release folder is never written in place: a changed file is copied under a temp name and renamed over the old,
 *   so a response still streaming an old file keeps its content, and nothing half-copied is ever visible. Because
 *   of that the two folders may share inodes: the second is first made as hard links of the first.
 * - The folder being brought up to date is the one that was live before the last switch. It is renamed to the new
 *   generation's name first, so the number in a release's name names one content only: the server sends it as
 *   `X-Site-Release`, and a test can tell that two answers came from the same release.
 * - Bringing it up to date costs a look at the manifest of `public/` and a copy per file that differs in size or
 *   mtime (copies keep their source's mtime, which is also what the compressed copies' currency check compares);
 *   a compressed copy, which scripts/lib/precompress.ts never writes in place, is hard-linked instead (ADR 091).
 * - Files of `public/` that are gone are removed from the release, except scripts, styles and `static/` files
 *   (named by content hash): a page a visitor loaded from the previous release may still ask for them, so they
 *   are removed only when they were already missing at the folder's previous update.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { copySource, madeFrom } from '../../contract/compressed-files';
import { releaseFolder, releaseOf } from '../../contract/site-releases';

interface Entry {
  size: number;
  mtimeMs: number;
}

/** path relative to the folder → size and mtime of each file. */
export type Manifest = Map<string, Entry>;

export interface PublishResult {
  /** The release now live. */
  release: number;
  /** Files copied into it (new or changed since that folder last held a release). */
  copied: number;
  /** Files removed from it. */
  removed: number;
  ms: number;
}

/** Scripts, styles and everything under static/: content-named files a page of the previous release may load. */
const lingers = (file: string) => file.startsWith('static/') || /^[^/]+\.(?:m?js|css|map)(?:\.(?:br|gz))?$/.test(file);


/**
 * The walk of `readManifest`, as the source of a worker: synchronous calls in a thread of its own walk a 10,000-page
 * build (some 60,000 files in 20,000 folders) in a third of the time the promise API takes, and leave the event
 * loop of the content server, which runs the builds of `npm start`, free for visitors meanwhile.
 */
const walkSource = `
const { readdirSync, statSync, rmSync } = require('node:fs');
const path = require('node:path');
const { parentPort, workerData: dir } = require('node:worker_threads');
const files = [];
const folders = [''];
while (folders.length) {
  const prefix = folders.pop();
  let entries;
  try {
    entries = readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') continue;
    throw error;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix + entry.name;
    if (entry.isDirectory()) folders.push(relative + '/');
    else if (entry.name.endsWith('.publish-tmp')) rmSync(path.join(dir, relative), { force: true });
    else if (entry.isFile()) {
      const stat = statSync(path.join(dir, relative), { throwIfNoEntry: false });
      if (stat) files.push([relative, stat.size, stat.mtimeMs]);
    }
  }
}
parentPort.postMessage(files);
`;

/**
 * Every file under `dir` with its size and mtime, dot files left out; temp files of an interrupted copy are
 * removed on the way.
 */
export function readManifest(dir: string): Promise<Manifest> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(walkSource, { eval: true, workerData: dir });
    worker.once('message', (files: Array<[string, number, number]>) => {
      resolve(new Map(files.map(([file, size, mtimeMs]) => [file, { size, mtimeMs }])));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The walk of ${dir} stopped with code ${code}`));
    });
  });
}

/**
 * The copying of `bringUpToDate`, as the source of a worker: synchronous calls in a thread of their own bring a
 * folder up to date with a cold build's 62,844 files in about two thirds of the time the promise API took, eight at a
 * time (ADR 098), and leave the content server's event loop free. Each file is copied (or hard-linked, `link`) under
 * a temp name and renamed into place; the worker answers with each file's size and mtime as copied, and on a failure
 * with those done before it and the error.
 */
const copyWorkerSource = `
const { copyFileSync, constants, linkSync, mkdirSync, renameSync, rmSync, statSync, utimesSync } = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { source, target, files, pid } = workerData;
const done = [];
const made = new Set();
try {
  for (const [file, link] of files) {
    const destination = path.join(target, file);
    const folder = path.dirname(destination);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    const temp = destination + '.' + pid + '.publish-tmp';
    const from = path.join(source, file);
    let stat;
    if (link) {
      rmSync(temp, { force: true });
      linkSync(from, temp);
      stat = statSync(temp);
    } else {
      copyFileSync(from, temp, constants.COPYFILE_FICLONE);
      stat = statSync(from);
      utimesSync(temp, stat.atimeMs / 1000, stat.mtimeMs / 1000);
    }
    renameSync(temp, destination);
    done.push([file, stat.size, stat.mtimeMs]);
  }
  parentPort.postMessage({ done });
} catch (error) {
  parentPort.postMessage({ done, error: String(error && error.message ? error.message : error) });
}
`;

/** Copies `files` from `source` into `target` in a worker (above); resolves with what was copied, or rejects after recording it. */
function copyInWorker(source: string, target: string, files: Array<[file: string, link: boolean]>, record: (file: string, entry: Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(copyWorkerSource, { eval: true, workerData: { source, target, files, pid: process.pid } });
    worker.once('message', ({ done, error }: { done: Array<[string, number, number]>; error?: string }) => {
      for (const [file, size, mtimeMs] of done) record(file, { size, mtimeMs });
      if (error === undefined) resolve();
      else reject(new Error(`Publishing the build into ${target} failed: ${error}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The copy into ${target} stopped with code ${code}`));
    });
  });
}

const same = (a: Entry | undefined, b: Entry) => a !== undefined && a.size === b.size && madeFrom(a.mtimeMs, b.mtimeMs);

/** Runs `work` over `items`, `concurrency` at a time. */
export async function eachLimited<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export class LiveSite {
  private readonly parent: string;
  private readonly name: string;
  /** What each release folder holds, as far as this process knows (read from disk on first use). */
  private readonly manifests = new Map<string, Manifest>();
  /** Per folder, the lingering files that were already missing from `public/` at its last update. */
  private readonly orphans = new Map<string, Set<string>>();

  constructor(
    /** The build's output, written in place by Gatsby. */
    private readonly source: string,
    /** The link the server serves (PUBLIC_DIR). */
    readonly live: string,
  ) {
    this.parent = path.dirname(live);
    this.name = path.basename(live);
  }

  /** The release folders beside the link, newest first. */
  private async releases(): Promise<Array<{ folder: string; release: number }>> {
    const names = await fs.readdir(this.parent).catch(() => [] as string[]);
    return names
      .map((name) => ({ name, release: releaseOf(name) }))
      .filter((entry): entry is { name: string; release: number } => entry.release !== undefined && entry.name === releaseFolder(this.name, entry.release))
      .map(({ name, release }) => ({ folder: path.join(this.parent, name), release }))
      .sort((a, b) => b.release - a.release);
  }

  /** The folder the link points at, or undefined when there is no link yet. */
  async current(): Promise<string | undefined> {
    const target = await fs.readlink(this.live).catch(() => undefined);
    return target === undefined ? undefined : path.resolve(this.parent, target);
  }

  private async manifestOf(folder: string): Promise<Manifest> {
    let manifest = this.manifests.get(folder);
    if (!manifest) {
      manifest = await readManifest(folder);
      this.manifests.set(folder, manifest);
    }
    return manifest;
  }

  /**
   * Makes `public/` as it is now the live release. `sourceManifest` spares the walk of `public/` when the caller
   * has just made one.
   */
  async publish(sourceManifest?: Manifest): Promise<PublishResult> {
    const started = performance.now();
    await fs.mkdir(this.parent, { recursive: true });
    const live = await this.current();
    await this.adoptPlainFolder(live);
    const releases = await this.releases();
    const liveRelease = live ? (releaseOf(live) ?? 0) : (releases[0]?.release ?? 0);
    const next = liveRelease + 1;
    const target = path.join(this.parent, releaseFolder(this.name, next));

    // The folder to bring up to date: the one not live (its content is one or two releases old), else a new one.
    const spare = releases.find((entry) => entry.folder !== live);
    for (const extra of releases) {
      if (extra.folder !== live && extra !== spare) await fs.rm(extra.folder, { recursive: true, force: true });
    }
    if (spare) {
      await fs.rename(spare.folder, target);
      this.move(spare.folder, target);
    } else if (live) {
      await this.linkCopy(live, target);
    } else {
      await fs.mkdir(target, { recursive: true });
      this.manifests.set(target, new Map());
    }

    const wanted = sourceManifest ?? (await readManifest(this.source));
    const held = await this.manifestOf(target);
    const { copied, removed } = await this.bringUpToDate(target, held, wanted);
    await this.point(target);
    return { release: next, copied, removed, ms: performance.now() - started };
  }

  /** A plain folder at the link's place (served before releases existed) becomes release 0's folder. */
  private async adoptPlainFolder(live: string | undefined) {
    if (live !== undefined) return;
    const stat = await fs.lstat(this.live).catch(() => undefined);
    if (!stat?.isDirectory()) return;
    const folder = path.join(this.parent, releaseFolder(this.name, 0));
    await fs.rename(this.live, folder);
    await this.point(folder);
  }

  private move(from: string, to: string) {
    for (const map of [this.manifests, this.orphans] as Map<string, unknown>[]) {
      if (map.has(from)) {
        map.set(to, map.get(from));
        map.delete(from);
      }
    }
  }

  /** A second release folder as hard links of the first: safe, since no release file is ever written in place. */
  private async linkCopy(from: string, to: string) {
    const manifest = await this.manifestOf(from);
    await fs.rm(to, { recursive: true, force: true });
    const folders = new Set<string>();
    for (const file of manifest.keys()) folders.add(path.dirname(file));
    for (const folder of [...folders].sort()) await fs.mkdir(path.join(to, folder), { recursive: true });
    await eachLimited([...manifest.keys()], 16, (file) => fs.link(path.join(from, file), path.join(to, file)));
    this.manifests.set(to, new Map(manifest));
  }

  private async bringUpToDate(target: string, held: Manifest, wanted: Manifest) {
    const changed = [...wanted].filter(([file, entry]) => !same(held.get(file), entry)).map(([file]) => file);
    // A compressed copy is never written in place either (scripts/lib/precompress.ts writes a new file and renames it
    // over the old), so the release shares its inode: a hard link, two thirds of a cold release's files without a
    // copy (ADR 091). Any other file is copied (a reflink where the file system has them), never linked: Gatsby
    // rewrites public/ in place. The copy keeps its source's mtime, as it was when copied.
    await copyInWorker(this.source, target, changed.map((file) => [file, copySource(file) !== undefined]), (file, entry) => held.set(file, entry));

    const previousOrphans = this.orphans.get(target) ?? new Set<string>();
    const orphans = new Set<string>();
    let removed = 0;
    for (const file of [...held.keys()]) {
      if (wanted.has(file)) continue;
      if (lingers(file) && !previousOrphans.has(file)) {
        orphans.add(file);
        continue;
      }
      await fs.rm(path.join(target, file), { force: true });
      held.delete(file);
      removed++;
    }
    this.orphans.set(target, orphans);
    return { copied: changed.length, removed };
  }

  /** Points the link at `folder` with one rename, which a request resolving the link sees either side of. */
  private async point(folder: string) {
    const temp = path.join(this.parent, `.${this.name}.${process.pid}.link-tmp`);
    await fs.rm(temp, { force: true });
    await fs.symlink(path.basename(folder), temp, 'dir');
    await fs.rename(temp, this.live);
  }
}

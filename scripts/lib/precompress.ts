/**
 * Brotli and gzip copies of the built site's text files (`x.html.br`, `x.html.gz` beside `x.html`), so our server
 * sends a page in a fifth of its bytes without compressing it per request (server/src/plugins/site.ts, ADR 040).
 * Netlify compresses on its CDN, so its build does not run this.
 *
 * Each copy gets its source's mtime. A copy whose mtime is not its source's is stale: the server never sends it
 * and the next run writes it again. That makes a run without state (a restart, a build by another process) cost one
 * stat per file (one walk, which also gives the site builder the folder's manifest for publishing, ADR 052) and the
 * compression of only the files the build wrote, and it removes the copies of files the build deleted. After a
 * build of the site builder's own, the files it changed come from Gatsby's list of its pages (scripts/lib/
 * changed-files.ts, ADR 091) and a run looks at those only. A copy is written under a temp name and renamed, never
 * in place, so a release may hard-link it (scripts/lib/live-site.ts).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { compressedSuffixes, copySource, isCompressible, madeFrom } from '../../contract/compressed-files';
import { readManifest, type Manifest } from './live-site';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export interface PrecompressResult {
  /** Files compressed in this run (new or rewritten since the last). */
  compressed: number;
  /** Of those, files written again with the same content, whose copies were written again from the old ones. */
  reused: number;
  /** Compressible files whose copies were current. */
  current: number;
  /** Copies removed because their source is gone. */
  removed: number;
  /** Whether pages and data were compressed at the bulk run's quality (see `brotliQuality`). */
  bulk: boolean;
  ms: number;
  /** Every file of the folder after the run, with size and mtime. */
  manifest: Manifest;
}

/**
 * Writes `data` through a temp name and renames it, so the server never reads a half-written copy, then gives it
 * the source's times.
 */
async function writeCopy(file: string, data: Buffer, source: { atimeMs: number; mtimeMs: number }) {
  const temp = `${path.dirname(file)}/.${path.basename(file)}.${process.pid}.tmp`;
  await fs.writeFile(temp, data);
  // In seconds with the fraction: a Date would cut the time to whole milliseconds.
  await fs.utimes(temp, source.atimeMs / 1000, source.mtimeMs / 1000);
  await fs.rename(temp, file);
}

/**
 * Brotli's top quality for scripts and styles: their names carry a content hash, so each is compressed once and kept
 * across rebuilds, and they are what visitors wait for. Quality 10 for pages and data, which rebuilds rewrite: on a
 * cold build of the demo site (19 MB of text) it took 26 s on one core where 11 took 78 s, for 2 % more bytes.
 * In a bulk run (a cold build, a build that rewrote most pages) quality 6 for pages and data (ADR 091): on 300 pages
 * of the 10,000-page site (69 kB each), four at a time on two cores, it took 1.1 s of CPU where 8 took 4.8 s and 10
 * far more, for 2 % more bytes than 8, still 6 % fewer than gzip's. A page gets quality 10 when it is next rewritten.
 */
const brotliQuality = (file: string, bulk: boolean) => (/\.(?:m?js|css)$/.test(file) ? zlib.constants.BROTLI_MAX_QUALITY : bulk ? 6 : 10);

/** A run compressing more files than this is a bulk run (above). */
export const bulkFiles = 1000;

/** Below this a copy saves less than its headers cost. */
const minBytes = 256;

/** Whether `relative`'s copies in `manifest` were made from it as it is now (see the header). */
function copiesCurrent(manifest: Manifest, relative: string, source: { mtimeMs: number }) {
  const gz = manifest.get(`${relative}.gz`);
  const br = manifest.get(`${relative}.br`);
  // A missing .br beside a current .gz means brotli did not beat gzip there (below).
  return gz !== undefined && madeFrom(gz.mtimeMs, source.mtimeMs) && (br === undefined || madeFrom(br.mtimeMs, source.mtimeMs));
}

/**
 * The copies a file already has, when they were made from the same content: Gatsby copies `static/` and its
 * Partytown scripts into public/ again in every build, with new mtimes and the same bytes, and scripts take
 * brotli's slowest quality (ADR 091). Undefined when there are none or the content differs (the .gz, quick to
 * unpack, says which).
 */
async function sameContent(relative: string, file: string, data: Buffer, manifest: Manifest): Promise<[Buffer, Buffer] | undefined> {
  if (!manifest.has(`${relative}.gz`)) return undefined;
  try {
    const gz = await fs.readFile(`${file}.gz`);
    if (!(await gunzip(gz)).equals(data)) return undefined;
    // No .br: brotli did not beat gzip there; a buffer as long as the .gz stands for it, so none is written. A .br
    // not made with the .gz (a run stopped between the two) is not taken.
    const known = { br: manifest.get(`${relative}.br`), gz: manifest.get(`${relative}.gz`)! };
    if (known.br && !madeFrom(known.br.mtimeMs, known.gz.mtimeMs)) return undefined;
    const br = known.br ? await fs.readFile(`${file}.br`) : Buffer.alloc(gz.length);
    return [br, gz];
  } catch {
    return undefined;
  }
}

/** A file's brotli and gzip copies. */
type Compress = (data: Buffer, quality: number) => Promise<[Buffer, Buffer]>;

/** On the caller's thread pool with zlib's asynchronous calls: for the few files of an ordinary publish. */
const compressAsync: Compress = (data, quality) => Promise.all([
  brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  }),
  gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
]);

/**
 * `threads` worker threads (compress-worker.cjs) compressing with zlib's synchronous calls, for a bulk run (ADR
 * 091): Node's asynchronous brotli hands a file to the thread pool in many small pieces, and on two cores 300 of
 * the large site's pages took 0.48 s with the synchronous call against 0.63 s for one asynchronous file at a time
 * and 0.88 s for four. Each file goes to the thread with the fewest waiting; `close` ends the threads.
 */
function compressorThreads(threads: number): { compress: Compress; close: () => Promise<void> } {
  type Pending = { resolve: (copies: [Buffer, Buffer]) => void; reject: (error: Error) => void };
  let nextId = 0;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(path.join(__dirname, 'compress-worker.cjs'));
    const pending = new Map<number, Pending>();
    worker.on('message', (message: { id: number; br?: Uint8Array; gz?: Uint8Array; error?: string }) => {
      const waiting = pending.get(message.id)!;
      pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(`compressing failed: ${message.error}`));
      else waiting.resolve([Buffer.from(message.br!.buffer, message.br!.byteOffset, message.br!.byteLength), Buffer.from(message.gz!.buffer, message.gz!.byteOffset, message.gz!.byteLength)]);
    });
    // A thread that dies takes its files with it: each fails, and with them the run.
    worker.on('error', (error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    });
    return { worker, pending };
  });
  const compress: Compress = (data, quality) => {
    const target = workers.reduce((fewest, candidate) => (candidate.pending.size < fewest.pending.size ? candidate : fewest));
    const id = nextId++;
    const copy = new Uint8Array(data);
    return new Promise((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, data: copy, quality }, [copy.buffer]);
    });
  };
  return { compress, close: async () => { await Promise.all(workers.map(({ worker }) => worker.terminate())); } };
}

/**
 * Compresses one file unless its copies are current; resolves with whether it compressed. `manifest` is kept
 * up to date with the copies written and removed.
 */
async function compressFile(publicDir: string, relative: string, manifest: Manifest, bulk: boolean, reused: Set<string>, compress: Compress) {
  const file = path.join(publicDir, relative);
  const known = manifest.get(relative)!;
  const [brFile, gzFile] = [`${file}.br`, `${file}.gz`];
  const drop = async (suffix: string) => {
    if (!manifest.delete(relative + suffix)) return;
    await fs.rm(file + suffix, { force: true });
  };
  if (known.size < minBytes) {
    await Promise.all([drop('.br'), drop('.gz')]);
    return false;
  }
  if (copiesCurrent(manifest, relative, known)) return false;
  const stat = await fs.stat(file);
  const data = await fs.readFile(file);
  const kept = await sameContent(relative, file, data, manifest);
  if (kept) reused.add(relative);
  const [br, gz] = kept ?? await compress(data, brotliQuality(relative, bulk));
  // The .gz always (text of this size compresses); a .br only when smaller than the .gz, so each encoding of a
  // file has its own size and with it its own ETag (the server's are size and mtime).
  await writeCopy(gzFile, gz, stat);
  manifest.set(`${relative}.gz`, { size: gz.length, mtimeMs: stat.mtimeMs });
  if (br.length < gz.length) {
    await writeCopy(brFile, br, stat);
    manifest.set(`${relative}.br`, { size: br.length, mtimeMs: stat.mtimeMs });
  } else {
    await fs.rm(brFile, { force: true });
    manifest.delete(`${relative}.br`);
  }
  // The source as it was read (a build writing it meanwhile is the next run's).
  manifest.set(relative, { size: stat.size, mtimeMs: stat.mtimeMs });
  return true;
}


/** What an incremental build changed (scripts/lib/changed-files.ts): the folder's manifest now, the files new or rewritten, those gone. */
export interface PublicChanges {
  manifest: Manifest;
  touched: readonly string[];
  gone: readonly string[];
}

/**
 * Brings the compressed copies under `publicDir` up to date with its files. `concurrency` files are compressed at a
 * time (zlib runs them on libuv's thread pool, not on the caller's event loop), each file's brotli and gzip copies
 * side by side. Two at a time, not more (ADR 091): on two cores, 1,500 of the large site's pages took 5.1–5.3 s of
 * wall time with two and 5.7–6.2 s with four, whose parallel brotli jobs cost far more CPU each. A bulk run compresses
 * in one worker thread per core instead (`compressorThreads`), two files per thread in flight so that reading and
 * writing overlap the compressing. With `changes` only the files those name are looked at (ADR 091); without, every
 * file of the folder (one walk).
 */
export async function precompressPublic(publicDir: string, { concurrency = 2, changes }: { concurrency?: number; changes?: PublicChanges } = {}): Promise<PrecompressResult> {
  const started = performance.now();
  const manifest = changes ? changes.manifest : await readManifest(publicDir);
  const sources = new Set<string>();
  const copies: string[] = [];
  if (changes) {
    for (const relative of changes.touched) if (copySource(relative) === undefined && isCompressible(relative) && manifest.has(relative)) sources.add(relative);
    for (const relative of changes.gone) {
      if (copySource(relative) !== undefined || !isCompressible(relative)) continue;
      for (const suffix of compressedSuffixes) if (manifest.has(relative + suffix)) copies.push(relative + suffix);
    }
  } else {
    for (const relative of manifest.keys()) {
      if (copySource(relative) !== undefined) copies.push(relative);
      else if (isCompressible(relative)) sources.add(relative);
    }
  }

  let removed = 0;
  for (const copy of copies) {
    if (!manifest.has(copySource(copy)!)) {
      await fs.rm(path.join(publicDir, copy), { force: true });
      manifest.delete(copy);
      removed++;
    }
  }

  let compressed = 0;
  // Those whose copies are not current: the ones to compress, whose number makes a run a bulk run.
  const queue = [...sources].filter((relative) => {
    const source = manifest.get(relative)!;
    return source.size < minBytes || !copiesCurrent(manifest, relative, source);
  });
  const bulk = queue.length > bulkFiles;
  const reused = new Set<string>();
  const threads = bulk ? compressorThreads(os.availableParallelism()) : undefined;
  const compress = threads?.compress ?? compressAsync;
  const worker = async () => {
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      // A file the build removed meanwhile is no error: its copies go in the next run.
      const wrote = await compressFile(publicDir, next, manifest, bulk, reused, compress).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      });
      if (wrote) compressed++;
    }
  };
  try {
    await Promise.all(Array.from({ length: threads ? 2 * os.availableParallelism() : concurrency }, worker));
  } finally {
    await threads?.close();
  }
  return { compressed, reused: reused.size, current: sources.size - compressed, removed, bulk, ms: performance.now() - started, manifest };
}

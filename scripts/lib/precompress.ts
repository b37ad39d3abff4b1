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
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { compressedSuffixes, copySource, isCompressible, madeFrom } from '../../contract/compressed-files';
import { readManifest, type Manifest } from './live-site';

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
  // A missing .br beside a current .gz means brotli did not beat gzip there (compress-worker.cjs).
  return gz !== undefined && madeFrom(gz.mtimeMs, source.mtimeMs) && (br === undefined || madeFrom(br.mtimeMs, source.mtimeMs));
}

/**
 * Whether the copies a file has may be taken over when its bytes are unchanged (compress-worker.cjs): undefined
 * without a .gz, or when its .br was not made with the .gz (a run stopped between the two).
 */
function reusable(manifest: Manifest, relative: string): { br: boolean } | undefined {
  const gz = manifest.get(`${relative}.gz`);
  const br = manifest.get(`${relative}.br`);
  if (!gz || (br && !madeFrom(br.mtimeMs, gz.mtimeMs))) return undefined;
  return { br: br !== undefined };
}

/** What a thread (compress-worker.cjs) says of a file it gave copies. */
interface Compressed {
  size: number;
  mtimeMs: number;
  gz: number;
  br?: number;
  reused: boolean;
}

type Job = { file: string; quality: number; reuse?: { br: boolean } };

/**
 * `threads` worker threads (compress-worker.cjs), each reading, compressing and writing the files it is given with
 * Node's synchronous calls (ADR 091, ADR 098). Each file goes to the thread with the fewest waiting; `close` ends
 * the threads. A file the thread could not read rejects with its error's code.
 */
function compressorThreads(threads: number): { compress: (job: Job) => Promise<Compressed>; close: () => Promise<void> } {
  type Pending = { resolve: (result: Compressed) => void; reject: (error: Error) => void };
  let nextId = 0;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(path.join(__dirname, 'compress-worker.cjs'));
    const pending = new Map<number, Pending>();
    worker.on('message', (message: Compressed & { id: number; error?: string; code?: string }) => {
      const waiting = pending.get(message.id)!;
      pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(Object.assign(new Error(`compressing failed: ${message.error}`), { code: message.code }));
      else waiting.resolve(message);
    });
    // A thread that dies takes its files with it: each fails, and with them the run.
    worker.on('error', (error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    });
    return { worker, pending };
  });
  const compress = (job: Job) => {
    const target = workers.reduce((fewest, candidate) => (candidate.pending.size < fewest.pending.size ? candidate : fewest));
    const id = nextId++;
    return new Promise<Compressed>((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, ...job });
    });
  };
  return { compress, close: async () => { await Promise.all(workers.map(({ worker }) => worker.terminate())); } };
}

/**
 * Compresses one file unless its copies are current; resolves with whether it compressed. `manifest` is kept
 * up to date with the copies written and removed.
 */
async function compressFile(publicDir: string, relative: string, manifest: Manifest, bulk: boolean, reused: Set<string>, compress: (job: Job) => Promise<Compressed>) {
  const file = path.join(publicDir, relative);
  const known = manifest.get(relative)!;
  const drop = async (suffix: string) => {
    if (!manifest.delete(relative + suffix)) return;
    await fs.rm(file + suffix, { force: true });
  };
  if (known.size < minBytes) {
    await Promise.all([drop('.br'), drop('.gz')]);
    return false;
  }
  if (copiesCurrent(manifest, relative, known)) return false;
  const result = await compress({ file, quality: brotliQuality(relative, bulk), reuse: reusable(manifest, relative) });
  if (result.reused) reused.add(relative);
  manifest.set(`${relative}.gz`, { size: result.gz, mtimeMs: result.mtimeMs });
  if (result.br !== undefined) manifest.set(`${relative}.br`, { size: result.br, mtimeMs: result.mtimeMs });
  else manifest.delete(`${relative}.br`);
  // The source as it was read (a build writing it meanwhile is the next run's).
  manifest.set(relative, { size: result.size, mtimeMs: result.mtimeMs });
  return true;
}


/** What an incremental build changed (scripts/lib/changed-files.ts): the folder's manifest now, the files new or rewritten, those gone. */
export interface PublicChanges {
  manifest: Manifest;
  touched: readonly string[];
  gone: readonly string[];
}

/**
 * Brings the compressed copies under `publicDir` up to date with its files, in one worker thread per core (fewer for
 * fewer files) that reads, compresses and writes (compress-worker.cjs), two files per thread in flight so that
 * one file's reading and writing overlaps another's compressing. With `changes` only the files those name are looked
 * at (ADR 091); without, every file of the folder (one walk).
 */
export async function precompressPublic(publicDir: string, { changes }: { changes?: PublicChanges } = {}): Promise<PrecompressResult> {
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
  const toCompress = queue.filter((relative) => manifest.get(relative)!.size >= minBytes).length;
  const threads = toCompress > 0 ? compressorThreads(Math.min(os.availableParallelism(), toCompress)) : undefined;
  const compress = (job: Job) => threads!.compress(job);
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
    await Promise.all(Array.from({ length: 2 * os.availableParallelism() }, worker));
  } finally {
    await threads?.close();
  }
  return { compressed, reused: reused.size, current: sources.size - compressed, removed, bulk, ms: performance.now() - started, manifest };
}

/**
 * Brotli and gzip copies of the built site's text files (`x.html.br`, `x.html.gz` beside `x.html`), so our server
 * sends a page in a fifth of its bytes without compressing it per request (server/src/plugins/site.ts, ADR 040).
 * Netlify compresses on its CDN, so its build does not run this.
 *
 * Each copy gets its source's mtime. A copy whose mtime is not its source's is stale: the server never sends it
 * and the next run writes it again. That makes a run after an incremental build cost one stat per file (one walk,
 * which also gives the site builder the folder's manifest for publishing, ADR 052) and the compression of only the
 * files the build wrote, with no state kept between runs (a restart, a build by another process), and it removes the
 * copies of files the build deleted.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { compressedSuffixes, isCompressible, madeFrom } from '../../contract/compressed-files';
import { readManifest, type Manifest } from './live-site';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressResult {
  /** Files compressed in this run (new or rewritten since the last). */
  compressed: number;
  /** Compressible files whose copies were current. */
  current: number;
  /** Copies removed because their source is gone. */
  removed: number;
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
 */
const brotliQuality = (file: string) => (/\.(?:m?js|css)$/.test(file) ? zlib.constants.BROTLI_MAX_QUALITY : 10);

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
 * Compresses one file unless its copies are current; resolves with whether it compressed. `manifest` is kept
 * up to date with the copies written and removed.
 */
async function compressFile(publicDir: string, relative: string, manifest: Manifest) {
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
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(relative),
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
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


/**
 * Brings the compressed copies under `publicDir` up to date with its files. `concurrency` files are compressed at a
 * time (zlib runs them on libuv's thread pool, not on the caller's event loop).
 */
export async function precompressPublic(publicDir: string, { concurrency = 4 } = {}): Promise<PrecompressResult> {
  const started = performance.now();
  const manifest = await readManifest(publicDir);
  const sources = new Set<string>();
  const copies: string[] = [];
  for (const relative of manifest.keys()) {
    // Only a copy of a file we compress: a .gz the site offers for download is a file of its own.
    const suffix = compressedSuffixes.find((s) => relative.endsWith(s));
    if (suffix && isCompressible(relative.slice(0, -suffix.length))) copies.push(relative);
    else if (isCompressible(relative)) sources.add(relative);
  }

  let removed = 0;
  for (const copy of copies) {
    const source = copy.slice(0, copy.lastIndexOf('.'));
    if (!sources.has(source)) {
      await fs.rm(path.join(publicDir, copy), { force: true });
      manifest.delete(copy);
      removed++;
    }
  }

  let compressed = 0;
  const queue = [...sources];
  const worker = async () => {
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      // A file the build removed meanwhile is no error: its copies go in the next run.
      const wrote = await compressFile(publicDir, next, manifest).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      });
      if (wrote) compressed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { compressed, current: sources.size - compressed, removed, ms: performance.now() - started, manifest };
}

import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Manifest } from './live-site';

export interface Snapshot {
  /** page path → mtime and content hash of its index.html */
  pages: Map<string, { mtimeMs: number; hash: string }>;
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []; // nothing built yet
    throw error;
  });
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'page-data' || entry.name === 'static' || entry.name === '~partytown') continue;
      yield* htmlFiles(full);
    } else if (entry.name === 'index.html' || entry.name.endsWith('.html')) {
      yield full;
    }
  }
}

const notPages = /^(?:page-data|static|~partytown)\//;

/** The HTML pages of a manifest just made (scripts/lib/precompress.ts), with no stat of their own. */
function* pagesOf(publicDir: string, manifest: Manifest) {
  for (const [page, { mtimeMs }] of manifest) {
    if (page.endsWith('.html') && !notPages.test(page)) yield { page, file: path.join(publicDir, page), mtimeMs };
  }
}

async function* statPages(publicDir: string) {
  for await (const file of htmlFiles(publicDir)) yield { page: path.relative(publicDir, file), file, mtimeMs: (await fs.stat(file)).mtimeMs };
}

/** Records every HTML page of a build, so two builds can be compared for pages rewritten. */
export function snapshot(publicDir: string): Promise<Snapshot> {
  return refreshSnapshot(publicDir, { pages: new Map() });
}

/**
 * A snapshot after another build, reading again only the files whose mtime differs from `previous`: after a small
 * rebuild that is a stat per page and a few reads, where a full snapshot reads every page. With the build's
 * manifest (precompress made one), not even the stats.
 */
export async function refreshSnapshot(publicDir: string, previous: Snapshot, manifest?: Manifest): Promise<Snapshot> {
  const pages = new Map<string, { mtimeMs: number; hash: string }>();
  for await (const { page, file, mtimeMs } of manifest ? pagesOf(publicDir, manifest) : statPages(publicDir)) {
    const known = previous.pages.get(page);
    if (known && known.mtimeMs === mtimeMs) {
      pages.set(page, known);
      continue;
    }
    pages.set(page, { mtimeMs, hash: createHash('sha1').update(await fs.readFile(file)).digest('hex') });
  }
  return { pages };
}

/** Pages whose file was written again (new mtime) between two snapshots. */
export function rewritten(before: Snapshot, after: Snapshot) {
  const written: string[] = [];
  for (const [page, now] of after.pages) {
    const was = before.pages.get(page);
    if (!was || was.mtimeMs !== now.mtimeMs) written.push(page);
  }
  return written.sort();
}

/** Of the pages written, those whose content differs from before. */
export function changed(before: Snapshot, after: Snapshot, written: string[]) {
  return written.filter((page) => before.pages.get(page)?.hash !== after.pages.get(page)?.hash);
}

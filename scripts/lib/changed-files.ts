/**
 * `public/`'s manifest after an incremental build, made from the manifest before it and the pages Gatsby says the
 * build wrote and deleted (gatsby/private/changed-pages.ts), instead of a walk of the whole folder (ADR 091). On the
 * 10,000-page site nearly every file of `public/` (some 62,800) is a page's HTML, its page data or a compressed copy
 * of either; a build that changed one page touches six of them. So:
 *
 * - Page files (`x/index.html`, `x.html` below the root, `page-data/x/page-data.json`, and their `.br`/`.gz`) are
 *   taken from the manifest before, except those of the pages the build wrote or deleted and the HTML files the CSP
 *   pass found written (pages Gatsby only stitched again), which are looked at again.
 * - Every other file is looked at in every build: the root's files, the trees that hold no page (`static/`,
 *   `page-data/sq/`, ...) walked whole, and the folders of page trees that held any other file before.
 *
 * A file the build added to a page's folder that is neither the page nor its data, in a folder that held no such
 * file before, is missed until the next full walk (a restart of the site builder): nothing of Gatsby's or ours
 * writes one (ADR 091).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { compressedSuffixes, copySource } from '../../contract/compressed-files';
import { pageFiles, type ChangedPages } from '../../gatsby/private/changed-pages';
import { eachLimited, type Manifest } from './live-site';

const notPageTrees = /^(?:static|~partytown|page-data\/sq)\//;

/** Whether `file` is one of a page's files or a copy of one: known from Gatsby's lists, not looked at. */
export function isPageFile(file: string): boolean {
  const source = copySource(file) ?? file;
  if (!source.includes('/') || notPageTrees.test(source)) return false;
  if (source.startsWith('page-data/')) return source.endsWith('/page-data.json');
  return source.endsWith('.html');
}

/** `relative`'s size and mtime, or undefined when it is gone (or not a file). */
async function statOf(dir: string, relative: string) {
  const stat = await fs.stat(path.join(dir, relative)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  return stat?.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
}

/** The names in `folder` (relative, '' the root), split into files and folders; dot files left out. */
async function listFolder(dir: string, folder: string) {
  const entries = await fs.readdir(path.join(dir, folder), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
  const prefix = folder === '' ? '' : `${folder}/`;
  const visible = entries.filter((entry) => !entry.name.startsWith('.'));
  return {
    files: visible.filter((entry) => entry.isFile()).map((entry) => prefix + entry.name),
    folders: visible.filter((entry) => entry.isDirectory()).map((entry) => prefix + entry.name),
  };
}

/**
 * The manifest of `publicDir` after a build that wrote and deleted `changed`, from `previous` (its manifest after
 * the build before, which stays as it was). Also returns the files whose size or mtime differ from `previous`, new
 * ones included, and those gone.
 */
export async function manifestAfterBuild(publicDir: string, previous: Manifest, changed: ChangedPages): Promise<{ manifest: Manifest; touched: string[]; gone: string[] }> {
  const manifest: Manifest = new Map(previous);
  const look = new Set<string>();
  // The trees below the root that hold pages: `de`, `page-data/de`, ...
  const pageTrees = new Set<string>();
  const treeOf = (file: string) => file.split('/', file.startsWith('page-data/') ? 2 : 1).join('/');
  const folders = new Set<string>(['', 'page-data']);
  for (const file of previous.keys()) {
    if (isPageFile(file)) {
      pageTrees.add(treeOf(file));
      continue;
    }
    look.add(file);
    folders.add(path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file));
  }
  const pageFilesChanged = [...changed.written, ...changed.deleted].flatMap(pageFiles);
  // And the pages Gatsby only stitched again, which its list leaves out (gatsby/pages-written.ts).
  for (const file of [...pageFilesChanged, ...changed.htmlFiles]) {
    for (const suffix of ['', ...compressedSuffixes]) look.add(file + suffix);
    folders.add(path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file));
  }

  // Listed: the root, `page-data/`, every folder that held a file other than a page's, the changed pages' folders,
  // and every folder of a tree that holds no page (static/, page-data/sq/, a new one), whole.
  const whole = (folder: string) => folder !== '' && folder !== 'page-data' && !pageTrees.has(treeOf(folder));
  const queue = [...folders];
  while (queue.length) {
    const { files, folders: inner } = await listFolder(publicDir, queue.pop()!);
    for (const file of files) if (!isPageFile(file)) look.add(file);
    for (const child of inner) {
      if (whole(child) && !folders.has(child)) {
        folders.add(child);
        queue.push(child);
      }
    }
  }

  const touched: string[] = [];
  const gone: string[] = [];
  await eachLimited([...look], 16, async (file) => {
    const now = await statOf(publicDir, file);
    const before = previous.get(file);
    if (!now) {
      if (manifest.delete(file)) gone.push(file);
      return;
    }
    manifest.set(file, now);
    if (!before || before.size !== now.size || before.mtimeMs !== now.mtimeMs) touched.push(file);
  });
  return { manifest, touched: touched.sort(), gone: gone.sort() };
}

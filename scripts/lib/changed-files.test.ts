/**
 * An incremental build's files found from Gatsby's list of the pages it wrote and deleted (ADR 091): the copies of a
 * rewritten page are made again, an unchanged page's are not touched, a deleted page's go, and the manifest so made
 * is the one a walk of the whole folder gives.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { isPageFile, manifestAfterBuild } from './changed-files';
import { readManifest } from './live-site';
import { precompressPublic } from './precompress';

const text = (name: string) => Array.from({ length: 300 }, (_, i) => `${name} ${(i * 7919) % 1000}`).join(' ');

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-changed-files-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

/** Writes `file` in place, as Gatsby does, with an mtime a second on from its last (a later build's). */
async function write(file: string, content: string) {
  const full = path.join(dir, file);
  await fs.mkdir(path.dirname(full), { recursive: true });
  const before = await fs.stat(full).catch(() => undefined);
  await fs.writeFile(full, content);
  if (before) await fs.utimes(full, before.atime, new Date(before.mtimeMs + 1000));
}

async function page(pagePath: string, content: string) {
  const html = pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`;
  await write(html, `<h1>${content}</h1>`);
  await write(`page-data/${pagePath === '/' ? 'index' : pagePath.slice(1)}/page-data.json`, JSON.stringify({ content }));
}

const stamp = async (file: string) => {
  const stat = await fs.stat(path.join(dir, file));
  return { ino: stat.ino, mtimeMs: stat.mtimeMs };
};
const exists = (file: string) => fs.stat(path.join(dir, file)).then(() => true, () => false);

it('tells page files from the others', () => {
  expect(['de/a/index.html', 'de/404.html.br', 'page-data/de/a/page-data.json.gz'].filter(isPageFile)).toHaveLength(3);
  expect(['index.html', 'app-1.js', 'page-data/app-data.json', 'page-data/sq/d/1.json', 'static/x/a.html', 'de/feed.xml'].filter(isPageFile)).toEqual([]);
});

it('compresses again the pages a build wrote, leaves the others, removes a deleted page’s copies and agrees with a walk', async () => {
  for (const pagePath of ['/', '/de/a', '/de/b', '/de/b/c', '/de/404.html']) await page(pagePath, text(pagePath));
  await write('app-1111.js', text('app'));
  await write('page-data/app-data.json', JSON.stringify({ hash: text('one') }));
  await write('page-data/sq/d/1.json', JSON.stringify({ q: text('q') }));
  await write('static/logo.svg', text('svg'));
  await write('sitemap.xml', text('urls'));
  const first = await precompressPublic(dir);
  const unchanged = await Promise.all(['de/b/index.html.br', 'de/b/index.html.gz', 'page-data/de/b/page-data.json.br'].map(stamp));

  // A build: /de/a rewritten, /de/b/c deleted, /de/d new; and beside the pages a new bundle, new app data, a new
  // static query result, a new file in static/ and a feed in a page's folder that held none.
  await page('/de/a', text('neu'));
  // Gatsby deletes a page's HTML and page data; their copies are ours to remove.
  await fs.rm(path.join(dir, 'de/b/c/index.html'));
  await fs.rm(path.join(dir, 'page-data/de/b/c/page-data.json'));
  await page('/de/d', text('d'));
  await fs.rm(path.join(dir, 'app-1111.js'));
  await write('app-2222.js', text('app two'));
  await write('page-data/app-data.json', JSON.stringify({ hash: text('two') }));
  await write('page-data/sq/d/2.json', JSON.stringify({ q: text('q2') }));
  await write('static/icons/new.svg', text('new svg'));
  await write('de/d/feed.xml', text('feed'));
  // The start page stitched again with new scripts: its HTML changed, not its data, and Gatsby does not list it.
  await write('index.html', `<h1>${text('/')}</h1><script src="/app-2222.js"></script>`);

  const found = await manifestAfterBuild(dir, first.manifest, { written: ['/de/a', '/de/d'], deleted: ['/de/b/c'], htmlFiles: ['de/a/index.html', 'de/d/index.html', 'index.html'] });
  const second = await precompressPublic(dir, { changes: found });

  expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, 'de/a/index.html.br'))).toString()).toBe(`<h1>${text('neu')}</h1>`);
  expect(zlib.gunzipSync(await fs.readFile(path.join(dir, 'page-data/de/a/page-data.json.gz'))).toString()).toBe(JSON.stringify({ content: text('neu') }));
  for (const file of ['de/d/index.html.br', 'app-2222.js.br', 'page-data/sq/d/2.json.gz', 'static/icons/new.svg.br', 'de/d/feed.xml.gz']) expect(await exists(file)).toBe(true);
  // The unchanged page's copies are the same files as before.
  expect(await Promise.all(['de/b/index.html.br', 'de/b/index.html.gz', 'page-data/de/b/page-data.json.br'].map(stamp))).toEqual(unchanged);
  for (const file of ['de/b/c/index.html.br', 'de/b/c/index.html.gz', 'page-data/de/b/c/page-data.json.br', 'app-1111.js.br', 'app-1111.js.gz']) expect(await exists(file)).toBe(false);
  expect(zlib.gunzipSync(await fs.readFile(path.join(dir, 'index.html.gz'))).toString()).toContain('app-2222.js');
  // Two pages' HTML and data, the stitched page, the bundle, app data, query result, static file and feed; nothing else.
  expect(second.compressed).toBe(10);
  expect(second.removed).toBe(2 * 2 + 2);

  // What was found is what a walk finds.
  const walked = await readManifest(dir);
  expect([...second.manifest.keys()].sort()).toEqual([...walked.keys()].sort());
  for (const [file, entry] of walked) {
    // A copy is recorded with its source's mtime, which the file system stores to within a millisecond.
    const made = second.manifest.get(file)!;
    expect({ file, size: made.size, current: Math.abs(made.mtimeMs - entry.mtimeMs) < 1 }).toEqual({ file, size: entry.size, current: true });
  }
  expect(found.gone).toEqual(expect.arrayContaining(['de/b/c/index.html', 'page-data/de/b/c/page-data.json', 'app-1111.js']));
  expect(found.touched).toEqual(expect.arrayContaining(['de/a/index.html', 'de/d/index.html', 'index.html', 'app-2222.js', 'static/icons/new.svg', 'de/d/feed.xml']));
  expect(found.touched).not.toContain('de/b/index.html');
});

/**
 * The lists of a build's written and deleted pages (ADR 091): read only when this build left them, and a page path
 * mapped to the files Gatsby writes for it. That Gatsby still writes them is the canary's (modules.cjs,
 * `changedPagesFiles`).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pagesWrittenFile } from '../pages-written';
import { forgetChangedPages, pageFiles, readChangedPages } from './changed-pages';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-changed-pages-'));
  await fs.mkdir(path.join(dir, '.cache'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const writeLists = async (written: string, deleted: string, htmlFiles?: string) => {
  await fs.writeFile(path.join(dir, '.cache', 'newPages.txt'), written);
  await fs.writeFile(path.join(dir, '.cache', 'deletedPages.txt'), deleted);
  if (htmlFiles !== undefined) await fs.writeFile(pagesWrittenFile(dir), htmlFiles);
};

it('reads the lists a build left, and none that were forgotten or are older than the build', async () => {
  const started = Date.now() - 1000;
  // Gatsby's two without the CSP pass's: not a whole build of ours.
  await writeLists('/de/a\n/\n', '');
  expect(await readChangedPages(dir, started)).toBeUndefined();
  await writeLists('/de/a\n/\n', '', 'de/a/index.html\nindex.html\nde/b/index.html\n');
  expect(await readChangedPages(dir, started)).toEqual({ written: ['/de/a', '/'], deleted: [], htmlFiles: ['de/a/index.html', 'index.html', 'de/b/index.html'] });
  expect(await readChangedPages(dir, Date.now() + 60_000)).toBeUndefined();
  await forgetChangedPages(dir);
  expect(await readChangedPages(dir, started)).toBeUndefined();
});

it('names the HTML and page data Gatsby writes for a page', () => {
  expect(pageFiles('/')).toEqual(['index.html', 'page-data/index/page-data.json']);
  expect(pageFiles('/de/konzerte')).toEqual(['de/konzerte/index.html', 'page-data/de/konzerte/page-data.json']);
  expect(pageFiles('/de/404.html')).toEqual(['de/404.html', 'page-data/de/404.html/page-data.json']);
});

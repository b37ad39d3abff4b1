/**
 * The pages a `gatsby build` wrote and deleted, as Gatsby itself knows them (ADR 091). With `--write-to-file`, a
 * hidden option of Gatsby's CLI, the build lists after onPostBuild the pages whose HTML it rendered (`toRegenerate`)
 * and those it deleted with their HTML and page data (`toDelete`), one page path a line, in `.cache/newPages.txt`
 * and `.cache/deletedPages.txt`. A page's page data is written only when its content changed, and a change of it
 * marks the page's HTML for rendering, so the first list covers the page-data files too. The registry entry
 * `changedPagesFiles` (modules.cjs) holds the lines of Gatsby's this relies on; the canary fails when they move.
 *
 * Gatsby's first list misses pages whose HTML it only stitched again (a change of the browser bundles re-renders its
 * scripts slice into every page), so the pages the CSP pass found written (gatsby/pages-written.ts) are read with
 * them; a build that left any of the three lists out is not read at all.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pagesWrittenFile } from '../pages-written';

/** The flag the site builder's `gatsby build` runs with (scripts/lib/build-site.ts). */
export const changedPagesFlag = '--write-to-file';

export interface ChangedPages {
  /** Page paths whose HTML the build rendered (`/de/presse`, `/de/404.html`, `/`). */
  written: string[];
  /** Page paths the build deleted. */
  deleted: string[];
  /** HTML files the build wrote, relative to `public/` (`de/presse/index.html`), stitched pages included. */
  htmlFiles: string[];
}

const listFiles = (cwd: string) => [path.join(cwd, '.cache', 'newPages.txt'), path.join(cwd, '.cache', 'deletedPages.txt'), pagesWrittenFile(cwd)] as const;

/** Removes an earlier build's lists, so a build that writes none (one without the flag, one that failed) is not read as the next one's. */
export async function forgetChangedPages(cwd: string): Promise<void> {
  await Promise.all(listFiles(cwd).map((file) => fs.rm(file, { force: true })));
}

/**
 * The lists of the build that ended in `cwd`, or undefined when it left none or older than `since` (epoch ms):
 * then it was not a build of ours, and the caller walks `public/` instead.
 */
export async function readChangedPages(cwd: string, since: number): Promise<ChangedPages | undefined> {
  try {
    const [written, deleted, htmlFiles] = await Promise.all(
      listFiles(cwd).map(async (file) => {
        const stat = await fs.stat(file);
        if (stat.mtimeMs < since) throw Object.assign(new Error(`${file} is older than the build`), { code: 'ENOENT' });
        return (await fs.readFile(file, 'utf8')).split('\n').filter((line) => line !== '');
      }),
    );
    return { written, deleted, htmlFiles };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * A page's two files under `public/`, as Gatsby names them (gatsby-core-utils' getPageHtmlFilePath and
 * generatePageDataPath): `x/index.html` (or `x` itself when it names an `.html` file) and `page-data/x/page-data.json`.
 */
export function pageFiles(pagePath: string): [html: string, pageData: string] {
  const html = (pagePath.endsWith('.html') ? pagePath : path.posix.join(pagePath, 'index.html')).replace(/^\/+/, '');
  const pageData = path.posix.join('page-data', pagePath === '/' ? 'index' : pagePath, 'page-data.json');
  return [html, pageData];
}

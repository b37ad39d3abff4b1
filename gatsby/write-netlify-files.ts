/**
 * The end of every build, for Netlify and our own server alike (ADR 022, ADR 053): run from `onPostBuild`, with the
 * pages and redirects taken from Gatsby's store.
 *
 * - The NUL guard (gatsby/nul-guard.ts, ADR 042) on the pages this build wrote: React's stream padding is taken out
 *   before the CSP hashes are taken; any other NUL fails the build, so no deploy takes the page, and the page is
 *   left as it is (the other pages get their policy in the same pass, ADR 098).
 * - The site's routing truth (gatsby/netlify-files.ts) into `public/_redirects` and `public/_headers`.
 * - Each page's Content-Security-Policy meta with the hashes of its inline scripts (gatsby/csp-meta.ts, ADR 028).
 * - No source maps in `public/` (ADR 067): the build writes none (gatsby-node.ts); those an earlier build left at
 *   the root beside its bundles are removed, so neither Netlify nor a release of our server (ADR 052) serves them.
 * - Only on Netlify, `x.html` beside each page `x/index.html` (a hard link, so no second copy on disk): the CDN
 *   answers `/x` with `x.html` directly, where for a folder it would first redirect to `/x/`, against the site's
 *   `trailingSlash: 'never'`. Locally our server serves `x/index.html` for `/x`, and the build's page count stays
 *   honest.
 *
 * This used to be our adapter's `adapt` step, which read Gatsby's routes manifest. Building that manifest begins
 * with a synchronous glob of all of `public/`: 7.9 s on the 10,000-page site, on every rebuild (ADR 053). The store
 * holds the same pages and redirects without it. The adapter itself stays (gatsby/netlify-adapter.ts).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { BuildArgs } from 'gatsby';
import { readBuildConfig } from './build-config';
import { addCspMetaToPages } from './csp-meta';
import { writePagesWritten } from './pages-written';
import { hashedAssetName, headersFile, redirectsFile, type BuildRedirect, type LeftOut } from './netlify-files';
import { guardPage, nulGuardMessage, type NulGuardResult } from './nul-guard';
import { writeIfChanged } from './write-if-changed';

export interface NetlifyFilesOptions {
  contentApiUrl: string;
  indexable: boolean;
  /** Write `x.html` beside `x/index.html` (Netlify builds). */
  prettyUrlFiles: boolean;
}

/** A redirect as Gatsby's store keeps it (`createRedirect`). */
export interface StoreRedirect {
  fromPath: string;
  toPath: string;
  statusCode?: number;
  isPermanent?: boolean;
  force?: boolean;
}

export interface BuildOutput {
  /** The build's folder: `public/` and `.cache/` are in it. */
  directory: string;
  /** Every page's path, as Gatsby created it (`/de/presse`, `/de/404.html`). */
  pagePaths: Iterable<string>;
  redirects: Iterable<StoreRedirect>;
}

type Reporter = Pick<BuildArgs['reporter'], 'info' | 'warn' | 'panic'>;

/** The file Gatsby writes for a page: `x/index.html`, or the path itself when it names an `.html` file. */
const pageHtmlFile = (pagePath: string) => (pagePath.endsWith('.html') ? pagePath : path.posix.join(pagePath, 'index.html')).replace(/^\/+/, '');

/**
 * The build's redirects as our files take them, in an order that depends on the redirects only (by source path),
 * so a rebuild that changed none writes the same `_redirects`. The status is Gatsby's: the one given, else 301 for
 * a permanent redirect and 302 for another.
 */
export function buildRedirectsOf(redirects: Iterable<StoreRedirect>): BuildRedirect[] {
  return [...redirects]
    .map((redirect) => ({
      fromPath: redirect.fromPath,
      toPath: redirect.toPath,
      statusCode: redirect.statusCode ?? (redirect.isPermanent ? 301 : 302),
      force: redirect.force === true,
    }))
    .sort((a, b) => (a.fromPath < b.fromPath ? -1 : a.fromPath > b.fromPath ? 1 : 0));
}

/** `x.html` as a hard link of `x/index.html` for every page but the root; re-linked when Gatsby replaced the page. */
async function linkPrettyUrlFiles(publicDir: string, pagePaths: string[]): Promise<number> {
  let linked = 0;
  for (const pagePath of pagePaths) {
    if (pagePath === '/' || pagePath.endsWith('/') || pagePath.endsWith('.html')) continue;
    const page = path.join(publicDir, pagePath, 'index.html');
    const sibling = path.join(publicDir, `${pagePath}.html`);
    const [pageStat, siblingStat] = await Promise.all([fs.stat(page).catch(() => undefined), fs.stat(sibling).catch(() => undefined)]);
    if (!pageStat || (siblingStat && siblingStat.ino === pageStat.ino)) continue;
    await fs.rm(sibling, { force: true });
    await fs.link(page, sibling).catch(() => fs.copyFile(page, sibling));
    linked += 1;
  }
  return linked;
}

/** What the build leaves in `public/` besides Gatsby's own files; see the module's comment. */
export async function writeNetlifyFiles({ directory, pagePaths, redirects: storeRedirects }: BuildOutput, options: NetlifyFilesOptions, reporter: Reporter): Promise<void> {
  const { contentApiUrl, indexable, prettyUrlFiles } = options;
  const publicDir = path.join(directory, 'public');
  const paths = [...new Set(pagePaths)];
  const pages = paths.map((pagePath) => path.join(publicDir, pageHtmlFile(pagePath)));
  const cspState = path.join(directory, '.cache', 'konzertfreunde-csp-pages.json');
  // One pass over the pages this build wrote (the others were checked when they were written): first the NUL guard,
  // then each page's script hashes, before x.html links are made to the pages. A refused page is left as it is.
  const nul: NulGuardResult = { repaired: [], refused: [] };
  const csp = await addCspMetaToPages(pages, cspState, (file, bytes) => guardPage(file, bytes, nul));
  if (nul.refused.length > 0) {
    reporter.panic(nulGuardMessage(nul.refused, publicDir));
    return;
  }
  if (nul.repaired.length > 0) {
    reporter.info(`NUL bytes of React's stream padding removed from ${nul.repaired.length} page(s): ${nul.repaired.map((page) => `${path.relative(publicDir, page.file)} (${page.removed})`).join(', ')}`);
  }
  const redirects = buildRedirectsOf(storeRedirects);
  const rootFiles = await fs.readdir(publicDir);
  // Source maps of an earlier build that wrote them (ADR 067): the bundles are at the root, and so were theirs.
  const sourceMaps = rootFiles.filter((name) => name.endsWith('.map'));
  for (const name of sourceMaps) await fs.rm(path.join(publicDir, name), { force: true });
  const hashedAssets = rootFiles.filter((name) => hashedAssetName.test(name));
  const leftOut: LeftOut = (redirect, problem) =>
    reporter.warn(`Redirect ${JSON.stringify(redirect.fromPath)} → ${JSON.stringify(redirect.toPath)} left out of _redirects: ${problem.message} (ADR 063)`);
  const wroteRedirects = await writeIfChanged(path.join(publicDir, '_redirects'), redirectsFile({ contentApiUrl, redirects }, leftOut));
  const wroteHeaders = await writeIfChanged(path.join(publicDir, '_headers'), headersFile({ indexable, hashedAssets }));
  // For the site builder: the pages this build wrote, stitched ones included (ADR 091).
  await writePagesWritten(directory, publicDir, csp.files);
  const linked = prettyUrlFiles ? await linkPrettyUrlFiles(publicDir, paths) : 0;
  reporter.info(
    `netlify files (build ran on node ${process.version.split('.')[0]}): ${redirects.length} build redirects, ${hashedAssets.length} hashed assets` +
      `${sourceMaps.length ? `, ${sourceMaps.length} source maps of an earlier build removed` : ''}` +
      `${wroteRedirects || wroteHeaders ? '' : ' (unchanged)'}${prettyUrlFiles ? `, ${linked} page files linked as x.html` : ''}` +
      `; CSP script hashes written into ${csp.written} pages, ${csp.skipped} unchanged (${csp.ms} ms)`,
  );
}

/** `onPostBuild`'s part: the pages and redirects from Gatsby's store, the options from the build's settings. */
export async function writeNetlifyFilesAfterBuild({ store, reporter }: Pick<BuildArgs, 'store' | 'reporter'>): Promise<void> {
  const state = store.getState() as { pages: Map<string, { path: string }>; redirects: StoreRedirect[]; program: { directory: string } };
  const { contentApiUrl, deploy } = readBuildConfig();
  await writeNetlifyFiles(
    { directory: state.program.directory, pagePaths: [...state.pages.values()].map((page) => page.path), redirects: state.redirects },
    { contentApiUrl, indexable: deploy.indexable, prettyUrlFiles: deploy.context !== 'local' },
    reporter,
  );
}

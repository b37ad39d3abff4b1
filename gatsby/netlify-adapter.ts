/**
 * Our own Gatsby adapter (ADR 022). Configured in gatsby-config, it keeps Gatsby from installing
 * gatsby-adapter-netlify on Netlify by itself: that adapter wrote its own copies of our redirects after our 404
 * rules, its own contradicting security headers and a 200 catch-all per language, and moved client-routed pages to
 * `[...].html`. This one writes the site's routing truth (gatsby/netlify-files.ts) into `public/_redirects` and
 * `public/_headers` at the end of every build, for Netlify and for our own server alike, and gives each page Gatsby
 * wrote its Content-Security-Policy meta with the hashes of its inline scripts (gatsby/csp-meta.ts, ADR 028).
 *
 * Only on Netlify, each page `x/index.html` also gets `x.html` (a hard link, so no second copy on disk): the CDN
 * answers `/x` with `x.html` directly, where for a folder it would first redirect to `/x/`, against the site's
 * `trailingSlash: 'never'`. Locally our server serves `x/index.html` for `/x`, and the build's page count stays
 * honest.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AdapterInit, IAdapter, RoutesManifest } from 'gatsby';
import { addCspMetaToPages, pagesWrittenSince } from './csp-meta';
import { hashedAssetName, headersFile, redirectsFile, type BuildRedirect } from './netlify-files';
import { guardPages, nulGuardMessage } from './nul-guard';
import { writeIfChanged } from './write-if-changed';

export interface NetlifyFilesOptions {
  contentApiUrl: string;
  indexable: boolean;
  /** Write `x.html` beside `x/index.html` (Netlify builds). */
  prettyUrlFiles: boolean;
}

export function buildRedirectsOf(routes: RoutesManifest): BuildRedirect[] {
  const redirects: BuildRedirect[] = [];
  for (const route of routes) {
    if (route.type !== 'redirect') continue;
    redirects.push({ fromPath: route.path, toPath: route.toPath, statusCode: route.status, force: route.force === true });
  }
  return redirects;
}

/** `x.html` as a hard link of `x/index.html` for every page but the root; re-linked when Gatsby replaced the page. */
async function linkPrettyUrlFiles(publicDir: string, routes: RoutesManifest): Promise<number> {
  let linked = 0;
  for (const route of routes) {
    if (route.type !== 'static' || route.path === '/' || route.path.endsWith('/') || !route.filePath.endsWith('/index.html')) continue;
    const page = path.join(publicDir, route.path, 'index.html');
    const sibling = path.join(publicDir, `${route.path}.html`);
    const [pageStat, siblingStat] = await Promise.all([fs.stat(page).catch(() => undefined), fs.stat(sibling).catch(() => undefined)]);
    if (!pageStat || (siblingStat && siblingStat.ino === pageStat.ino)) continue;
    await fs.rm(sibling, { force: true });
    await fs.link(page, sibling).catch(() => fs.copyFile(page, sibling));
    linked += 1;
  }
  return linked;
}

const createNetlifyFilesAdapter: AdapterInit<NetlifyFilesOptions> = (options) => {
  const { contentApiUrl, indexable, prettyUrlFiles } = options!;
  const adapter: IAdapter = {
    name: 'konzertfreunde-netlify-files',
    async adapt({ routesManifest, reporter }) {
      const publicDir = path.resolve('public');
      const pages = routesManifest.flatMap((route) => (route.type === 'static' && route.filePath.endsWith('.html') ? [path.resolve(route.filePath)] : []));
      // First of all, NUL bytes (gatsby/nul-guard.ts, ADR 042): React's stream padding is taken out, before the
      // CSP hashes are taken; any other NUL fails the build, so no deploy takes the page.
      const cspState = path.resolve('.cache', 'konzertfreunde-csp-pages.json');
      // Only the pages this build wrote: the others were checked when they were written.
      const nul = await guardPages(await pagesWrittenSince(pages, cspState));
      if (nul.refused.length > 0) {
        reporter.panic(nulGuardMessage(nul.refused, publicDir));
        return;
      }
      if (nul.repaired.length > 0) {
        reporter.info(`NUL bytes of React's stream padding removed from ${nul.repaired.length} page(s): ${nul.repaired.map((page) => `${path.relative(publicDir, page.file)} (${page.removed})`).join(', ')}`);
      }
      const redirects = buildRedirectsOf(routesManifest);
      const hashedAssets = (await fs.readdir(publicDir)).filter((name) => hashedAssetName.test(name));
      const wroteRedirects = await writeIfChanged(path.join(publicDir, '_redirects'), redirectsFile({ contentApiUrl, redirects }));
      const wroteHeaders = await writeIfChanged(path.join(publicDir, '_headers'), headersFile({ indexable, hashedAssets }));
      // Each page's script hashes (gatsby/csp-meta.ts, ADR 028), before x.html links are made to the pages.
      const csp = await addCspMetaToPages(pages, cspState);
      const linked = prettyUrlFiles ? await linkPrettyUrlFiles(publicDir, routesManifest) : 0;
      reporter.info(
        `netlify files (build ran on node ${process.version.split('.')[0]}): ${redirects.length} build redirects, ${hashedAssets.length} hashed assets` +
          `${wroteRedirects || wroteHeaders ? '' : ' (unchanged)'}${prettyUrlFiles ? `, ${linked} page files linked as x.html` : ''}` +
          `; CSP script hashes written into ${csp.written} pages, ${csp.skipped} unchanged (${csp.ms} ms)`,
      );
    },
    config() {
      return { supports: { pathPrefix: false, trailingSlash: ['never'] } };
    },
  };
  return adapter;
};

export default createNetlifyFilesAdapter;

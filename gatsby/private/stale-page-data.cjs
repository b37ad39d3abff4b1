/**
 * Gatsby's search for stale page data, walked while the standby waits (ADR 096).
 *
 * After createPages, every `gatsby build` walks `public/page-data` for the `page-data.json` files earlier builds
 * left and removes those of pages the build no longer has (`handleStalePageData` of `gatsby/dist/utils/page-data.js`,
 * called by the bootstrap through the module object). At 10,450 pages the walk is 0.2–0.5 s of every rebuild, and
 * what it finds depends only on `public/`, which only Gatsby's builds write, one at a time per site, and never while a
 * standby waits (ADR 053). So a standby walks ahead, and the build's step takes the files found then, works out the
 * expected ones from the pages in Gatsby's store as Gatsby does, and removes the rest. A build that was not waiting,
 * or a walk ahead that failed, runs Gatsby's own step.
 *
 * Plain CommonJS, so Node loads it with `--require` (standby.cjs), without a compiler in front.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const registry = require('./modules.cjs');

const PAGE_DATA = path.join('public', 'page-data');

/**
 * Every `page-data.json` under the site's `public/page-data`, named relative to the site's folder as Gatsby's walk
 * (run there) names them, or undefined when that folder is not there (Gatsby's step then does nothing either).
 */
async function walk(siteRoot) {
  const found = new Set();
  async function visit(relative) {
    const entries = await fs.promises.readdir(path.join(siteRoot, relative), { withFileTypes: true });
    await Promise.all(
      entries.map((entry) => {
        const child = path.join(relative, entry.name);
        if (entry.isDirectory()) return visit(child);
        if (entry.name === 'page-data.json') found.add(child);
        return undefined;
      }),
    );
  }
  try {
    await visit(PAGE_DATA);
  } catch (error) {
    if (error.code === 'ENOENT' && found.size === 0) return undefined;
    throw error;
  }
  return found;
}

/**
 * Removes the files of `found` (relative to `siteRoot`) that none of `pagePaths` expects: Gatsby's step, with its
 * walk done before. Returns how many it removed.
 */
async function removeStale(siteRoot, found, pagePaths, pageDataPath) {
  const expected = new Set();
  for (const pagePath of pagePaths) expected.add(pageDataPath('public', pagePath));
  const stale = [...found].filter((file) => !expected.has(file));
  await Promise.all(stale.map((file) => fs.promises.rm(path.join(siteRoot, file), { force: true })));
  return stale.length;
}

/**
 * With `early` (a standby), starts the walk now and puts a function in place of Gatsby's step that uses it. Returns
 * `{ walked }` (resolves when the walk is done, whatever its outcome), or undefined when nothing was put in place
 * (not a standby, or Gatsby's modules are not where the registry says: Gatsby then runs as it is).
 */
function install(siteRoot, { early = false, log = () => undefined } = {}) {
  if (!early) return undefined;
  const pageData = registry.load(siteRoot, 'stalePageData');
  const pageDataPath = registry.load(siteRoot, 'pageDataPath')?.generatePageDataPath;
  const own = pageData?.handleStalePageData;
  if (typeof own !== 'function' || typeof pageDataPath !== 'function' || own.walkedAhead) return undefined;
  const pagePaths = () => Array.from(registry.load(siteRoot, 'redux').store.getState().pages.values(), (page) => page.path);
  const walked = walk(siteRoot).then(
    (found) => ({ found }),
    (error) => ({ error }),
  );

  async function handleWithWalkAhead(...args) {
    pageData.handleStalePageData = own;
    const { found, error } = await walked;
    if (error) {
      log(`stale page data: the walk ahead failed (${error.message}); Gatsby walks now`);
      return own.apply(this, args);
    }
    if (!found) return undefined;
    const removed = await removeStale(siteRoot, found, pagePaths(), pageDataPath);
    log(`stale page data: ${found.size} files walked ahead, ${removed} removed`);
    return undefined;
  }
  handleWithWalkAhead.walkedAhead = true;
  pageData.handleStalePageData = handleWithWalkAhead;
  return { walked: walked.then(() => undefined) };
}

module.exports = { install, walk };

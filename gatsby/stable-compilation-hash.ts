import { createHash } from 'node:crypto';
import type { Compiler } from 'webpack';

const name = 'StableCompilationHashPlugin';

/**
 * Gatsby rewrites every page's HTML when the browser bundle's compilation hash changes. Webpack's hash is not
 * a pure function of the output: the first build that restores modules from the persistent cache gets a new
 * hash for byte-identical bundles (gatsbyjs/gatsby#33450), so the first rebuild after a cold build rewrote the
 * whole site. This derives the hash from what was emitted (every asset's name and bytes) instead. It still
 * changes whenever any bundle changes, which is all Gatsby and the browser's stale-app check need from it.
 */
export class StableCompilationHashPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.afterSeal.tap(name, () => {
        const hash = createHash('sha256');
        const assets = compilation.getAssets().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const asset of assets) {
          hash.update(asset.name).update('\0').update(asset.source.buffer()).update('\0');
        }
        const digest = hash.digest('hex');
        const length = Number(compilation.outputOptions.hashDigestLength) || 20;
        compilation.fullHash = digest;
        compilation.hash = digest.slice(0, length);
      });
    });
  }
}

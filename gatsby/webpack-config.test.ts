/**
 * gatsby-node's webpack changes, by stage: the visitors' bundles (`build-javascript`) get no source maps, which
 * Gatsby would write into public/ beside them (ADR 067); the server render keeps its own (in .cache, never served).
 */
import path from 'node:path';
import { onCreateWebpackConfig } from '../gatsby-node';

type WebpackConfig = { devtool?: string | false; module: { rules: unknown[] }; plugins: unknown[] };

/** Runs gatsby-node's hook on a config shaped like Gatsby's for `stage`; returns the config it hands back. */
function configFor(stage: string, devtool: string): WebpackConfig {
  let replaced: WebpackConfig | undefined;
  const config: WebpackConfig = { devtool, module: { rules: [{ oneOf: [{ test: /\.css$/ }] }] }, plugins: [] };
  const hook = onCreateWebpackConfig as (args: unknown) => void;
  hook({
    stage,
    getConfig: () => config,
    actions: { replaceWebpackConfig: (next: WebpackConfig) => (replaced = next) },
    plugins: { normalModuleReplacement: () => ({}), define: () => ({}) },
    store: { getState: () => ({ program: { directory: path.resolve(__dirname, '..') } }) },
  });
  if (!replaced) throw new Error(`gatsby-node did not hand back a webpack config for ${stage}`);
  return replaced;
}

describe('the webpack config of the build', () => {
  it('writes no source maps for the bundles visitors load', () => {
    expect(configFor('build-javascript', 'source-map').devtool).toBe(false);
  });

  it('leaves the server render’s source maps, which stay in .cache for the build’s own error messages', () => {
    expect(configFor('build-html', 'source-map').devtool).toBe('source-map');
  });
});

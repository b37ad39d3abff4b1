/**
 * gatsby-node's webpack changes, by stage: the visitors' bundles (`build-javascript`) get no source maps, which
 * Gatsby would write into public/ beside them (ADR 067); the server render keeps its own (in .cache, never served).
 * Gatsby's partytown module is replaced by a stub in the visitors' bundles, found by its private path (ADR 077).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { onCreateWebpackConfig } from '../gatsby-node';
import { locate } from './private/modules.cjs';

type WebpackConfig = { devtool?: string | false; module: { rules: unknown[] }; plugins: unknown[] };

/** The module replacements gatsby-node asked for in the last `configFor`, as [pattern, replacement]. */
let replacements: Array<[RegExp, string]>;

/** Runs gatsby-node's hook on a config shaped like Gatsby's for `stage`; returns the config it hands back. */
function configFor(stage: string, devtool: string): WebpackConfig {
  let replaced: WebpackConfig | undefined;
  replacements = [];
  const config: WebpackConfig = { devtool, module: { rules: [{ oneOf: [{ test: /\.css$/ }] }] }, plugins: [] };
  const hook = onCreateWebpackConfig as (args: unknown) => void;
  hook({
    stage,
    getConfig: () => config,
    actions: { replaceWebpackConfig: (next: WebpackConfig) => (replaced = next) },
    plugins: { normalModuleReplacement: (pattern: RegExp, replacement: string) => replacements.push([pattern, replacement]), define: () => ({}) },
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

  it('replaces the installed Gatsby’s partytown module in the visitors’ bundles with a stub, and nothing in the server render', () => {
    configFor('build-javascript', 'source-map');
    const partytown = locate(path.resolve(__dirname, '..'), 'partytownBrowser');
    expect(replacements).toHaveLength(1);
    const [pattern, stub] = replacements[0]!;
    expect(pattern.test(partytown)).toBe(true);
    expect(pattern.test(partytown.replace('gatsby-browser.js', 'gatsby-ssr.js'))).toBe(false);
    expect(existsSync(stub)).toBe(true);
    configFor('build-html', 'source-map');
    expect(replacements).toEqual([]);
  });
});

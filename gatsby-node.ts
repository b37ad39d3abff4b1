import type { GatsbyNode } from 'gatsby';
import path from 'node:path';
import { readBuildConfig } from './gatsby/build-config';
import { createContentPages } from './gatsby/create-content-pages';
import { createExchangePages } from './gatsby/create-exchange-pages';
import { createFormPages } from './gatsby/create-form-pages';
import { createHubPages } from './gatsby/create-hub-page';
import { createMagazinePages } from './gatsby/create-magazine-pages';
import { createNewsletterPages } from './gatsby/create-newsletter-pages';
import { createNotFoundPages } from './gatsby/create-not-found-pages';
import { createPreviewPages } from './gatsby/create-preview-pages';
import { createProgrammePages } from './gatsby/create-programme-pages';
import { createSearchPages } from './gatsby/create-search-pages';
import { StableCompilationHashPlugin } from './gatsby/stable-compilation-hash';
import { translationFiles, translationUrls, writeTranslationFiles } from './gatsby/translation-files';
import { writeNetlifyFilesAfterBuild } from './gatsby/write-netlify-files';
import { modulePattern } from './gatsby/private/modules.cjs';
import { keepUnchangedPages } from './gatsby/private/kept-pages';
import { keepSitePageNodes } from './gatsby/private/site-page-nodes';
import { writeSeoFiles } from './gatsby/write-seo-files';

/**
 * `import text from './file.css?source'` gives a stylesheet as text. Gatsby puts every imported stylesheet, a lazy
 * chunk's included, into the one every visitor loads; a chunk that only some visitors need (the cookie manager's
 * library styles) carries its styles as text instead and adds them when it runs. The rule goes first in
 * Gatsby's `oneOf` list of CSS rules, so it takes such imports before the stylesheet rules do.
 */
const cssAsSource = { resourceQuery: /source/, type: 'asset/source' };

interface RuleLike {
  oneOf?: Record<string, unknown>[];
}
const isCssRuleSet = (rule: RuleLike) =>
  Array.isArray(rule.oneOf) && rule.oneOf.some((inner) => inner.test instanceof RegExp && inner.test.test('x.css'));

/**
 * The deploy (context, branch, indexable) as a constant of the server render (gatsby-ssr): Gatsby's HTML bundle
 * sees `process.env` as an empty object, so gatsby-ssr cannot read the build's environment at render time. As a
 * define it is also part of the bundle's content, so a build for another context renders every page again.
 */
const deployDefine = (stage: string) =>
  stage === 'build-html' || stage === 'develop-html' ? { 'process.env.KF_DEPLOY': JSON.stringify(JSON.stringify(readBuildConfig().deploy)) } : undefined;

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions, getConfig, plugins, store }) => {
  const config = getConfig();
  const rules: RuleLike[] = config.module?.rules ?? [];
  const cssRules = rules.find(isCssRuleSet);
  if (!cssRules?.oneOf) throw new Error(`gatsby-node: no CSS rules found in the ${stage} webpack config`);
  cssRules.oneOf.unshift(cssAsSource);
  if (stage === 'build-javascript') {
    // No source maps for the visitors' bundles (ADR 067): Gatsby's `source-map` wrote `*.js.map` into public/,
    // which the CDN served to anyone; nothing of ours reads them.
    config.devtool = false;
    config.plugins = [
      ...(config.plugins ?? []),
      new StableCompilationHashPlugin(),
      // Gatsby's own partytown plugin runs only under `gatsby develop` (it returns at once otherwise), yet its module
      // requires Partytown's integration: about 1 KB gzip in every visitor's app bundle for nothing. The site has no
      // off-main-thread scripts; the server render of any would still inject Partytown's snippet (static-entry). The
      // module's path is Gatsby's private one, named in gatsby/private/modules.cjs (ADR 077).
      plugins.normalModuleReplacement(modulePattern('partytownBrowser'), path.resolve(__dirname, 'gatsby/stubs/no-partytown-browser.js')),
    ];
  }
  const define = deployDefine(stage);
  if (define) config.plugins = [...(config.plugins ?? []), plugins.define(define)];
  // Where each language's translations are (gatsby/translation-files.ts), for the browser and the server render.
  const { directory } = (store.getState() as { program: { directory: string } }).program;
  config.plugins = [...(config.plugins ?? []), plugins.define({ KF_TRANSLATION_URLS: JSON.stringify(translationUrls(translationFiles(directory))) })];
  actions.replaceWebpackConfig(config);
};

export const createPages: GatsbyNode['createPages'] = (gatsbyArgs) => {
  // Pages the store already holds exactly as they would be created are kept, not created again (ADR 097).
  const { args, counts } = keepUnchangedPages(gatsbyArgs);
  createContentPages(args);
  createMagazinePages(args);
  createProgrammePages(args);
  createExchangePages(args);
  createNewsletterPages(args);
  createSearchPages(args);
  createFormPages(args);
  createNotFoundPages(args);
  createHubPages(args);
  createPreviewPages(args);
  const { kept, created } = counts();
  gatsbyArgs.reporter.info(`createPages: ${kept} pages kept unchanged, ${created} created`);
};

export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = ({ store }) => {
  // With the code steps' reuse (ADR 054), which KF_GATSBY_REUSE=0 turns off.
  if (process.env.KF_GATSBY_REUSE !== '0') keepSitePageNodes(store as unknown as Parameters<typeof keepSitePageNodes>[0]);
  writeTranslationFiles((store.getState() as { program: { directory: string } }).program.directory);
};

export const onPostBuild: GatsbyNode['onPostBuild'] = async (args) => {
  // Again after the build, in case anything cleared `public/static` in between.
  writeTranslationFiles((args.store.getState() as { program: { directory: string } }).program.directory);
  await writeSeoFiles(args);
  // Last: the NUL guard, _redirects, _headers, each page's CSP meta and the x.html links (ADR 022, ADR 053).
  await writeNetlifyFilesAfterBuild(args);
};

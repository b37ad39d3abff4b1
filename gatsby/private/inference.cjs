/**
 * Loaded in Gatsby's main process by standby.cjs with the code steps' reuse (ADR 054): Gatsby's schema build
 * no longer reads every node of a type whose inference is off, only to drop what it read (ADR 056).
 *
 * At the start of each build's schema step Gatsby builds its inference metadata afresh: for every node type it
 * iterates all nodes (from LMDB, each one read and decoded) and hands them to its reducer in chunks. For a type
 * declared `@dontInfer` the reducer ignores those chunks, so the pass costs time and changes nothing. All our
 * content types are `@dontInfer` (plugins/gatsby-source-konzertfreunde) and so is Gatsby's SitePage: at 10,000 pages
 * that is about 40,000 nodes read in every publish. While the schema is built, the wrapper below answers
 * `iterateNodesByType` with no nodes for a type whose inference metadata says it is ignored. Gatsby's other readers
 * during that step skip such types themselves (`addInferredChildOfExtension` returns for `infer: false`; the
 * owner lookup is only for types made by inference), and every other caller, before and after, gets the real
 * iterator.
 *
 * Plain CommonJS, so Node loads it without a compiler in front.
 */
'use strict';

const path = require('node:path');
const registry = require('./modules.cjs');

/**
 * Wraps `build` of Gatsby's schema module (looked up there at each call by Gatsby's build-schema service). Returns
 * whether it could: a Gatsby whose modules moved or changed shape keeps its own pass.
 */
function skipIgnoredInference(schemaModule, redux, datastore) {
  const build = schemaModule?.build;
  if (typeof build !== 'function' || typeof redux?.store?.getState !== 'function' || typeof datastore?.getDataStore !== 'function') return false;
  if (build.skipsIgnoredInference) return true;
  async function buildSkippingIgnoredTypes(args = {}, ...rest) {
    const dataStore = datastore.getDataStore();
    const iterate = dataStore.iterateNodesByType;
    if (args.fullMetadataBuild === false || typeof iterate !== 'function') return build.call(this, args, ...rest);
    dataStore.iterateNodesByType = function iterateUnlessIgnored(type, ...more) {
      const metadata = redux.store.getState().inferenceMetadata?.typeMap?.[type];
      return metadata?.ignored === true ? [] : iterate.call(this, type, ...more);
    };
    try {
      return await build.call(this, args, ...rest);
    } finally {
      dataStore.iterateNodesByType = iterate;
    }
  }
  buildSkippingIgnoredTypes.skipsIgnoredInference = true;
  schemaModule.build = buildSkippingIgnoredTypes;
  return true;
}

/** Installs it in the Gatsby of `siteRoot` (its modules from the registry, modules.cjs); returns whether it could. */
function install(siteRoot) {
  const root = path.resolve(siteRoot);
  return skipIgnoredInference(registry.load(root, 'schema'), registry.load(root, 'redux'), registry.load(root, 'datastore'));
}

module.exports = { install, skipIgnoredInference };

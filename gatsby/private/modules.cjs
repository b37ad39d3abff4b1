/**
 * The one list of what the site reaches in Gatsby, gatsby-worker and webpack that is not their public API
 * (ADR 077). Every file that needs such a module or shape takes it from here; a lint rule (eslint.config.mjs) keeps
 * everything outside `gatsby/private/` from naming them, and `canary.cjs` (run by `canary.test.ts`) checks each
 * entry against the installed packages, so a Gatsby upgrade that moves one fails a test naming it.
 *
 * An entry names the package, the file in it and the shape we use: `shape` maps a path into the module's exports
 * (`''` is the export itself) to `function`, `function/N` (N declared parameters), `object` or `string`; `texts`
 * are source lines that must still be there, for code the canary cannot run (Gatsby's browser runtime). `usedBy`
 * says who relies on it and for what (the ADRs say why).
 *
 * Plain CommonJS, so Node loads it with `--require` (standby.cjs), without a compiler in front.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** Packages reached from Gatsby's own folder, as Gatsby itself resolves them. */
const FROM_GATSBY = ['gatsby-worker', 'webpack', 'glob', 'graphql', 'gatsby-core-utils'];

const ENTRIES = {
  buildCommand: {
    package: 'gatsby',
    file: 'dist/commands/build.js',
    shape: { '': 'function/2' },
    usedBy: 'standby.cjs: loaded ahead of a publish, and replaced by a function that waits for `build` (ADR 053, 054)',
  },
  compileGatsbyFiles: {
    package: 'gatsby',
    file: 'dist/utils/parcel/compile-gatsby-files.js',
    shape: { compileGatsbyFiles: 'function/1', COMPILED_CACHE_DIR: 'string' },
    usedBy: 'reuse.cjs: wrapped, skipped when the gatsby-* files are unchanged (ADR 054)',
  },
  webpackBundle: {
    package: 'gatsby',
    file: 'dist/utils/webpack/bundle.js',
    shape: { build: 'function/1' },
    usedBy: 'reuse.cjs: wrapped, a compilation replayed when its inputs are unchanged (ADR 054, 077)',
  },
  ssrChunkHashes: {
    package: 'gatsby',
    file: 'dist/utils/webpack/get-ssr-chunk-hashes.js',
    shape: { getSSRChunkHashes: 'function/1' },
    usedBy: 'reuse.cjs: the HTML renderer’s per-template hashes recorded for a replayed compilation (ADR 054)',
  },
  queryFileParser: {
    package: 'gatsby',
    file: 'dist/query/file-parser.js',
    shape: { default: 'function', 'default.prototype.parseFile': 'function/2' },
    usedBy: 'reuse.cjs: the query files parsed ahead into the parser’s in-memory cache (ADR 054)',
  },
  redux: {
    package: 'gatsby',
    file: 'dist/redux/index.js',
    shape: { store: 'object', 'store.dispatch': 'function', 'store.getState': 'function', saveState: 'function' },
    usedBy: 'reuse.cjs (the store the parser reports to), inference.cjs (inference metadata), tests (a real store)',
  },
  reduxActions: {
    package: 'gatsby',
    file: 'dist/redux/actions/index.js',
    shape: { 'actions.createNode': 'function', 'actions.createTypes': 'function', 'actions.touchNode': 'function' },
    usedBy: 'tests only: nodes and types made as a plugin makes them',
  },
  schema: {
    package: 'gatsby',
    file: 'dist/schema/index.js',
    shape: { build: 'function/1' },
    usedBy: 'inference.cjs: wrapped, no nodes read for a type whose inference is off (ADR 056)',
  },
  datastore: {
    package: 'gatsby',
    file: 'dist/datastore/index.js',
    shape: { getDataStore: 'function/0', getNode: 'function' },
    usedBy: 'inference.cjs: `iterateNodesByType` of the store it returns, answered empty while the schema is built (ADR 056)',
  },
  sourceNodes: {
    package: 'gatsby',
    file: 'dist/utils/source-nodes.js',
    shape: { default: 'function/1', 'is.initialSourceNodesOfCurrentNodeProcess': 'boolean' },
    usedBy: 'tests only: Gatsby’s sourcing with its stale-node sweep, which must keep the SitePage nodes (ADR 054)',
  },
  workerPool: {
    package: 'gatsby-worker',
    file: 'dist/index.js',
    shape: { WorkerPool: 'function', 'WorkerPool.prototype.end': 'function/0' },
    // Fields of a pool, checked on a running one by the canary: `taskQueue` (iterable, `remove(node)`, nodes with
    // `value.reject` and `value.promise`), `workers[].currentTask.promise`, and `workers[].ready`,
    // `workers[].exitedPromise` and `workers[].kill()`; and that a worker gets the environment of its pool's making.
    usedBy: 'worker-end.cjs: `end()` wrapped to give up tasks no one awaits (ADR 055); early-workers.cjs: waits for and kills workers started ahead (ADR 094)',
  },
  gatsbyWorkerPool: {
    package: 'gatsby',
    file: 'dist/utils/worker/pool.js',
    shape: { create: 'function/0' },
    // The workers get Gatsby's globals as they are when the pool is made, and the bootstrap calls `create` through
    // the module object, so a function put in its place is the one called.
    texts: [/GATSBY_NODE_GLOBALS: JSON\.stringify\(\(_global\$__GATSBY = global\.__GATSBY\)/],
    also: { file: 'dist/services/initialize.js', texts: [/var WorkerPool = _interopRequireWildcard\(require\("\.\.\/utils\/worker\/pool"\)\);/, /const workerPool = WorkerPool\.create\(\);/] },
    usedBy: 'early-workers.cjs: the pool made while the standby waits, handed to the build when its environment is the same (ADR 094)',
  },
  keptPages: {
    package: 'gatsby',
    file: 'dist/utils/changed-pages.js',
    // Gatsby deletes the pages a build did not create again by their `updatedAt`, and compares old and new pages
    // without it; `createPage` stamps it, compares the old page's context and component, and gives the page the
    // fields kept-pages.ts compares; the 404/500 copy and `onCreatePage` are the only listeners that act on a page
    // created unchanged; only a page that is not SSG makes Gatsby build its engines.
    texts: [/page\.updatedAt < timeBeforeApisRan/, /key === `updatedAt` \|\| undefined/],
    also: {
      file: 'dist/redux/actions/public.js',
      texts: [
        /componentPath: normalizePath\(page\.component\),/,
        /isCreatedByStatefulCreatePages: \(actionOptions === null \|\| actionOptions === void 0 \? void 0 : actionOptions\.traceId\) === `initial-createPagesStatefully`,/,
        /context: page\.context \|\| \{\},\s*updatedAt: Date\.now\(\),\s*slices: \(page === null \|\| page === void 0 \? void 0 : page\.slices\) \|\| \{\},/,
        /pluginCreatorId: \(_plugin\$id2 = plugin\.id\)/,
        /internalPage\.mode = getPageMode\(internalPage\);/,
        /const oldPage = store\.getState\(\)\.pages\.get\(internalPage\.path\);/,
      ],
    },
    more: [
      { file: 'dist/internal-plugins/prod-404-500/gatsby-node.js', texts: [/\/\^\\\/\?\(404\|500\)\\\/\?\$\/\.exec\(action\.payload\.path\)/] },
      { file: 'dist/redux/plugin-runner.js', texts: [/plugin\.nodeAPIs\.includes\(`onCreatePage`\)/] },
      { file: 'dist/utils/engines-helpers.js', texts: [/action\.payload\.mode && action\.payload\.mode !== `SSG`/] },
    ],
    usedBy: 'kept-pages.ts (gatsby-node createPages): a page the store holds unchanged is touched, not created again (ADR 097)',
  },
  stalePageData: {
    package: 'gatsby',
    file: 'dist/utils/page-data.js',
    shape: { handleStalePageData: 'function/1' },
    // Gatsby's step walks `public/page-data` for `page-data.json` files and removes those no page of the store
    // expects at `generatePageDataPath('public', page.path)`; the bootstrap calls it through the module object after
    // createPages, so a function put in its place is the one called.
    texts: [/walkStream\)\(`public\/page-data`\)/, /data\.name === `page-data\.json`/, /_redux\.store\.getState\(\)\.pages\.forEach\(page => \{/, /generatePageDataPath\)\(`public`, page\.path\)/],
    also: { file: 'dist/bootstrap/index.js', texts: [/var _pageData = require\("\.\.\/utils\/page-data"\);/, /await \(0, _services\.createPages\)\(context\);\s*await \(0, _pageData\.handleStalePageData\)\(parentSpan\);/] },
    usedBy: 'stale-page-data.cjs: the walk for stale page data done while the standby waits (ADR 096)',
  },
  pageDataPath: {
    package: 'gatsby-core-utils',
    file: 'dist/index.js',
    shape: { generatePageDataPath: 'function/2' },
    usedBy: 'stale-page-data.cjs: where Gatsby writes a page’s data, as Gatsby’s own step works it out (ADR 096)',
  },
  glob: {
    package: 'glob',
    file: 'package.json',
    shape: { sync: 'function' },
    main: true,
    usedBy: 'reuse.cjs: Gatsby’s query-file patterns, with the glob Gatsby uses (ADR 054)',
  },
  graphql: {
    package: 'graphql',
    file: 'package.json',
    shape: { printSchema: 'function' },
    main: true,
    usedBy: 'tests only: the schema Gatsby built, printed with Gatsby’s graphql',
  },
  webpackCompilation: {
    package: 'webpack',
    file: 'package.json',
    shape: { '': 'function', DefinePlugin: 'function' },
    main: true,
    // Fields of a finished compilation, checked on a real one by the canary: `fileDependencies`,
    // `contextDependencies`, `missingDependencies` (iterables of paths), `getAssets()`, named `chunkGroups`, and
    // `hash`/`fullHash` written after `afterSeal` (gatsby/stable-compilation-hash.ts).
    usedBy: 'reuse.cjs (the inputs a compilation read), gatsby/stable-compilation-hash.ts (the hash it sets)',
  },
  statefulSourceAction: {
    package: 'gatsby',
    file: 'dist/redux/reducers/stateful-source-plugins.js',
    action: { type: 'ENABLE_STATEFUL_SOURCE_PLUGIN', plugin: { name: 'internal-data-bridge' } },
    state: 'statefulSourcePlugins',
    usedBy: 'site-page-nodes.ts: the owner of SitePage nodes declared stateful, so the stale-node sweep keeps them (ADR 054)',
  },
  changedPagesFiles: {
    package: 'gatsby',
    file: 'dist/commands/build.js',
    // `gatsby build --write-to-file` (a hidden option of Gatsby's CLI) lists the pages whose HTML the build rendered
    // and those it deleted with their page data, one path a line, after onPostBuild.
    texts: [/if \(program\.writeToFile\)/, /\/\.cache`, `newPages\.txt`/, /toRegenerate\.join\(`\\n`\)/, /\/\.cache`, `deletedPages\.txt`/, /toDelete\.join\(`\\n`\)/],
    also: { file: 'dist/utils/page-data.js', texts: [/ensureFileContent\)\(outputFilePath, body\)/, /pageDataHash: \(0, _gatsbyCoreUtils\.createContentDigest\)\(body\)/] },
    usedBy: 'changed-pages.ts: the pages a build wrote and deleted, so compressing and releasing touch only those (ADR 091)',
  },
  partytownBrowser: {
    package: 'gatsby',
    file: 'dist/internal-plugins/partytown/gatsby-browser.js',
    usedBy: 'gatsby-node.ts: replaced in the browser bundle by gatsby/stubs/no-partytown-browser.js',
  },
  pagePath: {
    package: 'gatsby',
    file: 'cache-dir/production-app.js',
    // The first render reads `window.pagePath` after onClientEntry, keeps the address for Gatsby's `/404` and loads the
    // address's page; the loader shows `/404.html` for an address with no page data.
    texts: [/apiRunnerAsync\(`onClientEntry`\)\.then\(\(\) => \{/, /const \{ pagePath, location: browserLoc \} = window/, /pagePath\.match\(\/\^\\\/\(404\|500\)\(\\\/\?\|\.html\)\$\/\)/, /publicLoader\.loadPage\(browserLoc\.pathname \+ browserLoc\.search\)/],
    also: { file: 'cache-dir/loader.js', texts: [/Object\.assign\(loadObj, \{ pagePath: `\/404\.html`, notFound: true \}\)/] },
    browser: { global: 'pagePath', notFound: '/404' },
    usedBy: 'page-path.ts (gatsby-browser): a language’s 404 page told to be Gatsby’s 404 page, so it keeps its address (ADR 095)',
  },
  pageLoader: {
    package: 'gatsby',
    file: 'cache-dir/production-app.js',
    texts: [/window\.___loader\s*=\s*publicLoader/],
    also: { file: 'cache-dir/loader.js', texts: [/\bloadPage:\s*rawPath\s*=>/, /\bloadPage\(rawPath\)\s*\{/, /\berror:\s*page\.error\b/] },
    browser: { global: '___loader', method: 'loadPage' },
    usedBy: 'loader.ts (gatsby-browser): `window.___loader.loadPage` wrapped so a page waits for its translations (ADR 041)',
  },
};

/** The folder a package is installed in, as `root`'s Gatsby finds it; undefined when it is not there. */
function packageDir(root, name) {
  try {
    const gatsby = path.dirname(require.resolve('gatsby/package.json', { paths: [path.resolve(root)] }));
    if (name === 'gatsby') return gatsby;
    const paths = [FROM_GATSBY.includes(name) ? gatsby : root];
    try {
      return path.dirname(require.resolve(`${name}/package.json`, { paths }));
    } catch {
      // A package whose `exports` hide its package.json: the folder above its main file that has one.
      let dir = path.dirname(require.resolve(name, { paths }));
      while (!fs.existsSync(path.join(dir, 'package.json'))) {
        if (path.dirname(dir) === dir) return undefined;
        dir = path.dirname(dir);
      }
      return dir;
    }
  } catch {
    return undefined;
  }
}

/**
 * The file of entry `id` in the packages installed for `root`. Throws, naming the entry and the path, when it is not
 * there: the package moved it (or the package is missing).
 */
function locate(root, id) {
  const entry = ENTRIES[id];
  if (!entry) throw new Error(`gatsby/private/modules.cjs has no entry ${id}`);
  const dir = packageDir(root, entry.package);
  if (!dir) throw new Error(`${id}: package ${entry.package} is not installed for ${root}`);
  const file = path.join(dir, entry.file);
  if (!fs.existsSync(file)) throw new Error(`${id}: ${entry.package}/${entry.file} is not there (moved or renamed in ${entry.package} ${version(dir)}?)`);
  if (!entry.main) return file;
  return require.resolve(dir);
}

function version(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return '(unknown version)';
  }
}

/** Entry `id`'s module for `root`, or undefined when it is not where the registry says (the caller then keeps Gatsby as it is). */
function load(root, id) {
  try {
    return require(locate(root, id));
  } catch {
    return undefined;
  }
}

/** What in `module` differs from entry `id`'s shape, one line each naming the file and the export. */
function shapeProblems(id, module) {
  const entry = ENTRIES[id];
  const where = `${id}: ${entry.package}/${entry.file}`;
  const problems = [];
  for (const [key, expected] of Object.entries(entry.shape ?? {})) {
    const value = key === '' ? module : key.split('.').reduce((at, part) => (at == null ? undefined : at[part]), module);
    const [type, arity] = expected.split('/');
    const name = key === '' ? 'its export' : `\`${key}\``;
    if (typeof value !== type) problems.push(`${where}: ${name} is ${value === undefined ? 'gone' : `a ${typeof value}`}, expected ${type}`);
    else if (arity !== undefined && value.length !== Number(arity)) problems.push(`${where}: ${name} takes ${value.length} parameters, expected ${arity}`);
  }
  return problems;
}

/** What of entry `id`'s expected source lines is no longer in the installed files. */
function textProblems(root, id) {
  const entry = ENTRIES[id];
  const problems = [];
  for (const part of [entry, entry.also, ...(entry.more ?? [])].filter((one) => one?.texts)) {
    const dir = packageDir(root, entry.package);
    const file = dir && path.join(dir, part.file);
    const text = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (text === undefined) problems.push(`${id}: ${entry.package}/${part.file} is not there`);
    else for (const pattern of part.texts) if (!pattern.test(text)) problems.push(`${id}: ${entry.package}/${part.file} no longer has ${pattern}`);
  }
  return problems;
}

/**
 * A pattern for webpack's `NormalModuleReplacementPlugin` matching entry `id`'s file wherever the package is
 * installed (either path separator).
 */
function modulePattern(id) {
  const entry = ENTRIES[id];
  const parts = [entry.package, ...entry.file.split('/')].map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`[\\\\/]${parts.join('[\\\\/]')}$`);
}

module.exports = { ENTRIES, packageDir, locate, load, shapeProblems, textProblems, modulePattern };

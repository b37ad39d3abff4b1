/**
 * Gatsby's code steps, skipped when the code has not changed since the last build of the folder (ADR 054).
 *
 * A publish changes content, not code, yet every `gatsby build` compiles `gatsby-*.ts` with Parcel and runs two
 * webpack compilations (the browser's bundles and the HTML renderer), about 5 s of a 10,000-page rebuild, to write
 * the files the last build left in `.cache` and `public` again. The site builder's builds load this file in Gatsby's
 * main process (standby.cjs) and it wraps the two functions Gatsby calls for those steps, found through the
 * registry of Gatsby's private modules (modules.cjs, ADR 077):
 *
 * - `compileGatsbyFiles`: skipped when the files Parcel bundles (the `gatsby-*.ts` entries and every file they
 *   import by a relative path, found by reading them) have the bytes they had at the last compile, and its output
 *   in `.cache/compiled` is still there as written.
 * - webpack's `build(config)`: skipped when the configuration (serialised, plugin options and all, so every value
 *   DefinePlugin bakes in from the environment) and the environment variables loaders read (`ENVIRONMENT`) are the
 *   same as at the last compilation with that output folder, every file webpack read then (its own list of file,
 *   folder and missing-file dependencies: a folder by its listing, for `require.context`) is as it was, the installed
 *   packages are the same (npm's lock files) and every file it emitted is still there as written. Gatsby then gets
 *   the last compilation's hash and warnings.
 *
 * Each record is written only after a compilation succeeded, and only when no input changed while it ran; any
 * doubt (an unreadable record, a missing output, a Gatsby without these functions) means the step runs as usual.
 * As a safety net for an input no list names, a record is also not reused more than `LIMITS.reuses` times or when
 * older than `LIMITS.ageMs` (ADR 077): the step then runs in full and records afresh.
 * Plain CommonJS, so Node loads it with `--require`, without a compiler in front.
 */
'use strict';

const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const registry = require('./modules.cjs');

const RECORDS = path.join('.cache', 'kf-reuse');
/** Part of every record's digest: a record written by an earlier form of this file is not read. */
const FORMAT = 'kf-reuse 3';

/**
 * The safety net (ADR 077): a record is reused at most this often, and not once it is this old; then the step runs
 * in full. A full compilation costs a few seconds against a day of publishing.
 */
const LIMITS = { reuses: 50, ageMs: 24 * 60 * 60 * 1000 };

/**
 * Variables a loader or Babel preset may read from the environment without their value being in webpack's
 * configuration (Gatsby's own `process.env` values reach it through DefinePlugin, which the configuration holds).
 */
const ENVIRONMENT = /^(NODE_ENV|BABEL_ENV|BROWSERSLIST(_[A-Z_]+)?|GATSBY_[A-Z0-9_]+)$/;
const environmentDigest = () =>
  JSON.stringify(
    Object.keys(process.env)
      .filter((key) => ENVIRONMENT.test(key))
      .sort()
      .map((key) => [key, process.env[key]]),
  );

/**
 * Whether a record that matches may still be reused under `limits`; counts the reuse when it may (in a small file
 * beside it, so the record itself is not written again). Says why not through `log`.
 */
function withinSafetyNet(recordFile, record, limits, log) {
  const usesFile = `${recordFile}.uses`;
  const uses = Number(readRecord(usesFile)) || 0;
  const age = Date.now() - (record.recordedAt ?? 0);
  if (uses >= limits.reuses || !(age >= 0 && age < limits.ageMs)) {
    log(`not reused: ${uses >= limits.reuses ? `reused ${uses} times` : `recorded ${Math.round(age / 60000)} min ago`}, so the step runs in full (safety net)`);
    return false;
  }
  writeRecord(usesFile, uses + 1);
  return true;
}

/**
 * What a path is now, or null when nothing is there. A file: size, modification time and a digest of its bytes; the
 * time is compared first, and a file written again with the same bytes (Gatsby rewrites some of `.cache` in every
 * build) still counts as unchanged by its digest. A folder: that it is one, and with `listing` a digest of the
 * sorted paths of everything below it, `node_modules` aside (a folder webpack listed, for a `require.context`: webpack
 * names only the top folder of a recursive one, so a file added in a subfolder must change it too; a folder it only
 * looked at is there or not).
 */
function fileState(file, listing = false) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return null;
  if (stat.isDirectory()) return [-1, 0, listing ? digestOf(file, stat) : ''];
  return [stat.size, stat.mtimeMs, digestOf(file, stat)];
}

function digestOf(file, stat) {
  const hash = createHash('sha256');
  if (stat.isDirectory()) hash.update(listingBelow(file).join('\0'));
  else hash.update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** The paths below `dir`, relative and sorted, a folder's with a trailing slash; `node_modules` is not entered. */
function listingBelow(dir) {
  const found = [];
  const walk = (current, prefix) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const name = `${prefix}${entry.name}`;
      if (!entry.isDirectory()) found.push(name);
      else {
        found.push(`${name}/`);
        if (entry.name !== 'node_modules') walk(path.join(current, entry.name), `${name}/`);
      }
    }
  };
  walk(dir, '');
  return found.sort();
}

/** Whether `file` is as recorded. */
function isAsRecorded(file, recorded) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat || recorded === null) return !stat && recorded === null;
  if ((stat.isDirectory() ? -1 : stat.size) !== recorded[0]) return false;
  if (stat.isDirectory()) return recorded[2] === '' || digestOf(file, stat) === recorded[2];
  return stat.mtimeMs === recorded[1] || digestOf(file, stat) === recorded[2];
}

function readRecord(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function writeRecord(file, record) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(record));
  fs.renameSync(temp, file);
}

function forget(file) {
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.uses`, { force: true });
}

/** Whether every listed file is as recorded ([path, state] pairs). */
const unchanged = (entries) => entries.every(([file, state]) => isAsRecorded(file, state));

/** The files under `dir` with their states (Gatsby's compiled output, to see that nothing removed it). */
function filesUnder(dir) {
  const found = [];
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push([full, fileState(full)]);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return found.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/**
 * Now, by the clock the file system stamps files with (it may lag the process's clock by a few milliseconds): the
 * time of a file written for the purpose. A file stamped at or after it was written after it.
 */
function fileClock(siteRoot) {
  const marker = path.join(siteRoot, RECORDS, `clock-${process.pid}`);
  fs.mkdirSync(path.dirname(marker), { recursive: true });
  fs.writeFileSync(marker, '');
  const time = fs.statSync(marker).mtimeMs;
  fs.rmSync(marker, { force: true });
  return time;
}

// ---------------------------------------------------------------------------------------------- Parcel: gatsby-*.ts

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.slice(1).map((ext) => path.join(base, `index${ext}`))]) {
    const stat = fs.statSync(candidate, { throwIfNoEntry: false });
    if (stat?.isFile()) return candidate;
  }
  return undefined;
}

/** The entries Parcel compiles: `gatsby-node` and `gatsby-config` (.ts) at the root and in local plugins. */
function gatsbyEntries(siteRoot) {
  const entries = [];
  const add = (dir) => {
    for (const name of ['gatsby-node.ts', 'gatsby-config.ts']) {
      const file = path.join(dir, name);
      if (fs.existsSync(file)) entries.push(file);
    }
  };
  add(siteRoot);
  const plugins = path.join(siteRoot, 'plugins');
  if (fs.existsSync(plugins)) {
    for (const entry of fs.readdirSync(plugins, { withFileTypes: true })) if (entry.isDirectory()) add(path.join(plugins, entry.name));
  }
  return entries;
}

/**
 * A digest of what Parcel compiles: each entry and, following relative imports, each file it reaches, by path and
 * bytes; a specifier that resolves to nothing is part of the digest too. Packages are not bundled (Parcel's
 * `includeNodeModules: false`); the lock files stand for them.
 */
function gatsbyFilesDigest(siteRoot) {
  const hash = createHash('sha256').update(FORMAT);
  const seen = new Set();
  const queue = gatsbyEntries(siteRoot);
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    hash.update(path.relative(siteRoot, file)).update('\0').update(text).update('\0');
    if (file.endsWith('.json')) continue;
    for (const match of text.matchAll(IMPORT)) {
      const resolved = resolveRelative(file, match[1]);
      if (resolved) queue.push(resolved);
      else hash.update(`unresolved ${path.relative(siteRoot, file)} ${match[1]}\0`);
    }
  }
  for (const lock of lockFiles(siteRoot)) hash.update(JSON.stringify([path.relative(siteRoot, lock), fileState(lock)?.[2] ?? null]));
  return hash.digest('hex');
}

function lockFiles(siteRoot) {
  return [path.join(siteRoot, 'package-lock.json'), path.join(siteRoot, 'node_modules', '.package-lock.json')];
}

function reuseGatsbyFiles(parcelModule, siteRoot, log, limits = LIMITS) {
  const compile = parcelModule.compileGatsbyFiles;
  const recordFile = path.join(siteRoot, RECORDS, 'gatsby-files.json');
  const compiledDir = path.join(siteRoot, parcelModule.COMPILED_CACHE_DIR ?? path.join('.cache', 'compiled'));
  parcelModule.compileGatsbyFiles = async function compileGatsbyFilesOrReuse(root, retry = 0, ...rest) {
    if (path.resolve(root) !== siteRoot || retry !== 0) return compile.call(this, root, retry, ...rest);
    const digest = gatsbyFilesDigest(siteRoot);
    const record = readRecord(recordFile);
    if (record?.digest === digest && record.outputs.length > 0 && unchanged(record.outputs) && withinSafetyNet(recordFile, record, limits, log)) {
      log('reused the compiled gatsby files');
      return undefined;
    }
    forget(recordFile);
    const result = await compile.call(this, root, retry, ...rest);
    // Written only if the sources are still what was compiled.
    if (gatsbyFilesDigest(siteRoot) === digest) writeRecord(recordFile, { digest, recordedAt: Date.now(), outputs: filesUnder(compiledDir) });
    return result;
  };
}

// ---------------------------------------------------------------------------------------------- webpack

/**
 * The configuration as text, for comparing one build's with the last: plain values as they are, functions by their
 * source, regular expressions by their text, class instances by class name and own fields. A redux store (Gatsby's
 * plugins hold one) is named, not walked: what webpack makes of the state it holds reaches the compilation through
 * the files Gatsby writes into `.cache`, which are dependencies.
 */
function describeConfig(value) {
  const seen = new Set();
  const describe = (item, depth) => {
    if (item === null || typeof item !== 'object') {
      if (typeof item === 'function') return `function ${item.name} ${item.toString()}`;
      if (typeof item === 'bigint' || typeof item === 'symbol') return String(item);
      return item === undefined ? '(undefined)' : item;
    }
    if (item instanceof RegExp) return `RegExp ${item.toString()}`;
    if (item instanceof Date) return `Date ${item.toISOString()}`;
    if (Buffer.isBuffer(item)) return `Buffer ${createHash('sha256').update(item).digest('hex')}`;
    if (typeof item.getState === 'function' && typeof item.dispatch === 'function') return '(redux store)';
    if (seen.has(item)) return '(seen before)';
    if (depth > 12) return '(too deep)';
    seen.add(item);
    if (Array.isArray(item)) return item.map((entry) => describe(entry, depth + 1));
    if (item instanceof Map) return { Map: [...item.entries()].map(([key, entry]) => [describe(key, depth + 1), describe(entry, depth + 1)]) };
    if (item instanceof Set) return { Set: [...item].map((entry) => describe(entry, depth + 1)) };
    const out = { '(class)': item.constructor?.name ?? null };
    for (const key of Object.keys(item).sort()) out[key] = describe(item[key], depth + 1);
    return out;
  };
  return JSON.stringify(describe(value, 0));
}

const outsidePackages = (file) => !file.split(path.sep).includes('node_modules');

function reuseWebpack(bundleModule, siteRoot, log, chunkHashes, limits = LIMITS) {
  const build = bundleModule.build;
  bundleModule.build = async function buildOrReuse(config, ...rest) {
    const outputPath = config?.output?.path;
    if (typeof outputPath !== 'string' || rest.length > 0) return build.call(this, config, ...rest);
    const name = createHash('sha256').update(path.relative(siteRoot, outputPath)).digest('hex').slice(0, 16);
    const recordFile = path.join(siteRoot, RECORDS, `webpack-${name}.json`);
    const digest = createHash('sha256').update(FORMAT).update(describeConfig(config)).update(environmentDigest()).digest('hex');
    const record = readRecord(recordFile);
    if (
      record?.digest === digest &&
      unchanged(record.locks) &&
      unchanged(record.files) &&
      unchanged(record.folders) &&
      unchanged(record.missing) &&
      record.outputs.length > 0 &&
      unchanged(record.outputs) &&
      withinSafetyNet(recordFile, record, limits, log)
    ) {
      log(`reused the webpack compilation for ${path.relative(siteRoot, outputPath) || '.'}`);
      return { stats: replayedStats(record.stats), close: async () => undefined };
    }
    forget(recordFile);
    const started = fileClock(siteRoot);
    const locks = lockFiles(siteRoot).map((file) => [file, fileState(file)]);
    const result = await build.call(this, config, ...rest);
    try {
      const next = recordCompilation(result.stats, outputPath, started, locks, digest, chunkHashes);
      if (next) writeRecord(recordFile, next);
    } catch (error) {
      log(`not recorded for reuse: ${error.message}`);
    }
    return result;
  };
}

/**
 * What the next build needs to know that this compilation may be reused: its inputs as they are now, unless one of
 * them changed while it ran (then nothing is recorded and the next build compiles again).
 */
function recordCompilation(stats, outputPath, started, locks, digest, chunkHashes) {
  const { compilation } = stats;
  const files = [...compilation.fileDependencies].filter(outsidePackages).sort().map((file) => [file, fileState(file)]);
  const folders = [...compilation.contextDependencies].filter(outsidePackages).sort().map((dir) => [dir, fileState(dir, true)]);
  // Paths webpack looked for and did not find as it wanted them (a file where there is a folder, say): what is there
  // now is what was there, unless it came while the compilation ran.
  const missing = [...compilation.missingDependencies].filter(outsidePackages).sort().map((file) => [file, fileState(file)]);
  // A file written since the compilation began may have been read before or after the change.
  if ([...files, ...missing].some(([, state]) => state !== null && state[0] !== -1 && state[1] >= started)) return undefined;
  if (!unchanged(locks)) return undefined;
  const outputs = compilation.getAssets().map((asset) => path.join(outputPath, asset.name)).sort().map((file) => [file, fileState(file)]);
  if (outputs.some(([, state]) => state === null)) return undefined;
  const json = stats.toJson({ all: false, hash: true, warnings: true });
  const chunkGroups = chunkHashes ? namedChunkGroups(compilation, chunkHashes) : {};
  return { digest, recordedAt: Date.now(), locks, files, folders, missing, outputs, stats: { hash: stats.hash ?? json.hash, warnings: json.warnings ?? [], chunkGroups } };
}

/**
 * Gatsby derives from the HTML renderer's compilation a hash per page template and one for the renderer as a whole
 * (its `getSSRChunkHashes`: the chunks of each named chunk group and of the groups it loads, except the pages'), to
 * see which pages need their HTML again. Recorded here per named group by Gatsby's own function, given every group
 * as if it were a template, so a reused compilation answers it the same.
 */
function namedChunkGroups(compilation, chunkHashes) {
  const names = [...new Set([...compilation.chunkGroups].map((group) => group.name).filter(Boolean))];
  const components = new Map(names.map((name) => [name, { componentChunkName: name, componentPath: name }]));
  const { templateHashes, renderPageHash } = chunkHashes({ stats: { compilation }, components });
  return renderPageHash ? { ...templateHashes, 'render-page': renderPageHash } : templateHashes;
}

/** What Gatsby reads from a compilation's stats, as the recorded one had it. */
function replayedStats({ hash, warnings, chunkGroups = {} }) {
  return {
    hash,
    hasErrors: () => false,
    hasWarnings: () => warnings.length > 0,
    toJson: () => ({ hash, errors: [], warnings }),
    // Each named chunk group as one chunk whose hash is the group's whole, as Gatsby's function reads them.
    compilation: { errors: [], warnings, chunkGroups: Object.entries(chunkGroups).map(([name, chunkHash]) => ({ name, chunks: [{ hash: chunkHash }], childrenIterable: [] })) },
  };
}

// ---------------------------------------------------------------------------------------------- query extraction

/**
 * Parses ahead, in a process waiting for its build (the standby), the files Gatsby's query extraction will parse:
 * its parser keeps each file's result in memory under a digest of the file's path and text, so the build then finds
 * every unchanged file parsed (1.5 s of Babel at our size, 40 ms found). The files are the ones Gatsby lists (its own
 * patterns over `src`, `.cache/fragments`, the local plugins and the packages that depend on Gatsby, and the page
 * components of the last build). The parser reports what it finds to Gatsby's store; while it parses ahead, before
 * the build has begun, those reports are dropped, and the build's own pass makes them. It parses one file at a time
 * and ends when `stopped()` says so (the build was asked for); resolves with the number of files parsed, 0 when
 * Gatsby's modules are not where this expects them.
 */
async function warmQueryParser(siteRoot, stopped = () => false) {
  const root = path.resolve(siteRoot);
  const parserModule = registry.load(root, 'queryFileParser');
  const redux = registry.load(root, 'redux');
  const glob = registry.load(root, 'glob');
  if (typeof parserModule?.default !== 'function' || typeof redux?.store?.dispatch !== 'function' || typeof glob?.sync !== 'function') return 0;
  const filesRegex = `*.?(m|c)+(t|j)s?(x)`;
  const pattern = `/{${filesRegex},!(node_modules)/**/${filesRegex}}`;
  const plugins = path.join(root, 'plugins');
  const localPlugins = fs.existsSync(plugins) ? fs.readdirSync(plugins).map((name) => path.join(plugins, name, 'src')) : [];
  const folders = [path.join(root, 'src'), path.join(root, '.cache', 'fragments'), ...localPlugins, ...gatsbyDependents(root)];
  const { store } = redux;
  const files = new Set(folders.flatMap((folder) => glob.sync(path.join(folder, pattern), { nodir: true })).filter((file) => !file.endsWith('.d.ts')));
  for (const component of store.getState().components?.keys?.() ?? []) files.add(component);
  const parser = new parserModule.default();
  const dispatch = store.dispatch;
  store.dispatch = (action) => action;
  let parsed = 0;
  try {
    // One file at a time, so a build that is asked for meanwhile waits for one file, not for all.
    for (const file of files) {
      if (stopped()) break;
      await parser.parseFile(file.split(path.sep).join('/'), () => undefined);
      parsed += 1;
    }
  } finally {
    store.dispatch = dispatch;
  }
  return parsed;
}

/**
 * The folders of the installed packages named like Gatsby's (its plugins), found from the site's package.json down,
 * as Gatsby's own list is. Not Gatsby's function: it reads the site's folder from the store, which is empty until
 * the build begins, and it remembers its first answer.
 */
function gatsbyDependents(root) {
  const found = new Map();
  const visit = (dir) => {
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    } catch {
      return;
    }
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies })) {
      if (!/gatsby/.test(name) || name === 'gatsby' || found.has(name)) continue;
      try {
        const packageDir = path.dirname(require.resolve(`${name}/package.json`, { paths: [dir] }));
        found.set(name, packageDir);
        visit(packageDir);
      } catch {
        // Not installed (an optional or development dependency of a dependency).
      }
    }
  };
  visit(root);
  return [...found.values()];
}

// ---------------------------------------------------------------------------------------------- installing

/**
 * Wraps the two functions in the Gatsby of `siteRoot`. Returns which were wrapped: a Gatsby whose modules moved or
 * changed shape keeps its own steps, and the test that installs this against the installed Gatsby says so.
 */
function install(siteRoot, log = () => undefined) {
  const root = path.resolve(siteRoot);
  const load = (id) => registry.load(root, id);
  const installed = [];
  const parcelModule = load('compileGatsbyFiles');
  if (typeof parcelModule?.compileGatsbyFiles === 'function') {
    reuseGatsbyFiles(parcelModule, root, log);
    installed.push('compileGatsbyFiles');
  }
  const bundleModule = load('webpackBundle');
  const chunkHashes = load('ssrChunkHashes')?.getSSRChunkHashes;
  if (typeof bundleModule?.build === 'function' && typeof chunkHashes === 'function') {
    reuseWebpack(bundleModule, root, log, chunkHashes);
    installed.push('webpack');
  }
  return installed;
}

module.exports = { install, reuseGatsbyFiles, reuseWebpack, warmQueryParser, describeConfig, LIMITS };

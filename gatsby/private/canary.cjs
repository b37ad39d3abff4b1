/**
 * Checks every entry of modules.cjs against the packages installed for a site folder (ADR 077): the file is there,
 * the exports have the shape we use, the source lines of Gatsby's browser runtime we rely on are there, and what
 * can be run is run: the redux action against Gatsby's real store, a real gatsby-worker pool, a real webpack
 * compilation. Prints one line per problem, naming the entry and the path, and exits 1 when there is any.
 *
 *   node gatsby/private/canary.cjs [site folder]
 *
 * Run it in an empty folder of its own (canary.test.ts does): Gatsby's store reads `.cache/redux` of the working
 * directory when it is loaded, and the worker and compilation checks write there.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const registry = require('./modules.cjs');

const { ENTRIES } = registry;

/** The file checks: located, loaded, shaped, texts there. Returns [problems, loaded modules by id]. */
function checkFiles(root) {
  const problems = [];
  const modules = {};
  for (const [id, entry] of Object.entries(ENTRIES)) {
    let file;
    try {
      file = registry.locate(root, id);
    } catch (error) {
      problems.push(error.message);
      continue;
    }
    if (entry.shape) {
      try {
        modules[id] = require(file);
        problems.push(...registry.shapeProblems(id, modules[id]));
      } catch (error) {
        problems.push(`${id}: ${entry.package}/${entry.file} fails to load: ${String(error.message).split('\n')[0]}`);
      }
    }
    if (entry.texts) problems.push(...registry.textProblems(root, id));
    if (id === 'partytownBrowser' && !registry.modulePattern(id).test(file)) problems.push(`${id}: the replacement pattern ${registry.modulePattern(id)} does not match ${file}`);
  }
  return [problems, modules];
}

/** The redux action, dispatched into Gatsby's own store: its reducer must record the plugin. */
function checkAction(modules) {
  const entry = ENTRIES.statefulSourceAction;
  const store = modules.redux?.store;
  if (!store) return [];
  store.dispatch(entry.action);
  const state = store.getState()[entry.state];
  return typeof state?.has === 'function' && state.has(entry.action.plugin.name)
    ? []
    : [`statefulSourceAction: Gatsby's store ignores ${entry.action.type} (state.${entry.state} has no ${entry.action.plugin.name}; see ${entry.package}/${entry.file})`];
}

/** A real pool with one worker: the fields worker-end.cjs reads while a task runs and one waits. */
async function checkWorkerPool(modules, dir) {
  const WorkerPool = modules.workerPool?.WorkerPool;
  if (typeof WorkerPool !== 'function') return [];
  const worker = path.join(dir, 'canary-worker.js');
  fs.writeFileSync(worker, 'exports.wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\nexports.env = (key) => process.env[key];\n');
  // A worker is forked with the environment of the moment its pool is made (early-workers.cjs relies on it).
  process.env.KF_CANARY_FORKED = 'with the pool';
  const pool = new WorkerPool(worker, { numWorkers: 1 });
  delete process.env.KF_CANARY_FORKED;
  const running = pool.single.wait(200);
  const queued = pool.single.wait(0);
  const problems = [];
  const where = 'workerPool: gatsby-worker WorkerPool';
  const queue = pool.taskQueue;
  if (typeof queue?.remove !== 'function' || typeof queue?.[Symbol.iterator] !== 'function') problems.push(`${where}: \`taskQueue\` is no longer iterable with \`remove(node)\``);
  else {
    const nodes = [...queue];
    if (nodes.length !== 1 || typeof nodes[0]?.value?.reject !== 'function' || typeof nodes[0]?.value?.promise?.then !== 'function') problems.push(`${where}: a queued task is no longer a node with \`value.reject\` and \`value.promise\``);
  }
  if (!Array.isArray(pool.workers) || typeof pool.workers[0]?.currentTask?.promise?.then !== 'function') problems.push(`${where}: \`workers[].currentTask.promise\` is gone`);
  const first = Array.isArray(pool.workers) ? pool.workers[0] : undefined;
  for (const field of ['ready', 'exitedPromise']) if (typeof first?.[field]?.then !== 'function') problems.push(`${where}: \`workers[].${field}\` is no longer a promise`);
  if (typeof first?.kill !== 'function') problems.push(`${where}: \`workers[].kill\` is no longer a function`);
  await Promise.allSettled([running, queued]);
  if ((await pool.single.env('KF_CANARY_FORKED').catch(() => undefined)) !== 'with the pool') problems.push(`${where}: a worker no longer has the environment of its pool's making`);
  await Promise.all(pool.end());
  return problems;
}

/** A real compilation with the webpack Gatsby uses: what reuse.cjs records and stable-compilation-hash.ts sets. */
async function checkCompilation(modules, dir) {
  const webpack = modules.webpackCompilation;
  if (typeof webpack !== 'function') return [];
  const where = 'webpackCompilation: webpack';
  fs.mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'pages', 'a.js'), 'module.exports = 1;\n');
  fs.writeFileSync(path.join(dir, 'src', 'index.js'), "require.context('./pages', false, /\\.js$/);\nimport('./pages/a.js');\n");
  const hashPlugin = { apply: (compiler) => compiler.hooks.thisCompilation.tap('canary', (compilation) => compilation.hooks.afterSeal.tap('canary', () => Object.assign(compilation, { fullHash: 'canaryhashcanary', hash: 'canaryhash' }))) };
  const compiler = webpack({ mode: 'production', context: dir, entry: { main: './src/index.js' }, output: { path: path.join(dir, 'out') }, plugins: [hashPlugin], infrastructureLogging: { level: 'none' } });
  const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result))));
  await new Promise((resolve) => compiler.close(resolve));
  const { compilation } = stats;
  const problems = [];
  const paths = (name) => {
    const value = compilation[name];
    if (typeof value?.[Symbol.iterator] !== 'function' || [...value].some((item) => typeof item !== 'string')) problems.push(`${where}: \`compilation.${name}\` is no longer an iterable of paths`);
    return typeof value?.[Symbol.iterator] === 'function' ? [...value] : [];
  };
  if (!paths('fileDependencies').includes(path.join(dir, 'src', 'index.js'))) problems.push(`${where}: \`compilation.fileDependencies\` does not list the entry file`);
  if (!paths('contextDependencies').includes(path.join(dir, 'src', 'pages'))) problems.push(`${where}: \`compilation.contextDependencies\` does not list a require.context folder`);
  paths('missingDependencies');
  if (typeof compilation.getAssets !== 'function' || !compilation.getAssets().some((asset) => asset.name === 'main.js')) problems.push(`${where}: \`compilation.getAssets()\` does not name the emitted files`);
  const groups = [...(compilation.chunkGroups ?? [])];
  if (!groups.some((group) => group.name === 'main' && [...group.chunks].every((chunk) => typeof chunk.hash === 'string') && typeof group.childrenIterable?.[Symbol.iterator] === 'function'))
    problems.push(`${where}: \`compilation.chunkGroups\` has no named group with \`chunks[].hash\` and \`childrenIterable\``);
  if (stats.hash !== 'canaryhash' || stats.toJson({ all: false, hash: true }).hash !== 'canaryhash') problems.push(`${where}: a hash set after \`afterSeal\` is not the compilation's hash`);
  return problems;
}

/** Every problem with the packages installed for `root`; `dir` is a scratch folder (the working directory). */
async function check(root, dir = process.cwd()) {
  const [problems, modules] = checkFiles(root);
  problems.push(...checkAction(modules));
  problems.push(...(await checkWorkerPool(modules, dir)));
  problems.push(...(await checkCompilation(modules, dir)));
  return problems;
}

module.exports = { check };

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..'));
  check(root).then(
    (problems) => {
      for (const problem of problems) process.stdout.write(`CANARY ${problem}\n`);
      const gatsby = registry.packageDir(root, 'gatsby');
      process.stdout.write(`canary: ${Object.keys(ENTRIES).length} entries, ${problems.length} problems, gatsby ${gatsby ? require(path.join(gatsby, 'package.json')).version : 'not installed'}\n`);
      process.exit(problems.length ? 1 : 0);
    },
    (error) => {
      process.stdout.write(`CANARY the check itself failed: ${error.stack}\n`);
      process.exit(1);
    },
  );
}

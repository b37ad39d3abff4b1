/**
 * Gatsby's worker process, started while the standby waits instead of when the build begins (ADR 094).
 *
 * Every `gatsby build` makes a pool of worker processes in its bootstrap (`WorkerPool.create()` of
 * `gatsby/dist/utils/worker/pool.js`), and a rebuild renders its pages' HTML there. Each worker first loads Gatsby's
 * worker module, which pulls in most of Gatsby (its store, the webpack and Parcel set-up, the terminal logger): about
 * 1.5 s of CPU. On the seeded site the one page of an edit waited for that load, 1.0 s of a 3.2 s edit-to-live.
 *
 * A worker inherits the main process's environment and Gatsby's node globals (`global.__GATSBY`) when it is forked,
 * and Gatsby's CLI and config set some variables before the pool is made (`gatsby_executing_command`,
 * `GATSBY_SLICES`, ...). So:
 *
 * - in every build, `create` is wrapped to record in `.cache/kf-worker-env.json` what the build had changed in the
 *   environment by then, and Gatsby's globals (but the build's random id, which Gatsby never reads);
 * - a standby (`early`) that finds such a record makes the pool at once, with the recorded changes applied to its
 *   environment and globals while it forks, and restores both;
 * - when the build then asks for its pool, it gets that one only if the environment is exactly the one the workers
 *   were forked with and the globals are the recorded ones; otherwise the early pool is ended and Gatsby makes its
 *   own, as it always did. The record is written again either way, so a change of the environment costs one build's
 *   head start, never a worker of another environment.
 *
 * A standby that ends without building (its stdin closed) kills the workers it started. Gatsby's worker pool and the
 * fields read here are in the registry (modules.cjs), checked by the canary.
 *
 * Plain CommonJS, so Node loads it with `--require` (standby.cjs), without a compiler in front.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const registry = require('./modules.cjs');

const RECORD = path.join('.cache', 'kf-worker-env.json');
/** Part of the record: a record of an earlier form of this file is not read. */
const FORMAT = 'kf-worker-env 1';

/** The variables `to` sets or changes against `from` (their values), and those it removes (null). */
function envChanges(from, to) {
  const changes = {};
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (from[key] === to[key]) continue;
    changes[key] = to[key] === undefined ? null : to[key];
  }
  return changes;
}

/** `env` with `changes` applied (a new object). */
function withChanges(env, changes) {
  const result = { ...env };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete result[key];
    else result[key] = value;
  }
  return result;
}

/** Gatsby's node globals without the build's random id (set anew by every build, read nowhere in Gatsby). */
function globalsOf(value) {
  const { buildId: _ignored, ...rest } = value ?? {};
  return rest;
}

/** Keys in a fixed order, so two equal objects serialise alike. */
const stable = (value) => JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

function readRecord(file) {
  try {
    const record = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (record?.format !== FORMAT || typeof record.env !== 'object' || typeof record.globals !== 'object') return undefined;
    return record;
  } catch {
    return undefined;
  }
}

function writeRecord(file, record) {
  const text = `${JSON.stringify(record)}\n`;
  try {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, text);
    fs.renameSync(`${file}.tmp`, file);
  } catch {
    // No record: the next standby starts no workers ahead, and Gatsby makes its pool as usual.
  }
}

/** Sets `process.env` to exactly `env` (Node's env object cannot be replaced, only changed). */
function setProcessEnv(env) {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  for (const [key, value] of Object.entries(env)) if (process.env[key] !== value) process.env[key] = value;
}

/** Makes Gatsby's pool with `env` and `globals` in place while its workers are forked; restores both after. */
function forkAhead(create, env, globals) {
  const savedEnv = { ...process.env };
  const hadGlobals = Object.prototype.hasOwnProperty.call(global, '__GATSBY');
  const savedGlobals = global.__GATSBY;
  setProcessEnv(env);
  global.__GATSBY = { ...globals };
  try {
    return create();
  } finally {
    setProcessEnv(savedEnv);
    if (hadGlobals) global.__GATSBY = savedGlobals;
    else delete global.__GATSBY;
  }
}

/** Resolves once every worker of `pool` has loaded (or ended); gatsby-worker's fields, in the registry. */
const workersLoaded = (pool) =>
  Promise.all((pool.workers ?? []).map((worker) => Promise.race([worker.ready, worker.exitedPromise]))).then(() => undefined);

/**
 * Wraps Gatsby's `create` for the build in this process (the site at `siteRoot`). With `early`, starts the workers
 * now when the last build left a record. Returns `{ started, loaded }` (`loaded` resolves when the early workers
 * have loaded, at once when none were started), or undefined when Gatsby's pool module is not where the registry
 * says (Gatsby then runs as it is).
 */
function install(siteRoot, { early = false, log = () => undefined } = {}) {
  const poolModule = registry.load(siteRoot, 'gatsbyWorkerPool');
  const create = poolModule?.create;
  if (typeof create !== 'function' || create.recordsWorkerEnv) return undefined;
  const startEnv = { ...process.env };
  const recordFile = path.join(siteRoot, RECORD);
  const record = early ? readRecord(recordFile) : undefined;
  let ahead;
  if (record) {
    const env = withChanges(startEnv, record.env);
    try {
      ahead = { pool: forkAhead(create, env, record.globals), env, globals: record.globals };
    } catch (error) {
      log(`Gatsby's worker was not started ahead: ${error.message}`);
    }
  }
  let handedOver = false;
  if (ahead) {
    // Ending without building (stdin closed): the workers must not outlive the standby.
    process.once('exit', () => {
      if (!handedOver) for (const worker of ahead.pool.workers ?? []) worker.kill?.();
    });
  }

  function createWithRecord(...args) {
    poolModule.create = create;
    const globals = globalsOf(global.__GATSBY);
    writeRecord(recordFile, { format: FORMAT, env: envChanges(startEnv, process.env), globals });
    if (ahead) {
      const differing = Object.keys(envChanges(ahead.env, process.env));
      const reason = differing.length
        ? `the build's environment differs in ${differing.join(', ')}`
        : stable(ahead.globals) !== stable(globals)
          ? "Gatsby's globals differ"
          : undefined;
      if (!reason) {
        handedOver = true;
        log("Gatsby's worker was started ahead");
        return ahead.pool;
      }
      log(`Gatsby's worker started ahead is not used: ${reason}`);
      void Promise.allSettled(ahead.pool.end());
    }
    return create.apply(this, args);
  }
  createWithRecord.recordsWorkerEnv = true;
  poolModule.create = createWithRecord;
  return { started: Boolean(ahead), loaded: ahead ? workersLoaded(ahead.pool) : Promise.resolve() };
}

module.exports = { install, envChanges, withChanges, RECORD };

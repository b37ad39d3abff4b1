/**
 * Loaded by Node in front of Gatsby's own `cli.js build` in every build of the site builder
 * (scripts/lib/build-site.ts). `KF_GATSBY_BUILD` marks Gatsby's main process; with `wait` this file holds the build
 * back, and unless KF_GATSBY_REUSE=0 it also lets Gatsby skip its code steps when the code has not changed
 * (reuse.cjs, ADR 054). In every build it makes Gatsby's worker pool end without failing the
 * build over tasks no one awaits (worker-end.cjs, ADR 055), and a waiting process starts Gatsby's worker ahead
 * (early-workers.cjs, ADR 094) and walks for stale page data ahead (stale-page-data.cjs, ADR 096). Gatsby's build
 * command is found through the registry of its private modules (modules.cjs, ADR 077).
 *
 * A `gatsby build` started ahead of the publish that will need it (ADR 053), in the site's folder with the build's
 * environment. It loads Gatsby's build command (about 2 s of Node loading modules, and Gatsby reading the state the
 * last build saved, which nothing changes until the next build) and waits for the line `build` on stdin; then it
 * runs Gatsby's build as a fresh `gatsby build` would, finding its modules loaded. Stdin closing first (the content
 * server stopped or dropped it) ends the process without building.
 *
 * Gatsby's worker processes inherit Node's `--require`; the variable is taken out of the main process's environment
 * at once, so they load this file and do nothing.
 *
 * Plain CommonJS, so Node loads it without a compiler in front.
 */
'use strict';

const fs = require('node:fs');
const registry = require('./modules.cjs');

/** The line a waiting process prints once it is loaded (and, reusing, has parsed ahead). */
const READY = 'info standby ready';

/**
 * Loads Gatsby's build command, says it is ready and blocks reading stdin until the line `build` (or EOF: exit 0
 * without building); Node then goes on to run Gatsby's CLI. The default wait (ADR 053).
 */
function waitBeforeCli() {
  require(registry.locate(process.cwd(), 'buildCommand'));
  process.stdout.write(`${READY}\n`);
  const chunk = Buffer.alloc(64);
  let said = '';
  while (!said.split('\n').includes('build')) {
    let read;
    try {
      read = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      // A non-blocking stdin has nothing yet: wait a little without spinning.
      if (error.code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        continue;
      }
      throw error;
    }
    if (read === 0) process.exit(0);
    said += chunk.subarray(0, read).toString('utf8');
  }
}

/**
 * Loads webpack's compiler and its options' plugins through webpack's public exports, which load them on first use:
 * every build makes a compiler even when its compilations are reused (Gatsby's Functions step), and loading webpack
 * then took 0.1 s of a 10,440-page rebuild (ADR 094). A library without state of its own: loading it early changes
 * nothing but when.
 */
function preloadWebpack() {
  const webpack = registry.load(process.cwd(), 'webpackCompilation');
  void webpack?.webpack;
  void webpack?.WebpackOptionsApply;
}

/**
 * With reuse (unless KF_GATSBY_REUSE=0, ADR 054): loads Gatsby's build command and puts a function in its place that
 * Gatsby's CLI will call as the command: it parses the site's files for queries ahead (reuse.cjs) until the
 * line `build` comes on stdin, and then runs Gatsby's build. Stdin closing first ends the process without building.
 */
function waitInCli(reuse, workers, stale) {
  const commandPath = registry.locate(process.cwd(), 'buildCommand');
  const build = require(commandPath);
  let building = false;
  preloadWebpack();
  const warmed = reuse.warmQueryParser(process.cwd(), () => building).catch(() => 0);
  // What the site builder waits for when asked whether the next build is ready (scripts/lib/build-site.ts): the
  // files parsed ahead, Gatsby's worker loaded when one was started ahead (early-workers.cjs, ADR 094) and the walk
  // for stale page data done (stale-page-data.cjs, ADR 096).
  void Promise.all([warmed, workers?.loaded, stale?.walked]).then(
    ([files]) => building || process.stdout.write(`${READY} (${files} files parsed ahead${workers?.started ? ", Gatsby's worker loaded" : ''})\n`),
  );
  const told = new Promise((resolve) => {
    let said = '';
    const onData = (chunk) => {
      said += chunk.toString('utf8');
      if (!said.split('\n').includes('build')) return;
      process.stdin.off('data', onData).off('end', onEnd).pause();
      resolve();
    };
    const onEnd = () => process.exit(0);
    process.stdin.on('data', onData).on('end', onEnd);
  });
  require.cache[commandPath].exports = async function buildWhenTold(...args) {
    await told;
    // Parsing ahead stops at the next file; the build's own pass parses what is left.
    building = true;
    await warmed;
    return build.apply(this, args);
  };
}

const mode = process.env.KF_GATSBY_BUILD;
if (mode === 'now' || mode === 'wait') {
  delete process.env.KF_GATSBY_BUILD;
  // Ending Gatsby's worker pool gives up the tasks no one awaits instead of failing the build (ADR 055).
  require('./worker-end.cjs').install(process.cwd());
  if (process.env.KF_GATSBY_REUSE !== '0') {
    const reuse = require('./reuse.cjs');
    const log = (message) => process.stdout.write(`info ${message}\n`);
    reuse.install(process.cwd(), log);
    // And the schema step reads no nodes of a type whose inference is off (ADR 056).
    require('./inference.cjs').install(process.cwd());
    // Gatsby's worker process starts while the standby waits, not when the build begins (ADR 094).
    const workers = require('./early-workers.cjs').install(process.cwd(), { early: mode === 'wait', log });
    // And the walk for stale page data is done while it waits (ADR 096).
    const stale = require('./stale-page-data.cjs').install(process.cwd(), { early: mode === 'wait', log });
    if (mode === 'wait') waitInCli(reuse, workers, stale);
  } else if (mode === 'wait') waitBeforeCli();
}

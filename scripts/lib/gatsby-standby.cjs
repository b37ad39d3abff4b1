/**
 * Loaded by Node in front of Gatsby's own `cli.js build` in every build of the site builder
 * (scripts/lib/build-site.ts). `KF_GATSBY_BUILD` marks Gatsby's main process; there this file lets Gatsby skip its
 * code steps when the code has not changed (gatsby-reuse.cjs, ADR 054), and with `wait` it holds the build back:
 *
 * A `gatsby build` started ahead of the publish that will need it (ADR 053), in the site's folder with the build's
 * environment. It loads Gatsby's build command (about 2 s of Node loading modules, and Gatsby reading the state the
 * last build saved, which nothing changes until the next build), Node goes on to Gatsby's CLI, and the CLI calls the
 * build command, which waits: it parses the site's files for queries ahead until the line `build` comes on stdin,
 * then runs Gatsby's build. The process is the one a fresh `gatsby build` would be, started earlier. Stdin
 * closing first (the content server stopped or dropped it) ends the process without building.
 *
 * Gatsby's worker processes inherit Node's `--require`; the variable is taken out of the main process's environment
 * at once, so they load this file and do nothing.
 *
 * Plain CommonJS, so Node loads it without a compiler in front.
 */
'use strict';

const reuse = require('./gatsby-reuse.cjs');

/** The line a waiting process prints once it is loaded and has parsed ahead. */
const READY = 'info standby ready';

/**
 * Loads Gatsby's build command and puts a function in its place that Gatsby's CLI will call as the command: it
 * parses the site's files for queries ahead (gatsby-reuse.cjs) until the line `build` comes on stdin, and then runs
 * Gatsby's build. Stdin closing first ends the process without building.
 */
function standBy(ahead) {
  const commandPath = require.resolve('gatsby/dist/commands/build', { paths: [process.cwd()] });
  const build = require(commandPath);
  let building = false;
  const warmed = ahead ? reuse.warmQueryParser(process.cwd(), () => building).catch(() => 0) : Promise.resolve(0);
  // What the site builder waits for when asked whether the next build is ready (scripts/lib/build-site.ts).
  void warmed.then((files) => building || process.stdout.write(`${READY} (${files} files parsed ahead)\n`));
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
  // KF_GATSBY_NO_REUSE=1 (bench:publish --no-reuse) leaves Gatsby's steps as they are, for comparing.
  const reusing = process.env.KF_GATSBY_NO_REUSE !== '1';
  if (reusing) reuse.install(process.cwd(), (message) => process.stdout.write(`info ${message}\n`));
  if (mode === 'wait') standBy(reusing);
}

/**
 * A `gatsby build` started ahead of the publish that will need it (scripts/lib/build-site.ts, ADR 053). Node runs
 * it with `--require` in front of Gatsby's own `cli.js build`, in the site's folder with the build's environment: it
 * loads Gatsby's build command (about 2 s of Node loading modules, and Gatsby reading the state the last build
 * saved, which nothing changes until the next build) and then blocks, reading stdin. The line `build` lets Node go
 * on to run Gatsby's CLI exactly as a fresh `gatsby build` would run, finding its modules loaded. Stdin closing
 * first (the content server stopped or dropped it) ends the process without building.
 *
 * Gatsby's worker processes inherit Node's `--require`; the variable KF_GATSBY_STANDBY marks the one process that
 * waits, and is taken out of the environment at once, so they load this file and do nothing.
 *
 * Plain CommonJS, so Node loads it without a compiler in front.
 */
'use strict';

const fs = require('node:fs');

function standBy() {
  require(require.resolve('gatsby/dist/commands/build', { paths: [process.cwd()] }));

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

if (process.env.KF_GATSBY_STANDBY === '1') {
  delete process.env.KF_GATSBY_STANDBY;
  standBy();
}

/**
 * `npm start`: one command from a fresh clone to a running site. Migrates and seeds the embedded database when
 * needed, serves the API at once, builds the site when its content changed since the last build (incrementally,
 * keeping .cache and public), then serves site and API together on one origin. Prints the address and the demo
 * editor login (its password only while the account still has the published one). While it runs, the publish
 * queue rebuilds the site after staff saves (ADR 013) with the same builder, so the next start finds it current.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/start-server';
import { currentCursor } from '../server/src/db/repositories';
import { describeDemoEditorLogin } from '../server/src/seed';
import { createSiteBuilder, deferredSiteBuilder, outsideQueue, readLastBuild } from './lib/site-builder';

const root = path.resolve(__dirname, '..');

async function main() {
  const config = loadConfig();
  console.log('Konzertfreunde: starting the content server…');
  const stateFile = path.join(config.dataDir, 'last-build.json');
  const publisher = deferredSiteBuilder((request, build) => {
    const pages = build.pagesRewritten === 1 ? '1 page' : `${build.pagesRewritten} pages`;
    console.log(`Published "${request.title}" in ${(build.ms / 1000).toFixed(1)} s (${pages} rewritten).`);
  });
  const server = await startServer(config, { publish: { builder: publisher.builder } });
  const ready = publisher.bind(createSiteBuilder({ contentApiUrl: server.url, buildToken: server.buildToken, siteUrl: process.env.SITE_URL ?? server.publicUrl, cwd: root, stateFile, liveDir: config.publicDir, standby: true,
    onRetry: (error) => console.warn(`The build failed; trying once more in a fresh process. Its last words: ${error.message.trim().split('\n').slice(-3).join(' / ')}`),
  }));
  const cursor = await currentCursor(server.db);
  const previous = await readLastBuild(stateFile);
  const built = existsSync(path.join(root, 'public', 'de', 'index.html'));

  if (built && previous.cursor === cursor) {
    console.log('Site is up to date with the content; serving the existing build.');
    // A build of an older checkout, or one whose published copy was removed, goes live first (ADR 052).
    const published = await ready.publishIfMissing();
    if (published) console.log(`Published the existing build (${published.copied} files).`);
    // Ahead of the first edit, so its rebuild reads only the pages it wrote and starts in a loaded process.
    ready.prime().catch(() => undefined);
    ready.standBy();
  } else {
    console.log(built ? 'Content changed since the last build: rebuilding incrementally…' : 'Building the site (first build takes a few minutes)…');
    try {
      const { ms } = await outsideQueue(server.app.publishQueue, () => ready.build({ cursor }, { quiet: false }));
      console.log(`Site built in ${(ms / 1000).toFixed(1)} s.`);
    } catch (error) {
      console.error((error as Error).message);
      await server.close();
      process.exit(1);
    }
  }
  console.log(`\n  Konzertfreunde is running at ${server.publicUrl}/de  (English: ${server.publicUrl}/en)`);
  const editorLogin = await describeDemoEditorLogin(server.db);
  console.log(editorLogin ? `  ${editorLogin}\n` : '');

  const stop = async () => {
    await server.close();
    ready.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

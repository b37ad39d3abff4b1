/**
 * `npm start`: one command from a fresh clone to a running site. Migrates and seeds the embedded database when
 * needed, serves the API at once, builds the site when its content changed since the last build (incrementally,
 * keeping .cache and public), then serves site and API together on one origin. Prints the address and the demo
 * editor login (its password only while the account still has the published one).
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/start-server';
import { currentCursor } from '../server/src/db/repositories';
import { describeDemoEditorLogin } from '../server/src/seed';
import { buildSite } from './lib/build-site';

const root = path.resolve(__dirname, '..');

async function main() {
  const config = loadConfig();
  console.log('Konzertfreunde: starting the content server…');
  const server = await startServer(config);
  const stateFile = path.join(config.dataDir, 'last-build.json');
  const cursor = await currentCursor(server.db);
  const previous = await fs
    .readFile(stateFile, 'utf8')
    .then((text) => JSON.parse(text) as { cursor?: string })
    .catch(() => ({ cursor: undefined }));
  const built = existsSync(path.join(config.publicDir, 'de', 'index.html'));

  if (built && previous.cursor === cursor) {
    console.log('Site is up to date with the content; serving the existing build.');
  } else {
    console.log(built ? 'Content changed since the last build: rebuilding incrementally…' : 'Building the site (first build takes a few minutes)…');
    try {
      const { ms } = await buildSite({ contentApiUrl: server.url, siteUrl: process.env.SITE_URL ?? server.publicUrl, cwd: root });
      await fs.writeFile(stateFile, JSON.stringify({ cursor, builtAt: new Date().toISOString() }));
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
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

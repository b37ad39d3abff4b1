/** `npm run server`: the content server alone (API, media and whatever site build is in PUBLIC_DIR). */
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { buildTokenFile } from './services/build-token';
import { startServer } from './start-server';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Konzertfreunde content server: ${server.publicUrl}/de (API at ${server.url})`);
  // Where the build's token is, never the token itself: logs of a server outlive its terminal.
  console.log(
    config.buildToken
      ? 'Changes feed: answers builds that send BUILD_TOKEN as configured.'
      : `Changes feed: answers builds that send the token in ${path.join(config.dataDir, buildTokenFile)}, e.g. BUILD_TOKEN=$(cat ${path.relative(process.cwd(), path.join(config.dataDir, buildTokenFile)) || buildTokenFile}) npm run build`,
  );
  const stop = async (signal: string) => {
    console.log(`${signal}: shutting down…`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

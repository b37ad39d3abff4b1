/** `npm run server`: the content server alone (API, media and whatever site build is in PUBLIC_DIR). */
import { ConfigError, loadConfig } from './config';
import { startServer } from './start-server';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Konzertfreunde content server: ${server.publicUrl}/de (API at ${server.url})`);
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

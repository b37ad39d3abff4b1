/**
 * The real content server (startServer: migrations, seed check, app, listening) in a process of its own, for tests
 * that kill it: publish-crash.test.ts. Its publish queue builds with a FakeSite (test/fake-site-build.ts) in the
 * folder KF_FAKE_SITE, a child process held until the test releases it, as `npm start` builds with Gatsby. The
 * configuration comes whole as JSON in KF_SERVER_CONFIG (a test database's PostgreSQL schema has no variable).
 * Prints one line `listening <url>` once it accepts connections; SIGTERM closes it as main.ts does.
 */
import type { Config } from '../config';
import { startServer } from '../start-server';
import { FakeSite } from './fake-site-build';

async function main() {
  const config = JSON.parse(process.env.KF_SERVER_CONFIG ?? '') as Config;
  const site = new FakeSite(process.env.KF_FAKE_SITE ?? '');
  const quietMs = Number(process.env.KF_QUIET_MS ?? 100);
  const leaseMs = Number(process.env.KF_LEASE_MS ?? 30_000);
  const server = await startServer(config, { log: () => undefined, logger: false, publish: { builder: site.builder, quietMs, pollMs: 100, leaseMs } });
  process.stdout.write(`listening ${server.url}\n`);
  process.once('SIGTERM', () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

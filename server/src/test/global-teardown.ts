/**
 * Jest's global teardown (jest.config.js): drops this run's PostgreSQL databases (the templates, and any test
 * context a test left open) and removes the templates' folder (test-templates.ts, ADR 058).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../db/create-database';
import { testDatabaseUrl } from './test-database';
import { dropRunDatabases, runVariable, templatesVariable } from './test-templates';

export default async function globalTeardown(): Promise<void> {
  const root = process.env[templatesVariable];
  const run = process.env[runVariable];
  if (!root || !run) return;
  // Only when a worker started a PostgreSQL template (it wrote the file `database` first): a run without one does not
  // connect at all.
  const keys = await fs.readdir(root).catch(() => [] as string[]);
  const started = await Promise.all(keys.map((key) => fs.access(path.join(root, key, 'database')).then(() => true, () => false)));
  if (testDatabaseUrl && started.includes(true)) {
    const admin = createDatabase({ database: { dialect: 'postgres', url: testDatabaseUrl } });
    try {
      await dropRunDatabases(admin, run);
    } catch (error) {
      // The tests have run; what is left is dropped by the first PostgreSQL template of a run six hours later.
      console.warn(`Could not drop this run's PostgreSQL databases (kf_*_${run}_*): ${(error as Error).message}`);
    } finally {
      await admin.destroy();
    }
  }
  await fs.rm(root, { recursive: true, force: true });
  delete process.env[templatesVariable];
  delete process.env[runVariable];
}

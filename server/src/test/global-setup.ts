/**
 * Jest's global setup (jest.config.js): an empty folder for this run's test templates (test-templates.ts, ADR 058)
 * and this run's id, handed to the test workers through the environment. Template folders of runs killed long ago
 * are removed; PostgreSQL is not asked anything here (a suite that needs it fails on its own when it is down).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newRunId, runVariable, staleAfterMs, templatesVariable } from './test-templates';

export const templatesFolderPrefix = 'kf-test-templates-';

export default async function globalSetup(): Promise<void> {
  for (const entry of await fs.readdir(os.tmpdir()).catch(() => [] as string[])) {
    if (!entry.startsWith(templatesFolderPrefix)) continue;
    const folder = path.join(os.tmpdir(), entry);
    const stat = await fs.stat(folder).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > staleAfterMs) await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
  process.env[templatesVariable] = await fs.mkdtemp(path.join(os.tmpdir(), templatesFolderPrefix));
  process.env[runVariable] = newRunId();
}

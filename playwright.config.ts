import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the built site served by our content server. `npm run test:e2e` (scripts/e2e.ts)
 * seeds a database in a temp folder, builds the site, serves it and sets E2E_BASE_URL.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8000';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export default defineConfig({
  testDir: 'tests/e2e',
  // Runs with their own workspace keep their traces there: two runs at once must not delete each other's.
  outputDir: process.env.E2E_WORKDIR ? path.join(process.env.E2E_WORKDIR, 'test-results') : 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL,
    // A failed test keeps its trace: each action's DOM snapshot, network and console. Without the screencast, whose
    // frames Chromium paints and encodes all through every test: 29 navigation and SEO tests took 78 s instead of
    // 84–90 s (ADR 093).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args,
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
});

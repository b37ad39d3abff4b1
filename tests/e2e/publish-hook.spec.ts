/**
 * The publish loop behind Netlify (ADR 023): a content server of this spec's own, in hook mode, serving the site
 * the e2e run built (E2E_PUBLIC_DIR) from a freshly seeded database of its own, with a loopback stand-in for the
 * build hook. The editor's toolbar must say live only after a correctly signed "deploy succeeded", failed after
 * "deploy failed", and not move for a forged notification.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { loadConfig } from '../../server/src/config';
import { startServer, type RunningServer } from '../../server/src/start-server';
import { startBuildHookServer, type BuildHookServer } from '../../server/src/test/build-hook-server';
import { netlifyDeploy, signNetlifyBody } from '../../server/src/test/netlify-notifications';
import { consentCookie, expect, logInAs, open, test } from './fixtures';

const secret = 'e2e-netlify-jws-secret-0123456789';
const firstSection = 'Abschnitt „konzertorte-konzerthaus“';

let hook: BuildHookServer;
let server: RunningServer;
let dataDir: string;
let context: BrowserContext;
let page: Page;

/** Posts a deploy notification to the hook-mode server as Netlify would; `signWith` forges it with another secret. */
async function notifyDeploy(deploy: Record<string, unknown>, signWith = secret) {
  const body = JSON.stringify(deploy);
  const response = await fetch(`${server.url}/api/publish/netlify-deploy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signNetlifyBody(signWith, body) },
    body,
  });
  return response.status;
}

/** Changes the first section's headline through the editor and waits for the build hook's call; its title. */
async function saveHeadline(headline: string) {
  const calls = hook.received.length;
  await page.getByRole('group', { name: firstSection }).getByRole('button', { name: 'Bearbeiten: Überschrift, Modul 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Überschrift bearbeiten' });
  await dialog.getByRole('textbox', { name: /^Überschrift/ }).fill(headline);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => hook.received.length).toBe(calls + 1);
  return hook.lastTitle()!;
}

test.describe('publishing through the Netlify build hook', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const publicDir = process.env.E2E_PUBLIC_DIR;
    if (!publicDir) throw new Error('E2E_PUBLIC_DIR is not set: run the e2e tests through scripts/e2e.ts');
    hook = await startBuildHookServer();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-e2e-hook-'));
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_DIR: publicDir,
      LOG_LEVEL: 'error',
      NETLIFY_BUILD_HOOK: hook.url,
      NETLIFY_WEBHOOK_SECRET: secret,
      PUBLISH_QUIET_MS: '200',
    });
    server = await startServer(config, { log: () => undefined, seedImageScale: 0.2 });
    context = await browser.newContext({ baseURL: server.publicUrl });
    await context.addCookies([consentCookie(server.publicUrl)]);
    await logInAs(context);
    page = await context.newPage();
    await open(page, '/de/konzertorte?edit');
    await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
  });

  test.afterAll(async () => {
    await context?.close();
    await server?.close();
    await hook?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  test('the toolbar says live only after a signed "deploy succeeded"; a forged one changes nothing', async () => {
    test.setTimeout(90_000);
    const badge = page.getByTestId('publish-status');
    const title = await saveHeadline('Konzerthaus, über Netlify veröffentlicht');
    expect(title).toMatch(/\[publish run \d+\]$/);
    await expect(badge).toHaveAttribute('data-state', 'triggered');
    await expect(badge).toContainText('Wird veröffentlicht …');

    // Forged: signed with another secret. The toolbar asks again after it and still says triggered.
    expect(await notifyDeploy(netlifyDeploy({ state: 'ready', title }), 'not-the-secret-0123456789abcdef')).toBe(401);
    await page.waitForResponse((response) => response.url().endsWith('/de/pageeditor-api/publish/'));
    await page.waitForResponse((response) => response.url().endsWith('/de/pageeditor-api/publish/'));
    await expect(badge).toHaveAttribute('data-state', 'triggered');
    await expect(badge).not.toContainText('Live');

    expect(await notifyDeploy(netlifyDeploy({ state: 'building', title }))).toBe(200);
    await expect(badge).toHaveAttribute('data-state', 'deploying');
    await expect(badge).toContainText('Netlify baut die Seite');

    expect(await notifyDeploy(netlifyDeploy({ state: 'ready', title }))).toBe(200);
    await expect(badge).toHaveAttribute('data-state', 'live');
    await expect(badge).toContainText('Live');
  });

  test('the toolbar says failed, with Netlify\'s reason, after a signed "deploy failed"', async () => {
    test.setTimeout(90_000);
    const badge = page.getByTestId('publish-status');
    const title = await saveHeadline('Konzerthaus, zweiter Versuch');
    await expect(badge).toHaveAttribute('data-state', 'triggered');

    expect(await notifyDeploy(netlifyDeploy({ state: 'error', title, error_message: 'Build script returned non-zero exit code: 2' }))).toBe(200);
    await expect(badge).toHaveAttribute('data-state', 'failed');
    await expect(badge).toContainText('Veröffentlichung fehlgeschlagen');
    await expect(badge).toContainText('Grund: Build script returned non-zero exit code: 2');
  });
});

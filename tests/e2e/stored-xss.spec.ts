import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, open, publishPolls, quiet, test, trackRequests } from './fixtures';

/**
 * A module link stored before the link rule existed (ADR 026), written here straight into the database past every
 * check, must not run script — not for a visitor on the published static page, not for an editor in the live edit
 * view, whose click would otherwise act with staff rights.
 */
const pagePath = '/de/modul-demo';
const hostile = 'javascript:window.__pwned=1;alert(document.cookie)';

interface LinkRow {
  id: number;
  container_id: number;
  data: string;
}

/** Puts the hostile address into the first link module of the page, as an old row would hold it. */
function plantHostileLink(): { containerId: number; text: string } {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through scripts/e2e.ts');
  const db = new Database(path.join(dataDir, 'konzertfreunde.sqlite'));
  try {
    const row = db
      .prepare(
        `SELECT m.id, m.container_id, m.data FROM module m
           JOIN container c ON c.id = m.container_id
           JOIN page_translation pt ON pt.page_id = c.object_id AND pt.locale = c.locale
          WHERE pt.path = ? AND c.content_type = 'page' AND m.type = 'link'
          ORDER BY m.id LIMIT 1`,
      )
      .get(pagePath) as LinkRow | undefined;
    if (!row) throw new Error(`no link module on ${pagePath}`);
    const data = JSON.parse(row.data) as { content: string; link: string; link_url: string };
    db.prepare('UPDATE module SET data = ? WHERE id = ?').run(JSON.stringify({ ...data, link: hostile, link_url: '' }), row.id);
    return { containerId: row.container_id, text: data.content };
  } finally {
    db.close();
  }
}

/** Calls the editor API with the session and CSRF cookie of the logged-in page. */
async function editorCall(page: Page, method: 'GET' | 'POST', url: string, data?: object) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(url, { method, headers: { 'x-csrftoken': csrf, origin }, ...(data ? { data } : {}) });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** The link's text is shown, but nothing on the page is a script address, and clicking it runs nothing. */
async function expectInert(page: Page, text: string) {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const shown = page.locator('.link-module').filter({ hasText: text }).first();
  await expect(shown).toBeVisible();
  const scriptHrefs = await page.evaluate(() =>
    // eslint-disable-next-line no-control-regex
    [...document.querySelectorAll('[href]')].map((el) => el.getAttribute('href') ?? '').filter((href) => /^\s*(?:javascript|data|vbscript):/i.test(href.replace(/[\u0000-\u0020]/g, ''))),
  );
  expect(scriptHrefs).toEqual([]);
  await expect(page.locator('a[href*="pwned"]')).toHaveCount(0);
  await shown.click();
  // What a script address would run, it runs in a task after the click; the page is idle only after that. The editor
  // asks for the publish state on a timer: those requests are none of the click's.
  await quiet(page, { ignore: (url) => url.pathname.endsWith('/pageeditor-api/publish/') });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
}

test.use({ staff: 'editor' });

test('a javascript: module link stored in the database stays inert for an editor and, once published, for a visitor', async ({ page, browser }) => {
  test.setTimeout(480_000);
  const { containerId, text } = planted;
  // Unique per run: E2E_WORKDIR keeps the database between runs.
  const quote = `Zitat zum Test gespeicherter Links ${Date.now()}`;

  // The editor: logged in, on the live edit view that renders the stored modules through the site's components.
  await open(page, '/cms-hub');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Anmelden');
  const usersBefore = await staffCount();
  // A harmless save in the same section, so the publish queue rebuilds the page with the planted row.
  const version = await containerVersion(containerId);
  await editorCall(page, 'POST', `/de/pageeditor-api/container/${containerId}/modules/`, { version, module: { type: 'quote', content: quote } });
  await open(page, `${pagePath}?edit`);
  await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
  await expectInert(page, text);

  // The visitor: the static page the publish queue built from the same data.
  await expect
    .poll(async () => {
      const status = await editorCall(page, 'GET', '/de/pageeditor-api/publish/');
      return status.state === 'failed' ? 'failed' : status.live_seq !== null && status.live_seq >= status.saved_seq ? 'live' : status.state;
    }, { timeout: 420_000, intervals: publishPolls })
    .toBe('live');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  trackRequests(visitor);
  await open(visitor, pagePath);
  await expect(visitor.getByText(quote)).toBeVisible();
  await expectInert(visitor, text);
  await visitorContext.close();
  // No script ran with the editor's rights: no staff account appeared.
  expect(await staffCount()).toBe(usersBefore);
});

let planted: { containerId: number; text: string };
test.beforeAll(() => {
  planted = plantHostileLink();
});

function withDb<T>(run: (db: Database.Database) => T): T {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'konzertfreunde.sqlite'), { readonly: true });
  try {
    return run(db);
  } finally {
    db.close();
  }
}
const staffCount = async () => withDb((db) => (db.prepare('SELECT COUNT(*) AS n FROM staff_user').get() as { n: number }).n);
const containerVersion = async (id: number) => withDb((db) => (db.prepare('SELECT version FROM container WHERE id = ?').get(id) as { version: number }).version);

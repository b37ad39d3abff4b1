import type { PageRecord } from '../../contract/hub/records';
import type { Paged } from '../../contract/hub/paged';
import type { PageRow } from '../../contract/hub/rows';
import { openEditorAt, saveHeadline } from './editor-helpers';
import { allPublished, consentCookie, expect, open, quiet, test, trackRequests } from './fixtures';
import { heading } from './hub-helpers';

/**
 * Copying a page (ADR 088): in the hub, the history page is copied as a new offline page; the copy is edited in
 * place, put online and published, and a visitor then sees the copy with the new headline at its own address while
 * the original keeps its text. Only reads the original; robust to a kept E2E_WORKDIR (the copy's title carries a
 * stamp, its address is read from the answer).
 */
const stamp = Date.now().toString(36);
const original = { path: '/de/ueber-uns/geschichte', title: 'Geschichte', headline: 'Eine Unterschriftenliste im Foyer' };

test.use({ staff: 'editor' });

test('a page copied in the hub is edited, put online and published; the original keeps its text', async ({ page, browser, baseURL }) => {
  test.setTimeout(480_000);
  const listed = await page.request.get(`/de/pageeditor-api/hub/pages/?search=${encodeURIComponent(original.path)}`);
  const row = ((await listed.json()) as Paged<PageRow>).results.find((result) => result.path_de === original.path);
  expect(row, 'the history page').toBeTruthy();

  await open(page, `/cms-hub/pages/${row!.id}`);
  await expect(heading(page, `Seite: ${original.title}`)).toBeVisible();
  const copying = page.getByRole('region', { name: 'Seite kopieren' });
  const opener = copying.getByRole('button', { name: 'Seite kopieren', exact: true });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await opener.click();
  await expect(copying.getByRole('checkbox', { name: 'Deutsch kopieren' })).toBeChecked();
  await expect(copying.getByRole('checkbox', { name: 'Englisch kopieren' })).toBeChecked();
  const title = copying.getByLabel(/^Titel der Kopie \(Deutsch\)/);
  await expect(title).toHaveValue(`${original.title} (Kopie)`);
  const copyTitle = `${original.title} ${stamp}`;
  await title.fill(copyTitle);
  const answered = page.waitForResponse((response) => response.url().endsWith('/copy/') && response.request().method() === 'POST');
  await copying.getByRole('button', { name: 'Kopie anlegen', exact: true }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  const copy = (await response.json()) as PageRecord;
  const copyPath = copy.translations.de!.path;
  expect(copyPath).toMatch(/^\/de\/ueber-uns\/geschichte-kopie(-\d+)?$/);

  // The copy's change page says what happened; the copy is offline.
  await expect(heading(page, `Seite: ${copyTitle}`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Kopie angelegt – offline' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Online/ })).not.toBeChecked();

  // The offline copy opens in the editor at its address; its headline is changed there.
  const edited = `Eine Liste, kopiert ${stamp}`;
  await openEditorAt(page, copyPath);
  // The copy's first section, under the slug a new section of the page gets.
  const section = page.getByRole('group', { name: `Abschnitt „page-${copy.id}-de-1“` });
  await expect(section.getByRole('heading', { name: original.headline, exact: true })).toBeVisible();
  await saveHeadline(page, section, edited);

  // Online from the hub, then published.
  await open(page, `/cms-hub/pages/${copy.id}`);
  await expect(heading(page, `Seite: ${copyTitle}`)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Online/ }).check();
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  await allPublished(page.request);

  const visitor = await browser.newContext();
  await visitor.addCookies([consentCookie(baseURL!)]);
  const visitorPage = await visitor.newPage();
  trackRequests(visitorPage);
  try {
    const copied = await open(visitorPage, copyPath);
    expect(copied?.status()).toBe(200);
    await expect(visitorPage.getByRole('heading', { name: edited, exact: true })).toBeVisible();

    const kept = await open(visitorPage, original.path);
    expect(kept?.status()).toBe(200);
    await expect(visitorPage.getByRole('heading', { name: original.headline, exact: true })).toBeVisible();
    await quiet(visitorPage);
    await expect(visitorPage.getByRole('heading', { name: edited, exact: true })).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

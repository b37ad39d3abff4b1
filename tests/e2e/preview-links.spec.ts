import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { allPublished, consentCookie, expect, logInAs, open, quiet, test, trackRequests } from './fixtures';
import { htmlValidateConfig } from './html-validate.config';
import { wcag } from './hub-helpers';

/**
 * Preview links (ADR 084): an editor writes a text into the offline draft page (server/src/seed/content/draft.ts,
 * which the build leaves out), makes a preview link for it in the toolbar, and a browser without a session opens
 * the link: the page in the site's look with that text, the banner that says it is not published and until when,
 * and noindex. Revoked in the hub, the same address is the 404 page with status 404. Once the save is published,
 * no page of the built site shows the text.
 */
const stamp = Date.now().toString(36);
const offlinePath = '/de/saison-2028-entwurf';
const marker = `Entwurf für den Vorstand ${stamp}`;

/** A module write through the editor's own call, as the page's script sends it (session, CSRF header, Origin). */
async function addHeadline(context: BrowserContext, text: string) {
  const page = await context.request.get(`/de/api/page${offlinePath.slice(3)}`);
  expect(page.status(), 'staff read the offline page').toBe(200);
  const section = ((await page.json()) as { modules: { id: number; version: number }[] }).modules[0];
  const renewed = await context.request.get('/de/api/csrf/');
  const csrf = (await context.cookies(renewed.url())).find((cookie) => cookie.name === 'csrftoken')?.value;
  const response = await context.request.post(`/de/pageeditor-api/container/${section.id}/modules/`, {
    data: { version: section.version, module: { type: 'headline', content: text } },
    headers: { 'X-CSRFToken': csrf!, Origin: new URL(renewed.url()).origin },
  });
  expect(response.status(), `adding the headline: ${await response.text()}`).toBe(201);
}

test('an editor makes a preview link of an offline page; a browser without a session sees it until the link is revoked in the hub', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await logInAs(page.context());
  await addHeadline(page.context(), marker);

  // The toolbar's dialog: 1 day, create, the address with a copy button and the expiry.
  await open(page, `${offlinePath}?edit`);
  const toolbar = page.getByRole('region', { name: 'Editor' });
  await toolbar.getByRole('button', { name: 'Vorschau-Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vorschau-Link erstellen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: '1 Tag' }).check();
  await dialog.getByRole('button', { name: 'Link erstellen' }).click();
  const address = dialog.getByRole('textbox', { name: 'Adresse der Vorschau' });
  await expect(address).toHaveValue(/\/de\/vorschau\/[^/]+\/$/);
  await expect(dialog.getByRole('button', { name: 'Adresse kopieren' })).toBeVisible();
  await expect(dialog).toContainText(/Gültig bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr\./);
  const url = new URL(await address.inputValue());
  const previewPath = url.pathname;
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();

  // Someone without an account: a fresh browser context, no session.
  const visitorContext = await browser.newContext({ baseURL });
  await visitorContext.addCookies([consentCookie(baseURL!)]);
  try {
    const visitor = await visitorContext.newPage();
    trackRequests(visitor);
    const errors: string[] = [];
    visitor.on('pageerror', (error) => errors.push(error.message));
    const answer = await open(visitor, previewPath);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()).toMatchObject({ 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store, private', 'referrer-policy': 'no-referrer' });
    await expect(visitor.getByTestId('preview-banner')).toHaveText(/^Vorschau – nicht veröffentlicht, gültig bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/);
    await expect(visitor.getByRole('heading', { name: marker, exact: true })).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(visitor.getByRole('region', { name: 'Editor' })).toHaveCount(0);
    await quiet(visitor);
    // The built page as sent (ADR 075) and the page as shown (axe).
    const sent = await visitor.request.get(previewPath);
    const report = await new HtmlValidate(htmlValidateConfig).validateString(await sent.text(), previewPath);
    expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`))).toEqual([]);
    const axe = await new AxeBuilder({ page: visitor }).withTags(wcag).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    // What the link shows is no public page: the built site and the public call still say "not found".
    const plain = await visitor.request.get(offlinePath);
    expect(plain.status()).toBe(404);
    expect(await plain.text()).not.toContain(marker);
    expect((await visitor.request.get(`/de/api/page${offlinePath.slice(3)}`)).status()).toBe(404);

    // Revoked in the hub.
    await open(page, '/cms-hub/preview-links');
    await expect(page.getByRole('heading', { level: 1, name: 'Vorschau-Links' })).toBeVisible();
    const id = previewPath.split('/')[3].split('.')[0];
    const row = page.locator(`tr[data-link-id="${id}"]`);
    await expect(row).toContainText('Gültig');
    await expect(row).toContainText('Seite');
    await row.getByRole('button', { name: /^Vorschau-Link für „.*“ widerrufen$/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Vorschau-Link widerrufen?' });
    await confirm.getByRole('button', { name: 'Widerrufen' }).click();
    await expect(page.getByRole('status').filter({ hasText: /ist widerrufen\.$/ })).toBeVisible();
    await expect(row).toContainText('Widerrufen am');

    // The same address: the 404 page, status 404, nothing of the page.
    const gone = await open(visitor, previewPath);
    expect(gone?.status()).toBe(404);
    expect(gone?.headers()['cache-control']).toBe('no-store');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Fehler 404');
    await quiet(visitor);
    await expect(visitor.getByText(marker)).toHaveCount(0);
    await expect(visitor.getByTestId('preview-banner')).toHaveCount(0);
    expect(errors, 'errors thrown in the visitor’s page').toEqual([]);
  } finally {
    await visitorContext.close();
  }
  // The headline's save is published before the next spec starts; the site built with it shows it nowhere.
  await allPublished(page.request);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const built = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  expect(built.length).toBeGreaterThan(40);
  for (const path of built) {
    const html = await (await page.request.get(path)).text();
    expect({ path, shown: html.includes(marker) }).toEqual({ path, shown: false });
  }
});

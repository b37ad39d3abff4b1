import { axeOn } from './axe';
import type { BrowserContext } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { allPublished, consentCookie, expect, logInAs, open, quiet, test, trackRequests } from './fixtures';
import { htmlValidateConfig } from './html-validate.config';
import { staffCall } from './editor-helpers';
import { wcag } from './hub-helpers';

/**
 * Preview links (ADR 084): an editor starts a draft of a page (ADR 085) through the editor's calls and writes a
 * text into it, makes a preview link for the page in the toolbar, and a browser without a session opens the link:
 * the page in the site's look with the draft's text, the banner that says it is not published and until when, and
 * noindex. Revoked in the hub, the same address is the 404 page with status 404. No page of the built site and no
 * public call shows the draft's text. On /de/mitgliedschaft/foerdern, which no other spec changes; the draft is
 * discarded at the end.
 */
const stamp = Date.now().toString(36);
const pagePath = '/de/mitgliedschaft/foerdern';
const marker = `Entwurf für den Vorstand ${stamp}`;

/** A call of the editor's, as the page's script sends it (session, CSRF header, Origin). */
const editorCall = (context: BrowserContext, method: 'POST' | 'DELETE', path: string, data: object) => staffCall(context, method, path, method === 'POST' ? { data } : {});

/** Starts (or takes up) the page's draft and adds a headline to its first section; resolves with the page's id. */
async function draftHeadline(context: BrowserContext, text: string): Promise<number> {
  const page = await context.request.get(`/de/api/page${pagePath.slice(3)}`);
  expect(page.status(), 'staff read the page').toBe(200);
  const { id } = (await page.json()) as { id: number };
  const started = await editorCall(context, 'POST', `/de/pageeditor-api/draft/page/${id}/`, {});
  expect([200, 201], `starting the draft: ${await started.text()}`).toContain(started.status());
  const section = ((await started.json()) as { sections: { id: number; version: number }[] }).sections[0];
  const response = await editorCall(context, 'POST', `/de/pageeditor-api/container/${section.id}/modules/`, { version: section.version, module: { type: 'headline', content: text } });
  expect(response.status(), `adding the headline: ${await response.text()}`).toBe(201);
  return id;
}

test('an editor makes a preview link of a page’s draft; a browser without a session sees it until the link is revoked in the hub', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await logInAs(page.context());
  const pageId = await draftHeadline(page.context(), marker);

  // The toolbar's dialog: 1 day, create, the address with a copy button and the expiry.
  await open(page, `${pagePath}?edit`);
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
    const axe = await axeOn(visitor).withTags(wcag).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    // What the link shows is in no public answer: the built page and the public call show the live sections.
    const plain = await visitor.request.get(pagePath);
    expect(plain.status()).toBe(200);
    expect(await plain.text()).not.toContain(marker);
    const call = await visitor.request.get(`/de/api/page${pagePath.slice(3)}`);
    expect(call.status()).toBe(200);
    expect(await call.text()).not.toContain(marker);

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
  // The draft goes; nothing of it was published, and the built site shows its text nowhere.
  expect((await editorCall(page.context(), 'DELETE', `/de/pageeditor-api/draft/page/${pageId}/`, {})).status()).toBe(200);
  await allPublished(page.request);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const built = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  expect(built.length).toBeGreaterThan(40);
  for (const path of built) {
    const html = await (await page.request.get(path)).text();
    expect({ path, shown: html.includes(marker) }).toEqual({ path, shown: false });
  }
});

import { axeOn } from './axe';
import type { Locator } from '@playwright/test';
import { openEditorAt, saveHeadline } from './editor-helpers';
import { allPublished, consentCookie, expect, open, quiet, test, trackRequests } from './fixtures';

/**
 * The editor's preview (ADR 037): the page with what is saved (not yet published) as a visitor sees it,
 * in a frame at a phone's and a desktop's width, the real page with its own media queries; and the preview address
 * shows a visitor only what is published. On a section no other spec edits; robust to a kept E2E_WORKDIR (the
 * headline carries a stamp, and the text it replaces is read first).
 */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const stamp = Date.now().toString(36);
const at = '/de/konzertorte';
const sectionName = 'Abschnitt „konzertorte-st-peter“';

// Wide enough for the desktop width beside the dialog's margins.
test.use({ viewport: { width: 1600, height: 1000 } });

const frameWidth = (frame: Locator) => frame.evaluate((element) => (element as HTMLIFrameElement).contentWindow!.innerWidth);

test('an editor previews the saved headline at phone and desktop width; the preview address shows a visitor only what is published', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await openEditorAt(page, at);
  // The toolbar's new button still fits a laptop's one line (editor.spec.ts checks the height, not the width).
  await page.setViewportSize({ width: 1366, height: 768 });
  const bar = page.getByRole('region', { name: 'Editor' });
  expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const headline = `Sommer in St. Peter ${stamp}`;
  await saveHeadline(page, page.getByRole('group', { name: sectionName }), headline);
  const status = page.getByTestId('publish-status');

  // A visitor (no session) at the preview address, while the save is not live yet: the built page, nothing read.
  const visitorContext = await browser.newContext({ baseURL });
  // A visitor who made their cookie choice already: the banner is no dialog of ours to tell apart.
  await visitorContext.addCookies([consentCookie(baseURL!)]);
  try {
    const visitor = await visitorContext.newPage();
    trackRequests(visitor);
    const calls: string[] = [];
    visitor.on('request', (request) => calls.push(new URL(request.url()).pathname));
    // The section's headings as built (a kept E2E_WORKDIR may hold a save an earlier run never published).
    const headings = visitor.locator('#konzertorte-st-peter').getByRole('heading');
    await open(visitor, at);
    const built = await headings.allTextContents();
    expect(built.join()).not.toContain(headline);
    const asked = visitor.waitForResponse((response) => response.url().endsWith('/de/pageeditor-api/user'));
    await open(visitor, `${at}?preview`);
    expect((await asked).status()).toBe(401);
    // What an editor's browser would do next (load the editor's chunk, read the saved state) has been started and
    // answered by the time the page is quiet.
    await quiet(visitor);
    expect(await headings.allTextContents()).toEqual(built);
    await expect(visitor.getByText(headline)).toHaveCount(0);
    // Asked who is there (401), and stopped: no editor loaded, no saved state read, no login prompt.
    expect(calls.filter((path) => /\/editor(?:-login)?-[0-9a-f]+\.js$/.test(path)), 'the editor\'s chunks').toEqual([]);
    expect(calls.filter((path) => /\/api\/(?:page|container)(?:\/|$)/.test(path))).toEqual([]);
    await expect(visitor.getByRole('dialog')).toHaveCount(0);
    await expect(visitor.getByRole('region', { name: 'Editor' })).toHaveCount(0);
  } finally {
    await visitorContext.close();
  }
  // Had the site been rebuilt meanwhile, the visitor would rightly have seen the new headline: then this proves nothing.
  await expect(status).not.toHaveAttribute('data-state', 'live');

  const previewButton = page.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'Vorschau', exact: true });
  await previewButton.click();
  const dialog = page.getByRole('dialog', { name: 'Vorschau' });
  await expect(dialog).toBeVisible();
  const frameElement = dialog.getByTestId('preview-frame');
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  // Shown once the framed page has read the saved state, which has the new headline, and no editing chrome.
  await expect(frameElement).toHaveAttribute('data-ready', 'true');
  await expect(frame.getByRole('heading', { name: headline, exact: true })).toBeVisible();
  await expect(frame.getByRole('region', { name: 'Editor' })).toHaveCount(0);
  await expect(frame.getByRole('group', { name: /^Abschnitt „/ })).toHaveCount(0);

  // A phone first: 390 px, the burger menu and no desktop navigation (the site's own media queries).
  await expect(dialog.getByRole('radio', { name: /^Telefon/ })).toBeChecked();
  expect(await frameWidth(frameElement)).toBe(390);
  await expect(frame.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await expect(frame.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();

  const { violations } = await axeOn(page).withTags(wcag).include('[role="dialog"]').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);

  // The desktop: 1280 px, the same page now with its desktop navigation.
  await dialog.getByRole('radio', { name: /^Desktop/ }).check();
  await expect.poll(() => frameWidth(frameElement)).toBe(1280);
  await expect(frame.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: headline, exact: true })).toBeVisible();

  // Escape closes it, and the focus is back on the toolbar button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(previewButton).toBeFocused();

  // Also with the focus inside the framed page, whose key presses the dialog's document never sees itself.
  await previewButton.click();
  await expect(frameElement).toHaveAttribute('data-ready', 'true');
  await frame.getByRole('heading', { name: headline, exact: true }).click();
  await frame.locator('body').press('Escape');
  await expect(dialog).toBeHidden();
  await expect(previewButton).toBeFocused();
});

test('an offline page is previewed for staff in the 404 page’s place; a visitor at its preview address gets the 404 page', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const offline = '/de/saison-2028-entwurf';
  await openEditorAt(page, offline);
  await page.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'Vorschau', exact: true }).click();
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(page.getByTestId('preview-frame')).toHaveAttribute('data-ready', 'true');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Vorschau auf die Saison 2027/28');
  await expect(frame.getByText('40-jährigen Bestehens')).toBeVisible();
  await expect(frame.getByRole('group', { name: /^Abschnitt „/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const visitorContext = await browser.newContext({ baseURL });
  await visitorContext.addCookies([consentCookie(baseURL!)]);
  try {
    const visitor = await visitorContext.newPage();
    trackRequests(visitor);
    const asked = visitor.waitForResponse((response) => response.url().endsWith('/de/pageeditor-api/user'));
    const response = await open(visitor, `${offline}?preview`);
    expect(response?.status()).toBe(404);
    expect((await asked).status()).toBe(401);
    await quiet(visitor);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Fehler 404');
    await expect(visitor.getByText('40-jährigen Bestehens')).toHaveCount(0);
  } finally {
    await visitorContext.close();
  }
  // The headline the first test saved is being rebuilt: the next spec must not load pages while that build writes.
  await allPublished(page.request);
});

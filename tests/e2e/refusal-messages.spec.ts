import type { Page } from '@playwright/test';
import { setStaffLanguageOf } from './editor-helpers';
import { expect, logInAs, open, test } from './fixtures';

/**
 * Refusals in the staff's language (ADR 033): a module save the server refuses shows the sentence beside
 * the field, in German under /de and English under /en, never the server's English with its field path. Nothing is
 * saved. The browser's own checks stop every bad value a person can enter (the image is picked from the library,
 * the level is a select), so the request is changed on its way, as a stale or forged form would send it: the
 * headline's level becomes 9, which the server refuses.
 */
async function openEditorAt(page: Page, path: string) {
  await logInAs(page.context());
  await open(page, `${path}?edit`);
  await expect(page.locator('.kfe-bar')).toBeVisible();
}

/** Opens the add dialog of a headline module in the first section and saves it with level 9 in the request. */
async function saveBadLevel(page: Page, labels: { type: string; add: RegExp; headline: string; text: RegExp; level: RegExp; dialog: string; save: string }) {
  const first = page.locator('.kfe-section[role="group"]').first();
  await first.getByLabel(labels.type).first().selectOption({ label: labels.headline });
  await first.getByRole('button', { name: labels.add }).first().click();
  const dialog = page.getByRole('dialog', { name: labels.dialog });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: labels.text }).fill('Eine Überschrift, die nie gespeichert wird');
  await page.route('**/pageeditor-api/container/*/modules/', async (route) => {
    const body = route.request().postDataJSON() as { module: Record<string, unknown> };
    await route.continue({ postData: JSON.stringify({ ...body, module: { ...body.module, headline_level: 9 } }) });
  });
  const refused = page.waitForResponse((response) => /\/modules\/$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: labels.save }).click();
  expect((await refused).status()).toBe(400);
  return { dialog, input: dialog.getByLabel(labels.level) };
}

test('a refused module save shows German beside its field under /de', async ({ page }) => {
  await openEditorAt(page, '/de/faq');
  const { dialog, input } = await saveBadLevel(page, {
    type: 'Modultyp',
    add: /^Modul hinzufügen/,
    headline: 'Überschrift',
    text: /^Überschrift/,
    level: /^Überschriftenebene/,
    dialog: 'Überschrift hinzufügen',
    save: 'Speichern',
  });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(/Die Zahl darf höchstens 6 sein\./);
  await expect(dialog).not.toContainText('module.');
  await expect(dialog).not.toContainText('must be');
  // The dialog stays open; nothing was added.
  await expect(dialog).toBeVisible();
});

test('the same refusal reads in English for a staff member who chose English (ADR 061)', async ({ page, browser }) => {
  await setStaffLanguageOf(browser, 'en');
  await openEditorAt(page, '/en');
  const { dialog, input } = await saveBadLevel(page, {
    type: 'Module type',
    add: /^Add module/,
    headline: 'Headline',
    text: /^Headline/,
    level: /^Headline level/,
    dialog: 'Add Headline',
    save: 'Save',
  });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(/The number must be at most 6\./);
  await expect(dialog).not.toContainText('module.');
});

// The English test switches the editor account to English; every test leaves it German again (ADR 061).
test.afterEach(async ({ browser }) => setStaffLanguageOf(browser, 'de'));

import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';
import { editor } from './hub-helpers';

/**
 * Refusals in the staff's language (issue 16, ADR 033): a module save the server refuses (an image that is not in
 * the media library) shows the sentence beside the field, in German under /de and English under /en, never the
 * server's English with its field path. Nothing is saved.
 */
async function openEditorAt(page: Page, path: string, login: { dialog: string; user: string; password: string; submit: string }) {
  await open(page, `${path}?edit`);
  const prompt = page.getByRole('dialog', { name: login.dialog });
  const toolbar = page.locator('.kfe-bar');
  await expect(toolbar.or(prompt)).toBeVisible();
  if (await prompt.isVisible()) {
    await prompt.getByLabel(login.user).fill(editor.login);
    await prompt.getByLabel(login.password, { exact: true }).fill(editor.password);
    await prompt.getByRole('button', { name: login.submit }).click();
  }
  await expect(toolbar).toBeVisible();
}

/** Opens the add dialog of an image module in the first section and saves it with media 99999, which no one has. */
async function saveMissingImage(page: Page, labels: { type: string; add: RegExp; image: string; dialog: string; save: string }) {
  const first = page.locator('.kfe-section[role="group"]').first();
  await first.getByLabel(labels.type).first().selectOption({ label: labels.image });
  await first.getByRole('button', { name: labels.add }).first().click();
  const dialog = page.getByRole('dialog', { name: labels.dialog });
  await expect(dialog).toBeVisible();
  const input = dialog.getByLabel(new RegExp(`^${labels.image}\\b`)).first();
  await input.fill('99999');
  const refused = page.waitForResponse((response) => /\/modules\/$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: labels.save }).click();
  expect((await refused).status()).toBe(400);
  return { dialog, input };
}

test('a refused module save shows German beside the image field under /de', async ({ page }) => {
  await openEditorAt(page, '/de/faq', { dialog: 'Anmelden', user: 'E-Mail-Adresse oder Benutzername', password: 'Passwort', submit: 'Anmelden' });
  const { dialog, input } = await saveMissingImage(page, { type: 'Modultyp', add: /^Modul hinzufügen/, image: 'Bild', dialog: 'Bild hinzufügen', save: 'Speichern' });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(/Dieses Bild gibt es in der Mediathek nicht mehr\. Bitte ein anderes wählen\./);
  await expect(dialog).not.toContainText('refers to media');
  await expect(dialog).not.toContainText('module.');
  // The dialog stays open with what was typed; nothing was added.
  await expect(input).toHaveValue('99999');
});

test('the same refusal reads in English under /en', async ({ page }) => {
  await openEditorAt(page, '/en', { dialog: 'Log in', user: 'Email address or username', password: 'Password', submit: 'Log in' });
  const { dialog, input } = await saveMissingImage(page, { type: 'Module type', add: /^Add module/, image: 'Image', dialog: 'Add Image', save: 'Save' });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(/This image is no longer in the media library\. Please choose another one\./);
  await expect(dialog).not.toContainText('refers to media');
});

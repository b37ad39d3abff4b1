/**
 * What the in-place editor's e2e specs share: logging in through the editor's login dialog (for the specs that test
 * it) and opening a page in edit mode with a session made through the API.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, logInAs, open, staffAccount } from './fixtures';

/** Logs the seeded editor in through a login dialog (the gate's prompt or the editor's after a 401), in German. */
export async function logIn(dialog: Locator) {
  const editor = staffAccount('editor');
  await dialog.getByLabel('E-Mail-Adresse oder Benutzername').fill(editor.login);
  await dialog.getByLabel('Passwort').fill(editor.password);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
}

/** Logs the page's context in as the seeded editor and opens `at` in edit mode, sections shown (either language). */
export async function openEditorAt(page: Page, at: string) {
  await logInAs(page.context());
  await open(page, `${at}?edit`);
  await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^(Abschnitt „|Section “)/ }).first()).toBeVisible();
}

/** Saves the first headline module of `section` as `text` through its form; resolves with the text it had. */
export async function saveHeadline(page: Page, section: Locator, text: string) {
  await section.getByRole('button', { name: 'Bearbeiten: Überschrift, Modul 1' }).click();
  const form = page.getByRole('dialog', { name: 'Überschrift bearbeiten' });
  const box = form.getByRole('textbox', { name: /^Überschrift/ });
  const before = await box.inputValue();
  await box.fill(text);
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form).toBeHidden();
  await expect(section.getByRole('heading', { name: text, exact: true })).toBeVisible();
  return before;
}

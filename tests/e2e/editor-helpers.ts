/** What the in-place editor's e2e specs share: logging in through the editor's login dialogs and opening a page in edit mode. */
import type { Locator, Page } from '@playwright/test';
import { expect, open } from './fixtures';
import { editor } from './hub-helpers';

/** Logs the seeded editor in through a login dialog (the gate's prompt or the editor's after a 401). */
export async function logIn(dialog: Locator) {
  await dialog.getByLabel('E-Mail-Adresse oder Benutzername').fill(editor.login);
  await dialog.getByLabel('Passwort').fill(editor.password);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
}

/** Opens `path` in edit mode, logging in through the gate's modal when the context has no session yet. */
export async function openEditorAt(page: Page, at: string) {
  await open(page, `${at}?edit`);
  const prompt = page.getByRole('dialog', { name: 'Anmelden' });
  const toolbar = page.getByRole('region', { name: 'Editor' });
  await expect(toolbar.or(prompt)).toBeVisible();
  if (await prompt.isVisible()) await logIn(prompt);
  await expect(toolbar).toBeVisible();
  await expect(page.getByRole('group', { name: /^Abschnitt „/ }).first()).toBeVisible();
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

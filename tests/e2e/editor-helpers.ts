/**
 * What the in-place editor's e2e specs share: logging in through the editor's login dialog (for the specs that test
 * it) and opening a page in edit mode with a session made through the API.
 */
import type { APIResponse, Browser, BrowserContext, Locator, Page } from '@playwright/test';
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

/**
 * A staff call as the page's script sends it (session, a fresh CSRF header, Origin): JSON `data` for POST, or a
 * multipart form (`multipart`) for an upload.
 */
export async function staffCall(
  context: BrowserContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body: { data?: object; multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> } = {},
): Promise<APIResponse> {
  const renewed = await context.request.get('/de/api/csrf/');
  const csrf = (await context.cookies(renewed.url())).find((cookie) => cookie.name === 'csrftoken')?.value;
  expect(csrf, 'the csrftoken cookie').toBeTruthy();
  return context.request.fetch(path, { method, ...body, headers: { 'X-CSRFToken': csrf!, Origin: new URL(renewed.url()).origin } });
}

/**
 * Sets the language the logged-in account of `context` reads the editor and the hub in (ADR 061), through the same
 * call the hub's "Sprache der Redaktion" makes. The seeded accounts start in German; a spec that switches one to
 * English switches it back afterwards, so the next spec finds the default.
 */
export async function setStaffLanguage(context: BrowserContext, language: 'de' | 'en') {
  const renewed = await context.request.get('/de/api/csrf/');
  const csrf = (await context.cookies(renewed.url())).find((cookie) => cookie.name === 'csrftoken')?.value;
  expect(csrf, 'the csrftoken cookie').toBeTruthy();
  const response = await context.request.post('/de/pageeditor-api/user/language/', {
    data: { staff_language: language },
    headers: { 'X-CSRFToken': csrf!, Origin: new URL(renewed.url()).origin },
  });
  expect(response.status(), `setting the staff language: ${await response.text()}`).toBe(200);
}

/** Sets the seeded `role` account's staff language from a context of its own (the test's page stays as it is). */
export async function setStaffLanguageOf(browser: Browser, language: 'de' | 'en', role: 'editor' | 'admin' = 'editor') {
  const context = await browser.newContext();
  try {
    await logInAs(context, role);
    await setStaffLanguage(context, language);
  } finally {
    await context.close();
  }
}

import { axeOn } from './axe';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { logIn, openEditorAt, setStaffLanguageOf } from './editor-helpers';
import { consentCookie, expect, open, settled, staffAccount, test } from './fixtures';
import { wcag } from './hub-helpers';

/**
 * No lost work in the editor (ADR 032): typed text kept through Escape, a reload and an expired session;
 * a stale save resolved in the form; refusals shown where they cannot hide the controls. On /de/presse, which the
 * other editor specs leave alone; what a rerun with a kept E2E_WORKDIR finds is read at run time.
 */
const path = '/de/presse';
const releases = 'Abschnitt „presse-mitteilungen“';
const contact = 'Abschnitt „presse-kontakt“';

const section = (page: Page, name: string) => page.getByRole('group', { name });
const headlineForm = (page: Page) => page.getByRole('dialog', { name: 'Überschrift bearbeiten' });
const headlineField = (dialog: Locator) => dialog.getByRole('textbox', { name: /^Überschrift/ });
const editHeadline = (page: Page) => section(page, releases).getByRole('button', { name: 'Bearbeiten: Überschrift, Modul 1' });

/** Opens the page in edit mode as the seeded editor (logged in through the API). */
async function openEditor(page: Page) {
  await openEditorAt(page, path);
  await expect(section(page, releases)).toBeVisible();
}

/** A second editor in a browser of its own (with the cookie choice made, so the banner covers nothing). */
async function editorPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addCookies([consentCookie(baseURL)]);
  const page = await context.newPage();
  await openEditor(page);
  return { context, page };
}

/** Axe at WCAG 2.2 AA on what `selector` matches (the editor's dialogs), one line per finding. */
async function violations(page: Page, selector: string) {
  // After a reload the sections fade in (ADR 014): axe measures contrast only once nothing is mid-transition.
  await settled(page);
  const { violations: found } = await axeOn(page).withTags(wcag).include(selector).analyze();
  return found.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

const draftKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kf-editor-draft:')));

test.describe.serial('typed text is not lost', () => {
  const stamp = Date.now().toString(36);

  test('Escape asks before discarding; a reload asks first and offers the text back; a save clears it', async ({ page }) => {
    test.setTimeout(120_000);
    await openEditor(page);
    const typed = `Entwurf ${stamp}`;
    await editHeadline(page).click();
    const dialog = headlineForm(page);
    await headlineField(dialog).fill(typed);

    // Escape: the question, with the safe answer focused; answered no, the text is still there.
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Weiter bearbeiten' })).toBeFocused();
    expect(await violations(page, '[role="alertdialog"]')).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(headlineField(dialog)).toHaveValue(typed);
    await expect(headlineField(dialog)).toBeFocused();

    // The cancel button and a click beside the dialog ask the same.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await page.mouse.click(5, 300);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(headlineField(dialog)).toHaveValue(typed);
    expect(await draftKeys(page)).toHaveLength(1);

    // Leaving the page with the changed form open: the browser asks first.
    const asked = page.waitForEvent('dialog');
    await page.evaluate(() => setTimeout(() => location.reload(), 0));
    const leave = await asked;
    expect(leave.type()).toBe('beforeunload');
    await leave.accept();
    await page.waitForURL(`**${path}?edit`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(section(page, releases)).toBeVisible();

    // The module says it has unsaved changes; opened again, they are offered back, restored and saved, and the kept
    // copy is gone after the save.
    const badge = section(page, releases).getByText('Nicht gespeicherte Änderungen', { exact: true });
    await expect(badge).toBeVisible();
    expect(await violations(page, `[data-section="presse-mitteilungen"]`)).toEqual([]);
    await editHeadline(page).click();
    const offer = dialog.getByText(/^Nicht gespeicherte Änderungen vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} wiederherstellen\?$/);
    await expect(offer).toBeVisible();
    await expect(headlineField(dialog)).not.toHaveValue(typed);
    await expect(dialog.getByRole('button', { name: 'Wiederherstellen' })).toBeFocused();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Wiederherstellen' }).click();
    await expect(offer).toBeHidden();
    await expect(headlineField(dialog)).toHaveValue(typed);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByTestId('editor-save-alert')).toHaveText('Gespeichert.');
    await expect(dialog).toBeHidden();
    await expect(section(page, releases).getByRole('heading', { name: typed })).toBeVisible();
    expect(await draftKeys(page)).toEqual([]);
    await expect(badge).toHaveCount(0);

    // Unchanged, the form closes without a question and offers nothing.
    await editHeadline(page).click();
    await expect(headlineField(dialog)).toHaveValue(typed);
    await expect(dialog.getByText(/^Nicht gespeicherte Änderungen/)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(question).toHaveCount(0);
  });

  test('after the session expired, the typed text survives the login prompt (cancelled too) and saves', async ({ page, context }) => {
    test.setTimeout(90_000);
    await openEditor(page);
    const typed = `Nach Anmeldung ${stamp}`;
    await context.clearCookies({ name: 'kf_session' });
    await editHeadline(page).click();
    const dialog = headlineForm(page);
    await headlineField(dialog).fill(typed);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const login = page.getByRole('dialog', { name: 'Anmelden' });
    await expect(login).toContainText('Sitzung ist abgelaufen');
    expect(await draftKeys(page)).toHaveLength(1);

    // Cancelled: the form is still open with the text; saving again asks again.
    await login.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(login).toBeHidden();
    await expect(headlineField(dialog)).toHaveValue(typed);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(login).toBeVisible();
    await logIn(login);
    await expect(login).toBeHidden();
    await expect(page.getByTestId('editor-save-alert')).toHaveText('Gespeichert.');
    await expect(dialog).toBeHidden();
    await expect(section(page, releases).getByRole('heading', { name: typed })).toBeVisible();
    expect(await draftKeys(page)).toEqual([]);
  });

  test('a stale save offers their version and saves mine on top; a refused reorder is shown in its section', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const mine = await editorPage(browser, baseURL!);
    const theirs = await editorPage(browser, baseURL!);
    const myText = `Meine Fassung ${stamp}`;
    const theirText = `Ihre Fassung ${stamp}`;

    await editHeadline(mine.page).click();
    const myForm = headlineForm(mine.page);
    await headlineField(myForm).fill(myText);

    await editHeadline(theirs.page).click();
    await headlineField(headlineForm(theirs.page)).fill(theirText);
    await headlineForm(theirs.page).getByRole('button', { name: 'Speichern' }).click();
    await expect(headlineForm(theirs.page)).toBeHidden();

    await myForm.getByRole('button', { name: 'Speichern' }).click();
    await expect(myForm.getByRole('alert')).toContainText('Ihre Eingaben bleiben im Formular.');
    await expect(myForm.getByRole('button', { name: 'Speichern', exact: true })).toHaveCount(0);
    // No error alert over the form: the refusal is in it.
    await expect(mine.page.locator('.kfe-alert--error')).toHaveCount(0);
    await myForm.getByRole('button', { name: 'Ihre Version ansehen' }).click();
    const their = myForm.getByTestId('their-version');
    await expect(their).toContainText(theirText);
    await expect(headlineField(myForm)).toHaveValue(myText);
    expect(await violations(mine.page, '[role="dialog"]')).toEqual([]);
    await myForm.getByRole('button', { name: 'Meine Änderungen darüber speichern' }).click();
    await expect(mine.page.getByTestId('editor-save-alert')).toHaveText('Gespeichert.');
    await expect(myForm).toBeHidden();
    await expect(section(mine.page, releases).getByRole('heading', { name: myText })).toBeVisible();

    // Their page still has the section as they saved it: a reorder there is refused and says so, visibly.
    const theirSection = section(theirs.page, releases);
    const order = theirs.page.waitForResponse((response) => response.url().includes('/order/') && response.request().method() === 'POST');
    await theirSection.getByRole('button', { name: /^Nach unten: Überschrift, Modul 1$/ }).click();
    expect((await order).status()).toBe(409);
    const notice = theirSection.locator('.kfe-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Verschieben nicht gespeichert');
    // Refreshed meanwhile: their page now shows my save.
    await expect(theirSection.getByRole('heading', { name: myText })).toBeVisible();
    await mine.context.close();
    await theirs.context.close();
  });
});

test.describe('refusals are marked where they belong', () => {
  test('every empty required field is marked at once and the first takes the focus, in a module form and at login', async ({ page }) => {
    test.setTimeout(90_000);
    const editor = staffAccount('editor');
    await open(page, `${path}?edit`);
    const prompt = page.getByRole('dialog', { name: 'Anmelden' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Anmelden' }).click();
    await expect(prompt.getByLabel('E-Mail-Adresse oder Benutzername')).toHaveAttribute('aria-invalid', 'true');
    await expect(prompt.getByLabel('Passwort')).toHaveAttribute('aria-invalid', 'true');
    await expect(prompt.getByText('Bitte füllen Sie dieses Feld aus.')).toHaveCount(2);
    await expect(prompt.getByLabel('E-Mail-Adresse oder Benutzername')).toBeFocused();
    await prompt.getByLabel('E-Mail-Adresse oder Benutzername').fill(editor.login);
    await prompt.getByRole('button', { name: 'Anmelden' }).click();
    await expect(prompt.getByLabel('Passwort')).toBeFocused();
    await expect(prompt.getByText('Bitte füllen Sie dieses Feld aus.')).toHaveCount(1);
    await prompt.getByLabel('Passwort').fill(editor.password);
    await prompt.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();

    const target = section(page, contact);
    await target.getByLabel('Modultyp').first().selectOption({ label: 'Link' });
    await target.getByRole('button', { name: /^Modul hinzufügen/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Link hinzufügen' });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const linkText = dialog.getByRole('textbox', { name: /^Linktext/ });
    const link = dialog.getByRole('textbox', { name: /^Link \(Pflichtfeld\)$/ });
    for (const field of [linkText, link]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      // The link field's hint (the pickers, ADR 034) comes first in its description.
      await expect(field).toHaveAccessibleDescription(/Bitte füllen Sie dieses Feld aus\.$/);
    }
    await expect(linkText).toBeFocused();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
  });

  test('a list without items and a headline of spaces are refused, by the form and by the server', async ({ page }) => {
    test.setTimeout(90_000);
    await openEditor(page);
    const target = section(page, contact);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/modules/')) posts.push(request.url());
    });

    // The form: a FAQ without a question is marked at its list, and the add button takes the focus.
    await target.getByLabel('Modultyp').first().selectOption({ label: 'FAQ' });
    await target.getByRole('button', { name: /^Modul hinzufügen/ }).first().click();
    const faq = page.getByRole('dialog', { name: 'FAQ hinzufügen' });
    await faq.getByRole('button', { name: 'Speichern' }).click();
    await expect(faq.getByText('Bitte fügen Sie mindestens einen Eintrag hinzu.')).toBeVisible();
    const add = faq.getByRole('button', { name: 'Eintrag hinzufügen' });
    await expect(add).toBeFocused();
    await expect(add).toHaveAccessibleDescription('Bitte fügen Sie mindestens einen Eintrag hinzu.');
    expect(posts).toEqual([]);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);

    // The server: the same list emptied on the way (a stale or forged form) is a 400 shown at the list.
    await add.click();
    await faq.getByRole('textbox', { name: /^Frage/ }).fill('Gibt es Ermäßigungen?');
    await page.route('**/pageeditor-api/container/*/modules/', async (route) => {
      const body = route.request().postDataJSON() as { module: Record<string, unknown> };
      const module = body.module.type === 'faq' ? { ...body.module, items: [] } : { ...body.module, content: ' \t ' };
      await route.continue({ postData: JSON.stringify({ ...body, module }) });
    });
    let refused = page.waitForResponse((response) => response.url().includes('/modules/') && response.request().method() === 'POST');
    await faq.getByRole('button', { name: 'Speichern' }).click();
    expect((await refused).status()).toBe(400);
    await expect(faq.getByText('Mindestens 1 Eintrag.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();

    // A headline of spaces: the form says it is empty; sent anyway, the server says so too.
    await target.getByLabel('Modultyp').first().selectOption({ label: 'Überschrift' });
    await target.getByRole('button', { name: /^Modul hinzufügen/ }).first().click();
    const headline = page.getByRole('dialog', { name: 'Überschrift hinzufügen' });
    const field = headline.getByRole('textbox', { name: /^Überschrift/ });
    await field.fill('   ');
    await headline.getByRole('button', { name: 'Speichern' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    await field.fill('Nur scheinbar voll');
    refused = page.waitForResponse((response) => response.url().includes('/modules/') && response.request().method() === 'POST');
    await headline.getByRole('button', { name: 'Speichern' }).click();
    expect((await refused).status()).toBe(400);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Bitte ausfüllen.');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
    await expect(target.getByText('Nur scheinbar voll')).toHaveCount(0);
  });

  test("a server's refusal stays in the form, beside its field, and covers no button", async ({ page }) => {
    test.setTimeout(90_000);
    // Short enough that the Save button sits at the bottom of the window, where the alerts appear.
    await page.setViewportSize({ width: 1024, height: 560 });
    await openEditor(page);
    const target = section(page, contact);
    await target.getByLabel('Modultyp').first().selectOption({ label: 'Überschrift' });
    await target.getByRole('button', { name: /^Modul hinzufügen/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Überschrift hinzufügen' });
    const headline = `Nie gespeichert ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: /^Überschrift/ }).fill(headline);
    // A value the form cannot send and the server refuses (the pickers leave no free number field): the level
    // becomes 9 on the way, as a stale or forged form would send it.
    await page.route('**/pageeditor-api/container/*/modules/', async (route) => {
      const body = route.request().postDataJSON() as { module: Record<string, unknown> };
      await route.continue({ postData: JSON.stringify({ ...body, module: { ...body.module, headline_level: 9 } }) });
    });
    const level = dialog.getByLabel(/^Überschriftenebene/);
    const save = dialog.getByRole('button', { name: 'Speichern' });
    const refused = page.waitForResponse((response) => response.url().includes('/modules/') && response.request().method() === 'POST');
    await save.click();
    expect((await refused).status()).toBe(400);
    await expect(level).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('alert')).toContainText('Bitte prüfen Sie die markierten Felder.');
    await save.scrollIntoViewIfNeeded();
    const button = (await save.boundingBox())!;
    const messages = page.locator('.kfe-alert, .kfe-form__error, .form-field__error');
    let seen = 0;
    for (const message of await messages.all()) {
      if (!(await message.isVisible())) continue;
      const box = (await message.boundingBox())!;
      seen += 1;
      const apart = box.x + box.width <= button.x || button.x + button.width <= box.x || box.y + box.height <= button.y || button.y + button.height <= box.y;
      expect(apart, `${await message.innerText()} overlaps the Save button`).toBe(true);
    }
    expect(seen).toBeGreaterThan(0);
    // Nothing was written: the form closes after the question, and the section has no such headline.
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
    await expect(dialog).toBeHidden();
    await expect(target.getByText(headline)).toHaveCount(0);
  });
});

test.describe('more of the same', () => {
  // The English test below switches the editor account to English; every test here leaves it German again.
  test.afterEach(async ({ browser }) => setStaffLanguageOf(browser, 'de'));
  const stamp = `${Date.now().toString(36)}x`;

  test('a module deleted by someone else meanwhile is saved anew with my text', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const mine = await editorPage(browser, baseURL!);
    const added = `Zum Löschen ${stamp}`;
    const mySection = section(mine.page, contact);
    await mySection.getByLabel('Modultyp').first().selectOption({ label: 'Überschrift' });
    await mySection.getByRole('button', { name: /^Modul hinzufügen/ }).first().click();
    let form = mine.page.getByRole('dialog', { name: 'Überschrift hinzufügen' });
    await headlineField(form).fill(added);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form).toBeHidden();

    const theirs = await editorPage(browser, baseURL!);
    const module = (page: Page, text: string) => section(page, contact).locator('[data-module-id]', { hasText: text });
    await module(mine.page, added).getByRole('button', { name: /^Bearbeiten: / }).click();
    form = headlineForm(mine.page);
    const mineText = `Wieder da ${stamp}`;
    await headlineField(form).fill(mineText);

    await module(theirs.page, added).getByRole('button', { name: /^Löschen: / }).click();
    await theirs.page.getByRole('alertdialog', { name: 'Modul löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await expect(module(theirs.page, added)).toHaveCount(0);

    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByRole('button', { name: 'Ihre Version ansehen' }).click();
    await expect(form).toContainText('Dieses Modul wurde inzwischen gelöscht.');
    await expect(headlineField(form)).toHaveValue(mineText);
    await form.getByRole('button', { name: 'Meine Änderungen darüber speichern' }).click();
    await expect(form).toBeHidden();
    await expect(module(mine.page, mineText)).toHaveCount(1);
    await mine.context.close();
    await theirs.context.close();
  });

  test('for a staff member who chose English the questions are in English (ADR 061)', async ({ page, browser }) => {
    const editor = staffAccount('editor');
    await setStaffLanguageOf(browser, 'en');
    // The device this staff member last used the editor on remembers their language for the login dialog.
    await page.addInitScript(() => window.localStorage.setItem('kf-staff-language', 'en'));
    await open(page, '/en/press?edit');
    const prompt = page.getByRole('dialog', { name: 'Log in' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Log in' }).click();
    await expect(prompt.getByText('Please fill in this field.')).toHaveCount(2);
    await prompt.getByLabel('Email address or username').fill(editor.login);
    await prompt.getByLabel('Password').fill(editor.password);
    await prompt.getByRole('button', { name: 'Log in' }).click();
    const releasesEn = section(page, 'Section “press-releases”');
    await releasesEn.getByRole('button', { name: 'Edit: Headline, module 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Headline' });
    await dialog.getByRole('textbox', { name: /^Headline \(required\)/ }).fill(`Draft ${stamp}`);
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await releasesEn.getByRole('button', { name: 'Edit: Headline, module 1' }).click();
    // Discarded: nothing is offered back.
    await expect(dialog.getByRole('button', { name: 'Restore' })).toHaveCount(0);
  });
});

import type { Browser, Page } from '@playwright/test';
import { openEditorAt } from './editor-helpers';
import { allPublished, expect, logInAs, open, test } from './fixtures';

/**
 * Editor tasks that stopped half way (ADR 062): a version restored from its preview banner without the question,
 * the full teaser's counter at 257 characters, the link module's two addresses, `?edit` opening scrolled to the
 * bottom, a section's layout refused as out of date without a way forward, and an undo that fixed picked links to
 * paths. On /de/kontakt, /de/konzertorte and /de/ueber-uns/satzung, which no other editor spec changes; what is
 * changed is put back.
 */
const kontakt = '/de/kontakt';
const stamp = Date.now().toString(36);

const section = (page: Page, slug: string) => page.getByRole('group', { name: `Abschnitt „${slug}“` });

async function editorPage(browser: Browser, baseURL: string, at: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openEditorAt(page, at);
  return { context, page };
}

test('"Wiederherstellen" in a version\'s preview banner asks first, as the versions dialog does', async ({ page }) => {
  // A page of its own: without the question, this test's click restores the page's empty first version.
  await openEditorAt(page, '/de/ueber-uns/satzung');
  const restores: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/versions\/\d+\/restore\/$/.test(request.url())) restores.push(request.url());
  });
  await page.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'Versionen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Frühere Versionen dieser Seite' });
  // The page's first version (the seed's), as in the report: restoring it would empty what was added since.
  await dialog.getByRole('listitem').last().getByRole('button', { name: 'Vorschau', exact: true }).click();
  const banner = page.locator('.kfe-preview');
  await expect(banner).toContainText(/^Vorschau der Version vom /);
  const restore = banner.getByRole('button', { name: 'Wiederherstellen' });
  await restore.click();
  const confirm = page.getByRole('alertdialog', { name: 'Wiederherstellen' });
  await expect(confirm).toContainText(/Die Seite auf den Stand vom .* zurücksetzen\?/);
  // The safe answer is first and has the focus; answered no, nothing is restored and the preview stays.
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expect(restore).toBeFocused();
  await expect(banner).toBeVisible();
  expect(restores).toEqual([]);
  await banner.getByRole('button', { name: 'Vorschau schließen' }).click();
  await expect(banner).toBeHidden();
});

test('the full teaser says how many characters are too many before saving, and the link module takes one target', async ({ page }) => {
  await openEditorAt(page, kontakt);
  const target = section(page, 'kontakt-fragen');
  await target.getByLabel('Modultyp').selectOption({ label: 'Großer Teaser' });
  await target.getByRole('button', { name: 'Modul hinzufügen' }).click();
  const form = page.getByRole('dialog', { name: 'Großer Teaser hinzufügen' });
  const text = form.getByRole('textbox', { name: 'Text', exact: true });
  const count = form.getByTestId('character-count');
  await expect(count).toHaveAttribute('aria-live', 'polite');
  await text.fill('x'.repeat(256));
  await expect(count).toHaveText('Noch 0 Zeichen.');
  await expect(text).toHaveAttribute('aria-invalid', 'false');
  await text.fill('x'.repeat(257));
  // Said beside the field at once, before any save, and the field is marked.
  await expect(count).toHaveText('1 Zeichen zu viel (höchstens 256).');
  await expect(count).toHaveClass(/form-field__error/);
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toHaveAttribute('aria-describedby', /-count/);
  await form.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
  await expect(form).toBeHidden();

  // The link module: a typed "Link" and a fallback address beside it is refused in place, in German.
  await target.getByLabel('Modultyp').selectOption({ label: 'Link' });
  await target.getByRole('button', { name: 'Modul hinzufügen' }).click();
  const link = page.getByRole('dialog', { name: 'Link hinzufügen' });
  await link.getByRole('textbox', { name: /^Linktext/ }).fill('Weiter');
  await link.getByRole('textbox', { name: /^Link\b/ }).first().fill('https://example.org/richtig');
  const fallback = link.getByRole('textbox', { name: 'Ersatzadresse (wenn das gewählte Ziel offline ist)' });
  await expect(link.getByText(/^Nur bei einer unter „Link“ gewählten Seite oder Veranstaltung/)).toBeVisible();
  await fallback.fill('/de/impressum');
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/modules/')) saves.push(request.url());
  });
  await link.getByRole('button', { name: 'Speichern' }).click();
  await expect(fallback).toHaveAttribute('aria-invalid', 'true');
  await expect(link.getByText('Die Ersatzadresse gilt nur für eine gewählte Seite oder Veranstaltung. Bei einer eingetippten Adresse unter „Link“ bitte leer lassen.')).toBeVisible();
  expect(saves).toEqual([]);
  await link.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
  await expect(link).toBeHidden();
});

test.describe('?edit opens where the page starts', () => {
  test('the login prompt takes the focus without scrolling the page', async ({ page }) => {
    await open(page, '/de/konzertorte?edit');
    const prompt = page.getByRole('dialog', { name: 'Anmelden' });
    await expect(prompt.getByLabel('E-Mail-Adresse oder Benutzername')).toBeFocused();
    // A page long enough to scroll, so a jump would show.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('logged in, the editor opens at the top, or at the section the address names', async ({ page }) => {
    await openEditorAt(page, '/de/konzertorte');
    await expect(section(page, 'konzertorte-st-peter')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('region', { name: 'Editor' })).toBeInViewport();

    await logInAs(page.context());
    await open(page, '/de/konzertorte?edit#konzertorte-st-peter');
    await expect(section(page, 'konzertorte-st-peter')).toBeVisible();
    await expect(page.locator('#konzertorte-st-peter')).toBeInViewport();
  });
});

test('a layout refused as out of date shows the saved state and applies the change again on request', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const mine = await editorPage(browser, baseURL!, kontakt);
  const theirs = await editorPage(browser, baseURL!, kontakt);
  const layoutOf = (page: Page) => section(page, 'kontakt-fragen').getByLabel('Spaltenaufteilung');
  const original = await layoutOf(mine.page).inputValue();

  // They change the section first; my page still holds its older version.
  await layoutOf(theirs.page).selectOption({ label: '50 – 50' });
  await expect(theirs.page.getByTestId('editor-save-alert')).toHaveText('Gespeichert.');

  const refused = mine.page.waitForResponse((response) => /\/container\/\d+\/$/.test(response.url()) && response.request().method() === 'POST');
  await layoutOf(mine.page).selectOption({ label: '67 – 33' });
  expect((await refused).status()).toBe(409);
  const mySection = section(mine.page, 'kontakt-fragen');
  const notice = mySection.locator('.kfe-notice');
  await expect(notice).toContainText(/^Nicht gespeichert: .*Der Abschnitt zeigt jetzt den gespeicherten Stand\./);
  // The section shows what is saved now: their layout.
  await expect(layoutOf(mine.page)).toHaveValue('3');
  await expect(mine.page.locator('.kfe-alert--error')).toHaveCount(0);

  await notice.getByRole('button', { name: 'Meine Änderung erneut anwenden (Spaltenaufteilung: 67 – 33)' }).click();
  await expect(mine.page.getByTestId('editor-save-alert')).toHaveText('Gespeichert.');
  await expect(layoutOf(mine.page)).toHaveValue('1');
  await expect(notice).toHaveCount(0);
  await expect(mySection.getByRole('heading', { name: 'Abschnitt „kontakt-fragen“' })).toBeFocused();

  // Put back as it was.
  await layoutOf(mine.page).selectOption(original);
  await expect(mine.page.getByTestId('editor-save-alert')).toHaveText('Gespeichert.');
  await allPublished(mine.page.request);
  await mine.context.close();
  await theirs.context.close();
});

test("a section's undo keeps a picked link following its page, and a copy from it carries the reference", async ({ page }) => {
  test.setTimeout(120_000);
  await openEditorAt(page, kontakt);
  const target = section(page, 'kontakt-geschaeftsstelle');
  // The section's first column (labelled "Spalte 1", or "Spalte" alone in a one-column layout).
  const column = target.getByRole('group', { name: /^Spalte( 1)?$/ });
  const count = await column.getByRole('button', { name: /^Bearbeiten: / }).count();
  await column.getByLabel('Modultyp').selectOption({ label: 'Link' });
  await column.getByRole('button', { name: /^Modul hinzufügen/ }).click();
  const form = page.getByRole('dialog', { name: 'Link hinzufügen' });
  await form.getByRole('textbox', { name: /^Linktext/ }).fill(`Zur Satzung ${stamp}`);
  await form.getByRole('button', { name: 'Seite oder Veranstaltung wählen …' }).click();
  const picker = page.getByRole('dialog', { name: 'Link-Ziel wählen' });
  await picker.getByRole('searchbox', { name: 'Seiten filtern' }).fill('satzung');
  await picker.getByRole('button', { name: /^Seite wählen: .*\(\/de\/ueber-uns\/satzung\)$/ }).click();
  await expect(form.getByText(/^Verlinkt: Seite „.*“ \(\/de\/ueber-uns\/satzung\)$/)).toBeVisible();
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form).toBeHidden();

  // A new visit: the section's backup is taken before the next change, with the picked link in it.
  await openEditorAt(page, kontakt);
  const label = `Link, Modul ${count + 1}`;
  await column.getByRole('button', { name: `Nach oben: ${label}` }).click();
  await expect(page.getByTestId('editor-save-alert')).toContainText('Gespeichert.');
  await target.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.getByTestId('editor-save-alert')).toHaveText('Änderungen am Abschnitt rückgängig gemacht.');

  // Stored as the reference still: the address comes with it, so it follows a rename of the page.
  const read = await page.request.get('/de/api/container/by-slug/kontakt-geschaeftsstelle');
  expect(read.ok()).toBe(true);
  const modules = ((await read.json()) as { columns: { children: Record<string, unknown>[] }[] }).columns.flatMap((c) => c.children);
  const picked = modules.find((module) => module.content === `Zur Satzung ${stamp}`);
  expect(picked).toMatchObject({ link: '/de/ueber-uns/satzung', link_ref: expect.stringMatching(/^page:\d+$/) as unknown });

  // A copy of it carries the reference, not the path.
  await column.getByRole('button', { name: `Kopieren: ${label}` }).click();
  const copied = await page.evaluate(() => JSON.parse(window.localStorage.getItem('kf-editor-clipboard') ?? 'null') as { link?: string } | null);
  expect(copied?.link).toBe(picked?.link_ref);

  await column.getByRole('button', { name: `Löschen: ${label}` }).click();
  await page.getByRole('alertdialog', { name: 'Modul löschen?' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(column.getByRole('button', { name: `Bearbeiten: ${label}` })).toHaveCount(0);
  await allPublished(page.request);
});

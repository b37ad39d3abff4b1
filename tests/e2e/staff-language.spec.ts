import type { Page } from '@playwright/test';
import { setStaffLanguageOf } from './editor-helpers';
import { expect, logInAs, open, test } from './fixtures';

/**
 * Staff read their tools in their own language (ADR 061): German unless they chose English in the hub, whatever the
 * language of the page they edit. The page itself stays in its language.
 */
const toolbar = (page: Page) => page.getByRole('region', { name: 'Editor' });

test.beforeEach(async ({ browser }) => setStaffLanguageOf(browser, 'de'));
test.afterEach(async ({ browser }) => setStaffLanguageOf(browser, 'de'));

test('a German-speaking editor on an English page reads the toolbar, a module form, a picker and a refusal in German', async ({ page, context }) => {
  test.setTimeout(90_000);
  await logInAs(context);
  await open(page, '/en/press?edit');
  const bar = toolbar(page);
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('lang', 'de');
  await expect(bar).toContainText('Bearbeitungsmodus');
  await expect(bar.getByTestId('publish-status')).toContainText('Veröffentlichung:');
  await expect(bar.getByRole('button', { name: 'Versionen' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(bar).not.toContainText('Edit mode');
  // The page stays English: its own language and its content.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A module form, in German.
  const releases = page.getByRole('group', { name: 'Abschnitt „press-releases“' });
  await releases.getByRole('button', { name: 'Bearbeiten: Überschrift, Modul 1' }).click();
  const edit = page.getByRole('dialog', { name: 'Überschrift bearbeiten' });
  await expect(edit.getByRole('button', { name: 'Speichern' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // A picker, in German.
  const contact = page.getByRole('group', { name: 'Abschnitt „press-contact“' });
  await contact.getByLabel('Modultyp').first().selectOption({ label: 'Bild' });
  await contact.getByRole('button', { name: /^Modul hinzufügen/ }).first().click();
  const add = page.getByRole('dialog', { name: 'Bild hinzufügen' });
  await add.getByRole('button', { name: 'Bild auswählen' }).click();
  const picker = page.getByRole('dialog', { name: 'Bild aus der Mediathek' });
  await expect(picker.getByRole('searchbox', { name: 'Bilder suchen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();

  // A refusal, in German: a headline level the server refuses (changed on its way, as a forged form would send it).
  await releases.getByLabel('Modultyp').first().selectOption({ label: 'Überschrift' });
  await releases.getByRole('button', { name: /^Modul hinzufügen/ }).first().click();
  const headline = page.getByRole('dialog', { name: 'Überschrift hinzufügen' });
  await headline.getByRole('textbox', { name: /^Überschrift/ }).fill('Never saved');
  await page.route('**/pageeditor-api/container/*/modules/', async (route) => {
    const body = route.request().postDataJSON() as { module: Record<string, unknown> };
    await route.continue({ postData: JSON.stringify({ ...body, module: { ...body.module, headline_level: 9 } }) });
  });
  const refused = page.waitForResponse((response) => /\/modules\/$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST');
  await headline.getByRole('button', { name: 'Speichern' }).click();
  expect((await refused).status()).toBe(400);
  await expect(headline.getByLabel(/^Überschriftenebene/)).toHaveAccessibleDescription(/Die Zahl darf höchstens 6 sein\./);
  await expect(headline).not.toContainText('must be');
});

test('after choosing English in the hub, the hub and the editor on a German page speak English', async ({ page, context }) => {
  test.setTimeout(90_000);
  await logInAs(context);
  await open(page, '/cms-hub/');
  const field = page.getByLabel('Sprache der Redaktion');
  await expect(field).toHaveValue('de');
  await field.selectOption({ label: 'English' });
  const saved = page.waitForResponse((response) => response.url().endsWith('/pageeditor-api/user/language/'));
  await page.getByRole('button', { name: 'Sprache übernehmen' }).click();
  expect((await saved).status()).toBe(200);
  // The hub renders anew in English; the focus is back on the control, which says what happened.
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The editing tools now speak English.' })).toBeVisible();
  const english = page.getByLabel('Language of the editing tools');
  await expect(english).toBeFocused();
  await expect(english).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Sprache der Redaktion')).toHaveCount(0);

  // The choice is the account's: the next visit to the hub is English from the start.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();

  // The editor on a German page, in English; the page stays German.
  await open(page, '/de/faq?edit');
  const bar = toolbar(page);
  await expect(bar).toHaveAttribute('lang', 'en');
  await expect(bar).toContainText('Edit mode');
  await expect(bar.getByTestId('publish-status')).toContainText('Publishing:');
  await expect(bar.getByRole('button', { name: 'Versions' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const section = page.getByRole('group', { name: /^Section “/ }).first();
  await section.getByRole('button', { name: /^Edit: .*, module 1$/ }).first().click();
  const form = page.getByRole('dialog', { name: /^Edit / });
  await expect(form.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  // And back to German in the hub.
  await open(page, '/cms-hub/');
  await page.getByLabel('Language of the editing tools').selectOption({ label: 'Deutsch' });
  await page.getByRole('button', { name: 'Use this language' }).click();
  await expect(page.getByRole('heading', { name: 'Mein Konto' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

import type { Locator, Page } from '@playwright/test';
import { allPublished, consentCookie, expect, open, test } from './fixtures';
import { heading, violations } from './hub-helpers';

const textbox = (scope: Locator | Page, name: string) => scope.getByRole('textbox', { name, exact: true });

/** A field's own label inputs come before its choices', which carry the same names. */
async function describeField(field: Locator, { type, slug, de, en, required }: { type?: string; slug: string; de: string; en: string; required: boolean }) {
  if (type) await field.getByRole('combobox', { name: 'Art', exact: true }).selectOption({ label: type });
  await textbox(field, 'Schlüssel').fill(slug);
  await textbox(field, 'Beschriftung (Deutsch)').first().fill(de);
  await textbox(field, 'Beschriftung (Englisch)').first().fill(en);
  if (required) await field.getByRole('checkbox', { name: 'Pflichtfeld' }).check();
}

test.describe('the form builder in the hub', () => {
  test.use({ staff: 'editor' });

  test('an editor builds a form with three field types, a visitor sends it, and the entry is read and exported', async ({ page, browser, baseURL }) => {
    // Two publish runs: the new form's page, and its removal.
    test.setTimeout(420_000);
    const run = Date.now();
    const slug = `e2e-reise-${run}`;
    const title = `Konzertreise ${run}`;
    const main = page.getByRole('main');
    const field = (n: number) => main.getByRole('group', { name: new RegExp(`^Feld ${n}(:|$)`) });

    // The list, with the seeded forms and their entry counts.
    await open(page, '/cms-hub/forms');
    await expect(heading(page, 'Formulare')).toBeVisible();
    const contact = main.locator('tbody tr').filter({ has: page.getByRole('link', { name: 'Kontakt', exact: true }) });
    await expect(contact).toContainText('kontakt');
    await expect(contact.getByRole('link', { name: /^\d+ Einträge? von „Kontakt“$/ })).toHaveAttribute('href', /\/cms-hub\/form-entries\?form_id=\d+$/);
    expect(await violations(page)).toEqual([]);

    await main.getByRole('link', { name: 'Neues Formular' }).click();
    await expect(heading(page, 'Neues Formular')).toBeFocused();
    await textbox(main, 'Adresse (Slug)').fill(slug);
    await textbox(main, 'Benachrichtigung an').fill('reise@example.org');
    await textbox(main, 'Titel (Deutsch)').fill(title);
    await textbox(main, 'Titel (Englisch)').fill(`Concert trip ${run}`);
    await textbox(main, 'Einleitung (Deutsch)').fill('Fahren Sie mit uns nach Basel.');
    await textbox(main, 'Dank nach dem Absenden (Deutsch)').fill(`Danke, wir melden uns (${run}).`);
    await expect(main.getByRole('checkbox', { name: /^Online/ })).toBeChecked();

    // A text field (there from the start), an email field and a radio group, all required.
    await describeField(field(1), { slug: 'name', de: 'Name', en: 'Name', required: true });
    await main.getByRole('button', { name: 'Feld hinzufügen' }).click();
    await expect(field(2).getByRole('combobox', { name: 'Art', exact: true })).toBeFocused();
    await expect(main.getByRole('status').filter({ hasText: 'Feld 2 hinzugefügt.' })).toBeAttached();
    await describeField(field(2), { type: 'E-Mail-Adresse', slug: 'email', de: 'E-Mail-Adresse', en: 'Email address', required: true });
    await main.getByRole('button', { name: 'Feld hinzufügen' }).click();
    await describeField(field(3), { type: 'Optionsfelder (eine)', slug: 'anreise', de: 'Anreise', en: 'Travel', required: true });
    expect(await violations(page)).toEqual([]);

    // Saved without choices: the server's message shows in that field, and the focus goes to its add button.
    await main.getByRole('button', { name: 'Anlegen' }).click();
    const addChoice = field(3).getByRole('button', { name: 'Auswahl hinzufügen' });
    await expect(addChoice).toBeFocused();
    await expect(addChoice).toHaveAccessibleDescription(/Bitte mindestens eine Auswahlmöglichkeit angeben\./);
    await expect(field(3)).toContainText('Bitte mindestens eine Auswahlmöglichkeit angeben.');
    await expect(field(3)).not.toContainText('fields.');
    await expect(heading(page, 'Neues Formular')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    for (const [value, de, en] of [
      ['bus', 'Mit dem Bus', 'By coach'],
      ['bahn', 'Mit der Bahn', 'By train'],
    ]) {
      await addChoice.press('Enter');
      const choice = field(3).getByRole('group', { name: /^Auswahl \d+/ }).last();
      await expect(textbox(choice, 'Wert')).toBeFocused();
      await textbox(choice, 'Wert').fill(value);
      await textbox(choice, 'Beschriftung (Deutsch)').fill(de);
      await textbox(choice, 'Beschriftung (Englisch)').fill(en);
    }
    await expect(field(3).getByRole('group', { name: 'Auswahl 2: Mit der Bahn' })).toBeVisible();

    // Order by keyboard: the moved field keeps the focus and the status says where it is.
    await field(3).getByRole('button', { name: 'Nach oben: Feld „Anreise“' }).press('Enter');
    await expect(field(2)).toHaveAccessibleName('Feld 2: Anreise');
    await expect(main.getByRole('button', { name: 'Nach oben: Feld „Anreise“' })).toBeFocused();
    await expect(main.getByRole('status').filter({ hasText: 'Feld „Anreise“ ist jetzt an Stelle 2 von 3.' })).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('button', { name: 'Nach unten: Feld „Anreise“' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(field(3)).toHaveAccessibleName('Feld 3: Anreise');
    // Last now: "down" is off, so the focus stays on its other move button.
    await expect(main.getByRole('button', { name: 'Nach oben: Feld „Anreise“' })).toBeFocused();

    // A field added by mistake is removed after asking; the focus goes to its neighbour.
    await main.getByRole('button', { name: 'Feld hinzufügen' }).click();
    await field(4).getByRole('button', { name: 'Feld entfernen: Feld 4' }).click();
    const removeDialog = page.getByRole('alertdialog', { name: 'Feld entfernen?' });
    await expect(removeDialog).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await removeDialog.getByRole('button', { name: 'Entfernen' }).click();
    await expect(field(4)).toHaveCount(0);
    await expect(field(3).getByRole('combobox', { name: 'Art', exact: true })).toBeFocused();

    await main.getByRole('button', { name: 'Anlegen' }).click();
    await expect(heading(page, `Formular: ${title}`)).toBeVisible();
    await expect(main.getByRole('status').filter({ hasText: 'Angelegt.' })).toBeVisible();
    const formId = Number(/\/cms-hub\/forms\/(\d+)$/.exec(page.url())?.[1]);
    expect(formId).toBeGreaterThan(0);
    await expect(field(3)).toHaveAccessibleName('Feld 3: Anreise');
    await expect(field(3).getByRole('checkbox', { name: 'Pflichtfeld' })).toBeChecked();
    expect(await violations(page)).toEqual([]);

    // A visitor (a browser of their own) finds the form at /de/forms/{slug} once the save is live (its page is
    // built, ADR 042) and sends it.
    await allPublished(page.request);
    const visitorContext = await browser.newContext({ baseURL });
    await visitorContext.addCookies([consentCookie(baseURL!)]);
    const visitor = await visitorContext.newPage();
    await open(visitor, `/de/forms/${slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await visitor.getByRole('button', { name: 'Absenden' }).click();
    await expect(visitor.getByRole('textbox', { name: /^Name/ })).toBeFocused();
    await visitor.getByRole('textbox', { name: /^Name/ }).fill('Clara Wieck');
    await visitor.getByRole('textbox', { name: /^E-Mail-Adresse \(Pflichtfeld\)/ }).fill(`clara-${run}@example.org`);
    await visitor.getByRole('radio', { name: 'Mit der Bahn' }).check();
    await visitor.getByRole('button', { name: 'Absenden' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: `Danke, wir melden uns (${run}).` })).toBeVisible();
    await visitorContext.close();

    // The entry in the hub, reached from the form's page, and in its CSV export.
    await main.getByRole('link', { name: 'Einträge ansehen' }).click();
    await expect(heading(page, 'Formulareinträge')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/cms-hub/form-entries\\?form_id=${formId}$`));
    await expect(main.getByText('1 Eintrag', { exact: true })).toBeVisible();
    await expect(main.locator('tbody tr')).toContainText('Clara Wieck');
    const href = await main.getByRole('link', { name: 'CSV exportieren' }).getAttribute('href');
    expect(href).toBe(`/de/pageeditor-api/hub/form-entries/export.csv?form_id=${formId}`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    const [header, ...rows] = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    // In the hub's language: semicolons under /de (ADR 016).
    expect(header).toMatch(/"Name";"E-Mail-Adresse";("E-Mail-Adresse wiederholen";)?"Anreise"/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('"Clara Wieck"');
    expect(rows[0]).toContain(`"clara-${run}@example.org"`);
    expect(rows[0]).toContain('"Mit der Bahn"');

    // The list counts it.
    await open(page, `/cms-hub/forms?search=${slug}`);
    await expect(main.locator('tbody tr')).toHaveCount(1);
    await expect(main.locator('tbody tr')).toContainText('1 Eintrag');
    await expect(main.locator('tbody tr td').nth(1)).toHaveText('3');

    // Deleting is refused while the entry exists; the refusal is shown and the entries can go with the form.
    await main.getByRole('link', { name: title, exact: true }).click();
    await expect(heading(page, `Formular: ${title}`)).toBeVisible();
    await main.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('alertdialog', { name: 'Formular löschen?' }).getByRole('button', { name: 'Endgültig löschen' }).click();
    const cascade = page.getByRole('alertdialog', { name: 'Das Formular hat Einträge' });
    await expect(cascade).toContainText('Das Formular hat noch eine Einsendung.');
    await expect(main.getByRole('alert')).toContainText('Nicht gelöscht: Das Formular hat noch eine Einsendung.');
    expect(await violations(page)).toEqual([]);
    await cascade.getByRole('button', { name: 'Formular und den Eintrag löschen' }).click();
    await expect(heading(page, 'Formulare')).toBeVisible();
    await expect(main.getByRole('status').filter({ hasText: `„${title}“ wurde mit seinen Einträgen gelöscht.` })).toBeVisible();
    await allPublished(page.request);
    expect((await open(page, `/de/forms/${slug}`))?.status()).toBe(404);
    await expect(page.getByText('Die gesuchte Seite wurde nicht gefunden.')).toBeVisible();
  });
});

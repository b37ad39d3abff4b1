import type { Page } from '@playwright/test';
import type { ExchangeEvent } from '../../contract/schemas/exchange';
import { expect, logInAs, open, test } from './fixtures';
import { heading, violations } from './hub-helpers';

/** An upcoming event taking ads with a category of at least 40 €. */
async function eventTakingAds(page: Page) {
  const response = await page.request.get('/de/api/exchange/events/');
  expect(response.status()).toBe(200);
  const events = (await response.json()) as ExchangeEvent[];
  const event = events.find((entry) => entry.price_categories.some((category) => category.amount_cents >= 4000));
  expect(event, 'an upcoming event with a category of 40 € or more').toBeDefined();
  return { event: event!, category: event!.price_categories.find((entry) => entry.amount_cents >= 4000)! };
}

test.describe('the hub sections of the ticket exchange, form entries and newsletter', () => {
  test('an ad left unconfirmed is approved in the hub and then listed on the site', async ({ page }) => {
    const run = `hub-${Date.now()}`;
    const email = `boerse-${run}@example.org`;
    const note = `Reihe 3, Platz 5 (${run})`;
    const { event, category } = await eventTakingAds(page);

    // A visitor places the ad and never clicks the mailed link.
    await open(page, '/de/kartenboerse/anzeige-schalten');
    await page.getByRole('combobox', { name: /^Konzert/ }).selectOption(String(event.id));
    await page.getByLabel(/^Anzahl Karten/).fill('1');
    await page.getByLabel(/^Kategorie/).selectOption(String(category.index));
    await page.getByLabel(/^Preis je Karte/).fill('40');
    await page.getByLabel(/^Nachricht/).fill(note);
    await page.getByLabel(/^Ihr Name/).fill('Fanny Hensel');
    await page.getByLabel(/^Ihre E-Mail-Adresse/).fill(email);
    await page.getByLabel(/Ich bin einverstanden/).check();
    await page.getByRole('button', { name: 'Anzeige absenden' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Fast geschafft/ })).toBeVisible();
    await open(page, `/de/kartenboerse?event=${event.id}`);
    await expect(page.locator('.event-list__status')).not.toHaveText(/…/);
    await expect(page.locator('.ad-card').filter({ hasText: note })).toHaveCount(0);

    // Unconfirmed ads are the list's default view.
    await logInAs(page.context());
    await open(page, `/cms-hub/ticket-ads?search=${encodeURIComponent(email)}`);
    await expect(heading(page, 'Kartenbörse')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByLabel('Status', { exact: true })).toHaveValue('pending');
    await expect(main.getByText('1 Eintrag', { exact: true })).toBeVisible();
    const row = main.locator('tbody tr').filter({ hasText: 'Fanny Hensel' });
    await expect(row).toContainText('Unbestätigt');
    await expect(row).toContainText('40,00');
    await expect(row.getByRole('link', { name: event.title })).toHaveAttribute('href', new RegExp(`/cms-hub/events/${event.id}$`));
    expect(await violations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Freigeben/ }).click();
    await expect(main.getByRole('status').filter({ hasText: /^Anzeige \d+ ist freigegeben\.$/ })).toBeVisible();
    // No longer pending: gone from the default view, shown as confirmed under "Alle".
    await expect(main.getByText('0 Einträge', { exact: true })).toBeVisible();
    await main.getByLabel('Status', { exact: true }).selectOption('all');
    await main.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/status=all/);
    const confirmed = main.locator('tbody tr').filter({ hasText: 'Fanny Hensel' });
    await expect(confirmed).toContainText('Bestätigt');
    await expect(confirmed.getByRole('button', { name: /^Freigeben/ })).toHaveCount(0);

    // The ad's own page: the placer's contact, no token.
    await confirmed.getByRole('link', { name: /^Anzeige \d+: Fanny Hensel$/ }).click();
    await expect(heading(page, /^Anzeige \d+$/)).toBeFocused();
    const adPage = new URL(page.url()).pathname;
    const detail = (label: string) => main.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(detail('Status')).toHaveText('Bestätigt');
    await expect(main).toContainText(email);
    await expect(main).toContainText(note);
    await expect(main).not.toContainText(/token/i);
    expect(await violations(page)).toEqual([]);

    // On the site at once (the exchange list is read live).
    await open(page, `/de/kartenboerse?event=${event.id}`);
    await expect(page.locator('.ad-card').filter({ hasText: note })).toBeVisible();

    // Withdrawn again from the hub, so later runs find no live ad of this test; it leaves the site.
    await open(page, adPage);
    await expect(heading(page, /^Anzeige \d+$/)).toBeVisible();
    // A second tab still shows the ad as confirmed.
    const stale = await page.context().newPage();
    await open(stale, adPage);
    await expect(stale.getByRole('button', { name: /^Zurückziehen/ })).toBeVisible();
    await main.getByRole('button', { name: /^Zurückziehen/ }).click();
    await expect(main.getByRole('status').filter({ hasText: /ist zurückgezogen\.$/ })).toBeVisible();
    await expect(detail('Status')).toHaveText('Zurückgezogen');
    // There the server refuses (409) and says why.
    await stale.getByRole('button', { name: /^Zurückziehen/ }).click();
    await expect(stale.getByRole('alert')).toHaveText('Nicht möglich: Das geht in diesem Status nicht mehr. Bitte die Seite neu laden.');
    await stale.close();
    await open(page, `/de/kartenboerse?event=${event.id}`);
    await expect(page.locator('.event-list__status')).not.toHaveText(/…/);
    await expect(page.locator('.ad-card').filter({ hasText: note })).toHaveCount(0);
  });

  test('a contact form entry is read beside its labels, exported as CSV and deleted after asking', async ({ page }) => {
    const marker = `e2e-hub-entry-${Date.now()}`;
    await open(page, '/de/forms/kontakt');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Robert Schumann');
    await page.getByRole('textbox', { name: /^E-Mail-Adresse \(Pflichtfeld\)/ }).fill(`${marker}@example.org`);
    await page.getByRole('textbox', { name: /^E-Mail-Adresse wiederholen/ }).fill(`${marker}@example.org`);
    await page.getByRole('combobox', { name: /^Worum geht es\?/ }).selectOption({ label: 'Karten und Kartenbörse' });
    await page.getByRole('textbox', { name: /^Ihre Nachricht/ }).fill(`Gibt es noch Karten? (${marker})`);
    await page.getByRole('checkbox', { name: /Ich habe die Datenschutzerklärung gelesen/ }).check();
    await page.getByRole('button', { name: 'Absenden' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Vielen Dank für Ihre Nachricht!/ })).toBeVisible();

    await logInAs(page.context());
    await open(page, '/cms-hub/form-entries');
    await expect(heading(page, 'Formulareinträge')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Für den CSV-Export wählen Sie ein Formular.')).toBeVisible();
    await main.getByLabel('Formular', { exact: true }).selectOption({ label: 'Kontakt' });
    await main.getByLabel('Suche', { exact: true }).fill(marker);
    await main.getByRole('button', { name: 'Anwenden' }).click();
    await expect(main.getByText('1 Eintrag', { exact: true })).toBeVisible();
    const row = main.locator('tbody tr');
    await expect(row).toContainText('Robert Schumann');
    expect(await violations(page)).toEqual([]);

    // The export link carries the form; fetched with the logged-in context's cookie.
    const link = main.getByRole('link', { name: 'CSV exportieren' });
    await expect(link).toHaveAttribute('download', '');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/de\/pageeditor-api\/hub\/form-entries\/export\.csv\?form_id=\d+$/);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const text = await csv.text();
    const [header] = text.split('\r\n');
    // German spreadsheets: semicolons and Berlin times (ADR 016).
    expect(header.replace(/^\uFEFF/, '')).toMatch(/^"Nr\.";"Eingegangen";"Sprache";/);
    expect(header).toContain('"Ihre Nachricht"');
    expect(text).toContain(`Gibt es noch Karten? (${marker})`);
    // Without the session the export is refused.
    const anonymous = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
    expect((await anonymous.request.get(href!)).status()).toBe(401);
    await anonymous.close();

    // The entry's page: each value beside its label.
    await row.getByRole('link').click();
    await expect(heading(page, /^Kontakt: Eintrag \d+$/)).toBeFocused();
    const values = main.locator('dl').nth(1);
    const valueOf = (label: RegExp) => values.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(valueOf(/^Name/)).toHaveText('Robert Schumann');
    await expect(valueOf(/^Ihre Nachricht/)).toHaveText(`Gibt es noch Karten? (${marker})`);
    expect(await violations(page)).toEqual([]);

    // Deleting asks first; cancelling keeps it, confirming removes it.
    await main.getByRole('button', { name: 'Löschen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Eintrag löschen?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await main.getByRole('button', { name: 'Löschen' }).click();
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(heading(page, 'Formulareinträge')).toBeVisible();
    await expect(main.getByRole('status').filter({ hasText: /^Eintrag \d+ wurde gelöscht\.$/ })).toBeVisible();
    await main.getByLabel('Suche', { exact: true }).fill(marker);
    await main.getByRole('button', { name: 'Anwenden' }).click();
    await expect(main.getByText('0 Einträge', { exact: true })).toBeVisible();
  });

  test('the newsletter list filters, exports the proof of consent and passes axe', async ({ page }) => {
    await logInAs(page.context());
    await open(page, '/cms-hub/newsletter');
    await expect(heading(page, 'Newsletter')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(/^\d+ Abonnent(en)?$/)).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await main.getByLabel('Status', { exact: true }).selectOption('confirmed');
    await main.getByLabel('Sprache', { exact: true }).selectOption('de');
    await main.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/\/cms-hub\/newsletter\?status=confirmed&locale=de$/);
    await expect(main.getByText(/^\d+ Abonnent(en)?$/)).toBeVisible();
    const link = main.getByRole('link', { name: 'Export mit Einwilligungsnachweis' });
    await expect(link).toHaveAttribute('href', '/de/pageeditor-api/hub/newsletter/export.csv?status=confirmed');
    const csv = await page.request.get((await link.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toContain('"Fassung des Einwilligungstexts"');
    expect(await violations(page)).toEqual([]);
  });

  test("the editor toolbar's admin link of an event page opens that event's change page in the hub", async ({ page }) => {
    const { event } = await eventTakingAds(page);
    await logInAs(page.context());
    await open(page, `${event.url}?edit`);
    const toolbar = page.getByRole('region', { name: 'Editor' });
    const adminLink = toolbar.getByRole('link', { name: 'Im Verwaltungsbereich öffnen' });
    await expect(adminLink).toHaveAttribute('href', `/cms-hub/events/${event.id}`);
    await adminLink.click();
    await expect(page).toHaveURL(new RegExp(`/cms-hub/events/${event.id}$`));
    await expect(heading(page, `Veranstaltung: ${event.title}`)).toBeVisible();
  });
});

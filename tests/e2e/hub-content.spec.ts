import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';
import { field, heading, violations } from './hub-helpers';

test.describe('the hub sections of categories, venues, subscriptions and articles', () => {
  test.use({ staff: 'editor' });

  test('a category is created (a taken slug refused beside its input), renamed and deleted after asking', async ({ page }) => {
    const run = Date.now().toString(36);
    await open(page, '/cms-hub/categories');
    await expect(heading(page, 'Kategorien')).toBeVisible();
    await expect(main(page).getByText(/^\d+ Kategorien$/)).toBeVisible();
    await expect(main(page).getByRole('table', { name: /^Kategorien, Seite 1 von 1$/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await main(page).getByRole('link', { name: 'Neu anlegen' }).click();
    await expect(heading(page, 'Neue Kategorie')).toBeFocused();
    expect(await violations(page)).toEqual([]);
    await field(page, 'Name (Deutsch)').fill(`E2E-Kategorie ${run}`);
    await field(page, 'Name (Englisch)').fill(`E2E category ${run}`);
    await expect(field(page, 'Name (Englisch)')).toHaveAttribute('lang', 'en');
    // The seeded reviews' German address is taken: the server's message shows beside that input, which gets the focus.
    const slugDe = field(page, 'Adresse (Slug) (Deutsch)');
    await slugDe.fill('konzertberichte');
    await field(page, 'Adresse (Slug) (Englisch)').fill(`e2e-category-${run}`);
    await main(page).getByRole('button', { name: 'Anlegen' }).click();
    await expect(slugDe).toHaveAttribute('aria-invalid', 'true');
    await expect(slugDe).toBeFocused();
    await expect(slugDe).toHaveAccessibleDescription(/Dieser Kurzname ist schon vergeben\. Bitte einen anderen wählen\./);
    expect(await violations(page)).toEqual([]);

    await slugDe.fill(`e2e-kategorie-${run}`);
    await expect(slugDe).toHaveAccessibleDescription(new RegExp(`Öffentliche Adresse: /de/magazin/e2e-kategorie-${run}$`));
    await main(page).getByRole('button', { name: 'Anlegen' }).click();
    await expect(heading(page, `Kategorie: E2E-Kategorie ${run}`)).toBeVisible();
    await expect(main(page).getByRole('status').filter({ hasText: 'Die Kategorie ist angelegt.' })).toBeVisible();
    const recordPath = new URL(page.url()).pathname;
    expect(recordPath).toMatch(/^\/cms-hub\/categories\/\d+$/);
    expect(await violations(page)).toEqual([]);

    // Renamed: saved, and still so after a reload.
    await field(page, 'Name (Deutsch)').fill(`E2E-Umbenannt ${run}`);
    await main(page).getByRole('button', { name: 'Speichern' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    await expect(heading(page, `Kategorie: E2E-Umbenannt ${run}`)).toBeVisible();
    await open(page, recordPath);
    await expect(field(page, 'Name (Deutsch)')).toHaveValue(`E2E-Umbenannt ${run}`);

    // Deleting asks first; cancelling keeps it, confirming removes it.
    await main(page).getByRole('button', { name: 'Löschen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Kategorie löschen?' });
    await expect(dialog).toContainText(`„E2E-Umbenannt ${run}“ wird gelöscht.`);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await main(page).getByRole('button', { name: 'Löschen' }).click();
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(heading(page, 'Kategorien')).toBeVisible();
    await expect(main(page).getByRole('status').filter({ hasText: `„E2E-Umbenannt ${run}“ wurde gelöscht.` })).toBeVisible();
    await main(page).getByLabel('Suche', { exact: true }).fill(run);
    await main(page).getByRole('button', { name: 'Anwenden' }).click();
    await expect(main(page).getByText('0 Kategorien', { exact: true })).toBeVisible();
  });

  test('a category that still has articles is not deleted, and the refusal says so in German with their count', async ({ page }) => {
    await open(page, '/cms-hub/categories?search=konzertberichte');
    await expect(main(page).getByText('1 Kategorie', { exact: true })).toBeVisible();
    await main(page).getByRole('link', { name: 'Konzertberichte' }).click();
    await expect(heading(page, 'Kategorie: Konzertberichte')).toBeFocused();
    await main(page).getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('alertdialog', { name: 'Kategorie löschen?' }).getByRole('button', { name: 'Endgültig löschen' }).click();
    const refusal = main(page).getByRole('alert');
    await expect(refusal).toHaveText(/^Nicht gelöscht: Diese Kategorie enthält noch \d+ Artikel\. Bitte die Artikel zuerst einer anderen Kategorie zuordnen oder löschen\.$/);
    // The count is this category's articles.
    const id = Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    const listed = await page.request.get(`/de/pageeditor-api/hub/articles/?category_id=${id}&page_size=100`);
    const articles = ((await listed.json()) as { results: { id: number }[] }).results.map((article) => article.id).sort((a, b) => a - b);
    expect(articles.length).toBeGreaterThan(1);
    await expect(refusal).toContainText(`enthält noch ${articles.length} Artikel.`);
    await expect(heading(page, 'Kategorie: Konzertberichte')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('a new venue is offered in the event form’s venue select', async ({ page }) => {
    const run = Date.now().toString(36);
    await open(page, '/cms-hub/venues');
    await expect(heading(page, 'Spielstätten')).toBeVisible();
    await expect(main(page).getByText(/^\d+ Spielstätten?$/)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await main(page).getByRole('link', { name: 'Neu anlegen' }).click();
    await expect(heading(page, 'Neue Spielstätte')).toBeFocused();
    expect(await violations(page)).toEqual([]);
    // Spaces only are refused before anything is sent, and the focus goes to the input. Sent with Enter from a later
    // input: a click would land beside the button, which the message appearing on blur moves down.
    await field(page, 'Name (Deutsch)').fill('   ');
    await field(page, 'Ort').press('Enter');
    await expect(field(page, 'Name (Deutsch)')).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    await expect(field(page, 'Name (Deutsch)')).toBeFocused();
    await field(page, 'Name (Deutsch)').fill(`E2E-Saal ${run}`);
    await field(page, 'Name (Englisch)').fill(`E2E hall ${run}`);
    await field(page, 'Adresse').fill('Am Markt 1');
    await field(page, 'Ort').fill('Bergstadt');
    await main(page).getByRole('button', { name: 'Anlegen' }).click();
    await expect(heading(page, `Spielstätte: E2E-Saal ${run}`)).toBeVisible();
    await expect(main(page).getByRole('status').filter({ hasText: 'Die Spielstätte ist angelegt.' })).toBeVisible();
    const venuePath = new URL(page.url()).pathname;
    expect(await violations(page)).toEqual([]);

    await open(page, '/cms-hub/events/new');
    const select = page.getByLabel('Spielort');
    await expect(select).toBeEnabled();
    await expect(select.locator('option', { hasText: `E2E-Saal ${run} (Bergstadt)` })).toHaveCount(1);

    // Taken away again, so the other specs find the venues they were seeded with.
    await open(page, venuePath);
    await main(page).getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('alertdialog', { name: 'Spielstätte löschen?' }).getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(heading(page, 'Spielstätten')).toBeVisible();
    await expect(main(page).getByRole('status').filter({ hasText: `„E2E-Saal ${run}“ wurde gelöscht.` })).toBeVisible();
  });

  test('an article’s title is changed in the hub and saved; lists filter by category and pass axe', async ({ page }) => {
    await open(page, '/cms-hub/articles');
    await expect(heading(page, 'Artikel')).toBeVisible();
    await expect(main(page).getByText(/^\d+ Artikel$/)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await main(page).getByLabel('Kategorie', { exact: true }).selectOption({ label: 'Konzertberichte' });
    await main(page).getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/\/cms-hub\/articles\?category_id=\d+$/);
    const rows = main(page).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(rows.locator('td:nth-child(3)')).toHaveText(Array(await rows.count()).fill('Konzertberichte'));

    await rows.first().getByRole('link').click();
    await expect(heading(page, /^Artikel: /)).toBeFocused();
    const articlePath = new URL(page.url()).pathname;
    const id = /\/(\d+)$/.exec(articlePath)![1];
    const title = field(page, 'Titel (Deutsch)');
    const original = await title.inputValue();
    const slug = await field(page, 'Adresse (Slug) (Deutsch)').inputValue();
    await expect(field(page, 'Adresse (Slug) (Deutsch)')).toHaveAccessibleDescription(new RegExp(`Öffentliche Adresse: /de/magazin/${slug}/${id}$`));
    await expect(field(page, 'Kategorie')).toHaveValue(/^\d+$/);
    expect(await violations(page)).toEqual([]);

    try {
      await title.fill(`${original} (geändert)`);
      await main(page).getByRole('button', { name: 'Speichern' }).click();
      await expect(main(page).getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
      await expect(heading(page, `Artikel: ${original} (geändert)`)).toBeVisible();
      const stored = await page.request.get(`/de/pageeditor-api/hub/articles/${id}/`);
      expect(((await stored.json()) as { title: { de: string } }).title.de).toBe(`${original} (geändert)`);
      await open(page, articlePath);
      await expect(title).toHaveValue(`${original} (geändert)`);
    } finally {
      // The magazine's specs read the seeded titles.
      await title.fill(original);
      await main(page).getByRole('button', { name: 'Speichern' }).click();
      await expect(main(page).getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    }

    await open(page, '/cms-hub/articles/new');
    await expect(heading(page, 'Neuer Artikel')).toBeVisible();
    await expect(field(page, 'Kategorie')).toBeEnabled();
    expect(await violations(page)).toEqual([]);
  });

  test('the subscriptions list filters by season, and its new and change pages pass axe', async ({ page }) => {
    await open(page, '/cms-hub/subscriptions');
    await expect(heading(page, 'Abonnements')).toBeVisible();
    await expect(main(page).getByText(/^\d+ Abonnements?$/)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    const season = main(page).getByLabel('Saison', { exact: true });
    const seasons = await season.locator('option').allTextContents();
    expect(seasons.length).toBeGreaterThan(1);
    await season.selectOption(seasons[1]);
    await main(page).getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(new RegExp(`season=${encodeURIComponent(seasons[1])}`));
    const rows = main(page).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(rows.locator('td:nth-child(2)')).toHaveText(Array(await rows.count()).fill(seasons[1]));

    await rows.first().getByRole('link').click();
    await expect(heading(page, /^Abonnement: /)).toBeFocused();
    await expect(field(page, 'Saison')).toHaveValue(seasons[1]);
    await expect(main(page).getByRole('list', { name: 'Veranstaltungen (in Reihenfolge): gewählte Veranstaltungen' }).getByRole('listitem').first()).toBeVisible();
    await expect(main(page).getByRole('group', { name: 'Preiskategorie 1' })).toBeVisible();
    await expect(field(page, 'Preis in Euro').first()).toHaveValue(/^\d+(,\d\d)?$/);
    expect(await violations(page)).toEqual([]);

    await open(page, '/cms-hub/subscriptions/new');
    await expect(heading(page, 'Neues Abonnement')).toBeVisible();
    // A season the server refuses shows its message beside the input.
    await field(page, 'Titel (Deutsch)').fill('Probe');
    await field(page, 'Titel (Englisch)').fill('Probe');
    await field(page, 'Adresse (Slug) (Deutsch)').fill('probe');
    await field(page, 'Adresse (Slug) (Englisch)').fill('probe');
    await field(page, 'Saison').fill('2026/28');
    // A price category added, its amount checked before sending.
    await main(page).getByRole('button', { name: 'Preiskategorie hinzufügen' }).click();
    const price = main(page).getByRole('group', { name: 'Preiskategorie 1' });
    await price.getByLabel(/^Bezeichnung \(Deutsch\)/).fill('Kategorie A');
    await price.getByLabel(/^Bezeichnung \(Englisch\)/).fill('Category A');
    await price.getByLabel(/^Preis in Euro/).fill('45 Euro');
    await field(page, 'Saison').press('Enter');
    await expect(price.getByLabel(/^Preis in Euro/)).toHaveAccessibleDescription(/Bitte einen Betrag in Euro eingeben/);
    await expect(price.getByLabel(/^Preis in Euro/)).toBeFocused();
    await price.getByLabel(/^Preis in Euro/).fill('45,50');
    await main(page).getByRole('button', { name: 'Anlegen' }).click();
    await expect(field(page, 'Saison')).toHaveAccessibleDescription(/Bitte die Saison wie 2026\/27 angeben\.$/);
    await expect(heading(page, 'Neues Abonnement')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

const main = (page: Page) => page.getByRole('main');

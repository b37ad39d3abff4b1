import { expect, logInAs, open, test } from './fixtures';
import { heading, logInThroughForm, violations } from './hub-helpers';

test.describe('the staff hub', () => {
  test('a visitor downloads no hub code', async ({ page, requests }) => {
    await open(page, '/de/programm');
    await page.waitForLoadState('networkidle');
    type Stats = { namedChunkGroups: Record<string, { assets: { name: string }[] }> };
    const stats = (await (await page.request.get('/webpack.stats.json')).json()) as Stats;
    const files = (group: string) => (stats.namedChunkGroups[group]?.assets ?? []).map((asset) => asset.name);
    const visitorFiles = new Set([...files('app'), ...files('component---src-templates-events-page-tsx')]);
    const hubFiles = files('hub').filter((name) => !visitorFiles.has(name));
    expect(hubFiles.length).toBeGreaterThan(0);
    expect(requests.filter((url) => hubFiles.some((name) => url.pathname.endsWith(name))).map(String)).toEqual([]);
    // Nor the hub page's own shell.
    const shell = Object.keys(stats.namedChunkGroups)
      .filter((group) => group.startsWith('component---src-templates-hub-page'))
      .flatMap(files)
      .filter((name) => !visitorFiles.has(name));
    expect(shell.length).toBeGreaterThan(0);
    expect(requests.filter((url) => shell.some((name) => url.pathname.endsWith(name))).map(String)).toEqual([]);
  });

  test('staff log in at /cms-hub and see the dashboard in the hub layout', async ({ page }) => {
    await open(page, '/cms-hub');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(heading(page, 'Anmelden')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await logInThroughForm(page);
    await expect(heading(page, 'Übersicht')).toBeVisible();
    await expect(heading(page, 'Übersicht')).toBeFocused();
    await expect(page.getByRole('banner')).toContainText('Angemeldet als');
    const nav = page.getByRole('navigation', { name: 'Bereiche' });
    await expect(nav.getByRole('link', { name: 'Veranstaltungen' })).toHaveAttribute('href', '/cms-hub/events');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Letzte Änderungen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Newsletter' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await violations(page)).toEqual([]);

    // Moving to a section puts the focus on its heading.
    await nav.getByRole('link', { name: 'Formulare', exact: true }).click();
    await expect(heading(page, 'Formulare')).toBeFocused();

    // Logging out brings the form back.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(heading(page, 'Anmelden')).toBeVisible();
  });

  test('the events list searches and pages on the server', async ({ page }) => {
    await logInAs(page.context());
    await open(page, '/cms-hub/events');
    await expect(heading(page, 'Veranstaltungen')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(/^Seite 1 von \d+$/)).toBeVisible();
    const rows = main.locator('tbody tr');
    await expect(rows).toHaveCount(20);
    const firstOfPageOne = await rows.first().textContent();
    expect(await violations(page)).toEqual([]);

    await main.getByRole('link', { name: 'Nächste Seite' }).click();
    await expect(page).toHaveURL(/\/cms-hub\/events\?page=2$/);
    await expect(main.getByText(/^Seite 2 von \d+$/)).toBeVisible();
    await expect(rows.first()).not.toHaveText(firstOfPageOne ?? '');
    await main.getByRole('link', { name: 'Vorherige Seite' }).click();
    await expect(main.getByText(/^Seite 1 von \d+$/)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Suche', exact: true }).fill('Mahlers');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/search=Mahlers/);
    await expect(main.getByRole('status').filter({ hasText: /Veranstaltung/ })).toHaveText(/^[1-9]\d* Veranstaltung(en)?$/);
    const titles = await main.locator('tbody th').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain('Mahlers Fünfte');

    // Sorted by start, earliest first: the start dates ascend.
    await page.getByLabel('Sortierung').selectOption('start_at');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/ordering=start_at/);
    await expect(main.locator('tbody tr')).toHaveCount(titles.length);
  });

  test('an event is changed and stored; an empty start is refused beside its field, in German', async ({ page }) => {
    await logInAs(page.context());
    await open(page, '/cms-hub/events?search=Mahlers');
    await page.getByRole('main').locator('tbody th a').first().click();
    await expect(heading(page, /^Veranstaltung: Mahlers Fünfte$/)).toBeFocused();
    const address = page.url();
    expect(await violations(page)).toEqual([]);

    const subtitle = page.getByLabel(/^Untertitel \(Deutsch\)/);
    const text = `Vom Trauermarsch zum Jubel (${Date.now()})`;
    await subtitle.fill(text);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^Untertitel \(Deutsch\)/)).toHaveValue(text);
    expect(page.url()).toBe(address);

    // The start is a date-and-time input in Berlin time (ADR 038): no impossible date can be typed, an empty one
    // is refused beside the input.
    const start = page.getByLabel(/^Beginn/);
    await start.fill('');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(start).toHaveAccessibleDescription(/Bitte füllen Sie dieses Feld aus\./);
    await expect(start).not.toHaveAccessibleDescription(/start_at/);
    await expect(start).toBeFocused();
    expect(await violations(page)).toEqual([]);
  });

  test('a new event is created, and deleting it asks first (Escape cancels)', async ({ page }) => {
    await logInAs(page.context());
    await open(page, '/cms-hub/events/new');
    await expect(heading(page, 'Neue Veranstaltung')).toBeVisible();
    const stamp = Date.now();
    await page.getByLabel(/^Titel \(Deutsch\)/).fill(`Probe ${stamp}`);
    await page.getByLabel(/^Titel \(Englisch\)/).fill(`Rehearsal ${stamp}`);
    await page.getByLabel(/^Adresse \(Slug\) \(Deutsch\)/).fill(`probe-${stamp}`);
    await page.getByLabel(/^Adresse \(Slug\) \(Englisch\)/).fill(`rehearsal-${stamp}`);
    await page.getByLabel(/^Beginn/).fill('2027-01-15T19:30');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(heading(page, `Veranstaltung: Probe ${stamp}`)).toBeVisible();
    await expect(page).toHaveURL(/\/cms-hub\/events\/\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Angelegt.' })).toBeVisible();

    const remove = page.getByRole('button', { name: 'Löschen' });
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'Veranstaltung löschen?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();

    await remove.click();
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(heading(page, 'Veranstaltungen')).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`„Probe ${stamp}“ wurde gelöscht.`);
  });
});

/**
 * Hub screens that tell staff what they are looking at (ADR 060): the dashboard's recent changes name the record
 * changed, and an event's delete question names the subscriptions the delete takes it out of.
 */
import { apiJson, expect, open, test } from './fixtures';
import { heading, violations } from './hub-helpers';

test.describe('the hub as an editor', () => {
  test.use({ staff: 'editor' });

  test('the dashboard’s recent changes name each record by kind and title and link to those that exist', async ({ page }) => {
    await open(page, '/cms-hub');
    const card = page.getByRole('region', { name: 'Letzte Änderungen' });
    const what = card.getByRole('row').locator('td:first-child');
    await expect(what.first()).toBeVisible();
    const labels = await what.allInnerTexts();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).not.toMatch(/#|^\d+$/);
    expect(labels.some((label) => /„.+“/.test(label))).toBe(true);
    const links = card.getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    const href = (await links.first().getAttribute('href'))!;
    expect(href).toMatch(/^\/cms-hub\/[a-z-]+\/\d+$/);
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Wird geladen' })).toHaveCount(0);
    await expect(heading(page, /.+/)).toBeVisible();
    await expect(heading(page, 'Nicht gefunden')).toHaveCount(0);
  });

  test('an event’s delete question names the subscriptions that list it; cancelling keeps everything', async ({ page }) => {
    const series = await apiJson<{ results: { id: number; title_de: string }[] }>(page.request, '/de/pageeditor-api/hub/subscriptions/?page_size=100');
    const records = await Promise.all(
      series.results.map((row) => apiJson<{ id: number; title: { de: string }; event_ids: number[] }>(page.request, `/de/pageeditor-api/hub/subscriptions/${row.id}/`)),
    );
    const event = records.find((record) => record.event_ids.length)!.event_ids[0]!;
    const listing = records.filter((record) => record.event_ids.includes(event)).map((record) => record.title.de);
    expect(listing.length).toBeGreaterThan(0);

    await open(page, `/cms-hub/events/${event}`);
    await expect(heading(page, /.+/)).toBeVisible();
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Veranstaltung löschen?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(listing.length === 1 ? 'Sie wird damit auch aus diesem Abonnement entfernt:' : `Sie wird damit auch aus diesen ${listing.length} Abonnements entfernt:`)).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText(listing);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    const after = await apiJson<{ results: { id: number }[] }>(page.request, `/de/pageeditor-api/hub/events/${event}/subscriptions/`);
    expect(after.results).toHaveLength(listing.length);
  });
});

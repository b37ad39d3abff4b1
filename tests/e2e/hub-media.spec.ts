import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, open, test } from './fixtures';
import { heading, violations } from './hub-helpers';

/** A real PNG of this size, drawn here. */
const png = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** The image arrived from the media route (a broken one has no natural width). */
const loaded = (image: Locator) => expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);

test.describe('the hub media section', () => {
  test.use({ staff: 'editor' });

  test('an editor uploads an image with alt text and copyright, finds it in the list and replaces its file', async ({ page }) => {
    const run = Date.now();
    const alt = `Notenpult im Gegenlicht ${run}`;

    await open(page, '/cms-hub/media');
    await expect(heading(page, 'Medien')).toBeVisible();
    await expect(page.getByRole('table', { name: /Bilder der Mediathek/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Bild hochladen' }).click();
    await expect(heading(page, 'Bild hochladen')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Nothing chosen: the messages stand beside their fields and the focus goes to the first.
    await page.getByRole('button', { name: 'Bild hochladen' }).click();
    const fileInput = page.getByLabel(/^Bilddatei/);
    await expect(fileInput).toHaveAttribute('aria-invalid', 'true');
    await expect(fileInput).toBeFocused();
    await expect(page.getByText('Bitte wählen Sie eine Bilddatei aus.')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await fileInput.setInputFiles({ name: 'notenpult.png', mimeType: 'image/png', buffer: await png(120, 80, { r: 30, g: 90, b: 160 }) });
    await page.getByLabel(/^Alternativtext \(Deutsch\)/).fill(alt);
    await page.getByLabel(/^Alternativtext \(Englisch\)/).fill(`Music stand against the light ${run}`);
    await page.getByLabel(/^Copyright/).fill('© Foto: E2E');
    await page.getByRole('button', { name: 'Bild hochladen' }).click();

    // The new record opens.
    await expect(heading(page, `Bild: ${alt}`)).toBeVisible();
    await expect(page.getByTestId('media-size')).toHaveText('120 × 80 Pixel');
    await expect(page.getByText('Dieses Bild wird nirgends verwendet.')).toBeVisible();
    await loaded(page.getByRole('img', { name: alt }));
    expect(await violations(page)).toEqual([]);
    const recordPath = new URL(page.url()).pathname;

    // In the list with its alt text, and found by its copyright.
    await page.getByRole('link', { name: 'Zurück zu den Medien' }).click();
    await expect(heading(page, 'Medien')).toBeVisible();
    await loaded(page.getByRole('img', { name: alt }));
    await page.getByRole('searchbox', { name: 'Suche', exact: true }).fill('© Foto: E2E');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^\d+ Bild/ })).toHaveText(/^\d+ Bild/);
    await expect(page.getByRole('rowheader', { name: alt })).toBeVisible();

    // A new file for the same record: new size, new picture, the same address.
    await page.getByRole('link', { name: alt }).click();
    await expect(heading(page, `Bild: ${alt}`)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(recordPath);
    const replace = page.getByRole('form', { name: 'Datei ersetzen' });
    await replace.getByLabel(/^Bilddatei/).setInputFiles({ name: 'hochformat.png', mimeType: 'image/png', buffer: await png(200, 300, { r: 200, g: 160, b: 20 }) });
    await replace.getByRole('button', { name: 'Datei ersetzen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Datei ersetzt' })).toHaveText('Datei ersetzt. Das Bild hat jetzt 200 × 300 Pixel.');
    await expect(page.getByTestId('media-size')).toHaveText('200 × 300 Pixel');
    const preview = page.getByRole('img', { name: alt });
    await loaded(preview);
    expect(await preview.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight])).toEqual([200, 300]);
    expect(await violations(page)).toEqual([]);
  });

  test('a seeded image in use names where it is used, and its delete is refused with that message', async ({ page }) => {
    await open(page, '/cms-hub/media');
    await expect(heading(page, 'Medien')).toBeVisible();
    // The seed shows its images on pages and events: find one the server says is used.
    const list = await (await page.request.get('/de/pageeditor-api/hub/media/?page_size=100&ordering=created_at')).json();
    let used: { id: number; alt_de: string; uses: { title: string }[] } | undefined;
    for (const row of list.results as { id: number }[]) {
      const record = await (await page.request.get(`/de/pageeditor-api/hub/media/${row.id}/`)).json();
      if (record.uses.length) {
        used = record;
        break;
      }
    }
    expect(used, 'a seeded image that is used somewhere').toBeDefined();

    await open(page, `/cms-hub/media/${used!.id}`);
    await expect(heading(page, /^Bild: /)).toBeVisible();
    const uses = page.getByRole('region', { name: 'Verwendet in' });
    await expect(uses.getByRole('listitem')).toHaveCount(used!.uses.length);
    await expect(uses.getByRole('listitem').first()).toContainText(used!.uses[0].title);
    await expect(uses.getByRole('link', { name: /In der Redaktion bearbeiten|Auf der Website ansehen/ }).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Löschen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Bild löschen?' });
    await expect(dialog).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(page.getByRole('alert')).toContainText('Nicht gelöscht');
    await expect(page.getByRole('alert')).toContainText(used!.uses[0].title);
    // Still there.
    expect((await page.request.get(`/de/pageeditor-api/hub/media/${used!.id}/`)).status()).toBe(200);
  });
});

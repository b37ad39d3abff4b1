import sharp from 'sharp';
import { allPublished, expect, open, quiet, test } from './fixtures';
import { field, heading, violations } from './hub-helpers';

/** A real PNG, wider than tall, drawn here. */
const png = () => sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 40, g: 110, b: 60 } } }).png().toBuffer();

/** The focal point of an image (ADR 087): set on its change page by keyboard, by the number fields and by a click. */
test.describe('the focal point of an image in the hub', () => {
  test.use({ staff: 'editor' });

  test('an editor moves the point with the arrow keys and the number fields, saves it, and the crops follow', async ({ page }) => {
    const alt = `Wiese mit Notenständer ${Date.now()}`;
    await open(page, '/cms-hub/media/new');
    await expect(heading(page, 'Bild hochladen')).toBeVisible();
    await page.getByLabel(/^Bilddatei/).setInputFiles({ name: 'wiese.png', mimeType: 'image/png', buffer: await png() });
    await page.getByLabel(/^Alternativtext \(Deutsch\)/).fill(alt);
    await page.getByRole('button', { name: 'Bild hochladen' }).click();
    await expect(heading(page, `Bild: ${alt}`)).toBeVisible();
    const id = Number(new URL(page.url()).pathname.split('/').filter(Boolean).pop());

    const form = page.getByRole('form', { name: 'Wichtigste Stelle im Bild' });
    const picker = form.getByRole('button', { name: /^Wichtigste Stelle:/ });
    const horizontal = field(page, 'Horizontal (%)');
    const vertical = field(page, 'Vertikal (%)');
    await expect(picker).toHaveAccessibleName('Wichtigste Stelle: 50 % von links, 50 % von oben');
    await expect(horizontal).toHaveValue('50');
    await expect(form.getByTestId('crop-vertical')).toContainText('Hochkant (4 : 5)');
    await quiet(page);
    expect(await violations(page)).toEqual([]);

    // The arrow keys move the point a percent at a time, ten with Shift; the marker and the fields follow.
    await picker.focus();
    await picker.press('ArrowRight');
    await picker.press('ArrowRight');
    await picker.press('Shift+ArrowDown');
    await picker.press('ArrowUp');
    await expect(picker).toHaveAccessibleName('Wichtigste Stelle: 52 % von links, 59 % von oben');
    await expect(horizontal).toHaveValue('52');
    await expect(vertical).toHaveValue('59');
    await expect(form.getByTestId('focal-marker')).toHaveAttribute('style', /left: 52%; top: 59%/);
    // Enter on the picture does not move the point.
    await picker.press('Enter');
    await expect(horizontal).toHaveValue('52');

    // Out of range: refused beside the field, which gets the focus, and nothing is saved.
    await vertical.fill('150');
    await form.getByRole('button', { name: 'Stelle speichern' }).click();
    await expect(vertical).toHaveAttribute('aria-invalid', 'true');
    await expect(vertical).toBeFocused();
    await expect(form.getByText('Bitte eine Zahl von 0 bis 100 eingeben.')).toBeVisible();
    expect(await (await page.request.get(`/de/pageeditor-api/hub/media/${id}/`)).json()).toMatchObject({ focal_x: 0.5, focal_y: 0.5 });

    // Exact values in the fields move the picture's point too, and are saved.
    await horizontal.fill('12.5');
    await vertical.fill('80');
    await expect(picker).toHaveAccessibleName('Wichtigste Stelle: 12,5 % von links, 80 % von oben');
    await form.getByRole('button', { name: 'Stelle speichern' }).click();
    await expect(form.getByRole('status')).toHaveText('Gespeichert. Die Seiten mit diesem Bild werden neu veröffentlicht.');
    expect(await (await page.request.get(`/de/pageeditor-api/hub/media/${id}/`)).json()).toMatchObject({ focal_x: 0.125, focal_y: 0.8 });
    // The server cuts its crops around the saved point, at the address that names it.
    const crop = await page.request.get(`/media/${id}/vertical-125-800/320.webp`);
    expect(crop.status()).toBe(200);
    expect(await sharp(await crop.body()).metadata()).toMatchObject({ width: 160, height: 200 });

    // A click in the picture puts the point where it lands.
    const box = (await picker.boundingBox())!;
    await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    // To a tenth of a percent: where the pointer lands within its pixel may add or take one.
    await expect.poll(async () => Number(await horizontal.inputValue())).toBeCloseTo(25, 0);
    await expect.poll(async () => Number(await vertical.inputValue())).toBeCloseTo(75, 0);

    // After a reload the saved point is shown.
    await open(page, `/cms-hub/media/${id}`);
    await expect(field(page, 'Horizontal (%)')).toHaveValue('12.5');
    await expect(field(page, 'Vertikal (%)')).toHaveValue('80');
    await quiet(page);
    expect(await violations(page)).toEqual([]);
    await allPublished(page.request);
  });
});

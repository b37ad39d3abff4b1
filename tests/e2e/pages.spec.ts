import { expect, open, test } from './fixtures';

test.describe('content pages', () => {
  test('German home shows the seeded hero in German', async ({ page }) => {
    const response = await open(page, '/de');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('.hero h1')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Newsletter' })).toHaveAttribute('href', '/de/newsletter');
  });

  test('English home is the English twin', async ({ page }) => {
    await open(page, '/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'To the newsletter' })).toHaveAttribute('href', '/en/newsletter');
    const alternates = await page.locator('link[rel="alternate"]').evaluateAll((links) =>
      links.map((link) => link.getAttribute('hreflang')),
    );
    expect(alternates).toEqual(expect.arrayContaining(['de', 'en', 'x-default']));
  });

  test('breadcrumbs start with Home and lead through the parent', async ({ page }) => {
    await open(page, '/de/ueber-uns/geschichte');
    const crumbs = page.getByRole('navigation', { name: 'Brotkrumennavigation' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/de');
    await expect(crumbs.getByRole('link', { name: 'Über uns' })).toHaveAttribute('href', '/de/ueber-uns');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(/Geschichte/);
    await crumbs.getByRole('link', { name: 'Über uns' }).click();
    await expect(page).toHaveURL(/\/de\/ueber-uns$/);
  });

  test('an offline page is not found', async ({ page }) => {
    const response = await page.goto('/de/saison-2028-entwurf');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler 404');
  });

  test('a seeded redirect answers 301 with its target', async ({ request }) => {
    const response = await request.get('/de/verein', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toMatch(/\/de\/ueber-uns$/);
  });

  test('unknown paths show the 404 page in their language', async ({ page }) => {
    const de = await open(page, '/de/gibt-es-nicht');
    expect(de?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler 404');
    await expect(page.getByText('Die gesuchte Seite wurde nicht gefunden.')).toBeVisible();
    await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
    await expect(page).toHaveURL(/\/de$/);

    const en = await open(page, '/en/does-not-exist');
    expect(en?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error 404');
    await expect(page.getByText('This page could not be found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'To the start page', exact: true })).toHaveAttribute('href', '/en');
  });
});

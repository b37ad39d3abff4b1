import { expect, open, test } from './fixtures';

test.describe('burger menu', () => {
  test('opens and closes with the mouse, one submenu at a time', async ({ page }) => {
    await open(page, '/de/ueber-uns');
    const burger = page.getByRole('button', { name: 'Menü öffnen' });
    await burger.click();
    const dialog = page.getByRole('dialog', { name: 'Navigation' });
    await expect(dialog).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    const toggles = dialog.locator('.burger__toggle');
    expect(await toggles.count()).toBeGreaterThanOrEqual(2);
    await toggles.nth(0).click();
    await expect(toggles.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await toggles.nth(1).click();
    await expect(toggles.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(toggles.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await toggles.nth(1).click();
    await expect(toggles.nth(1)).toHaveAttribute('aria-expanded', 'false');

    // Secondary items marked for the burger menu are listed below the highlighted ones.
    await expect(dialog.locator('.burger__secondary a').first()).toBeVisible();
    await expect(dialog.locator('.burger__secondary').getByRole('link', { name: 'Kartenbörse' })).toHaveAttribute('href', '/de/kartenboerse');

    await dialog.getByRole('button', { name: 'Menü schließen' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await burger.click();
    await expect(dialog).toBeVisible();
    // A press outside the panel closes it.
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();
  });

  test('works by keyboard: focus moves in, stays in, Escape closes and returns focus', async ({ page }) => {
    await open(page, '/de/ueber-uns');
    const burger = page.getByRole('button', { name: 'Menü öffnen' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Navigation' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Menü schließen' })).toBeFocused();
    const count = await dialog.locator('a, button').count();
    for (let i = 0; i < count + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(burger).toBeFocused();
  });

  test('skip link jumps to the main content', async ({ page }) => {
    await open(page, '/de/ueber-uns');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main-content$/);
  });
});

test.describe('header scroll states', () => {
  test('sticky after 1px, hides scrolling down past 180px, shows on scroll up', async ({ page }) => {
    await open(page, '/de/modul-demo');
    const header = page.locator('header.site-header');
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await expect(header).toHaveAttribute('data-transparent', 'false');
    await page.mouse.move(600, 600);
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect(header).toHaveAttribute('data-sticky', 'true');
    await expect(header).toHaveAttribute('data-hidden', 'false');
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect(header).toHaveAttribute('data-hidden', 'false');
  });

  test('transparent on home at the top and hidden there once scrolled down', async ({ page }) => {
    await open(page, '/de');
    const header = page.locator('header.site-header');
    await expect(header).toHaveAttribute('data-transparent', 'true');
    await page.mouse.move(600, 600);
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await expect(header).toHaveAttribute('data-transparent', 'false');
  });
});

test('a hash target is scrolled to 130px below the top after the delay', async ({ page }) => {
  await open(page, '/de/modul-demo#demo-layout-25-50-25');
  const target = page.locator('#demo-layout-25-50-25');
  await expect
    .poll(async () => Math.round(await target.evaluate((el) => el.getBoundingClientRect().top)), { timeout: 5000 })
    .toBe(130);
});

test('route changes scroll to the top', async ({ page }) => {
  await open(page, '/de/modul-demo');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('footer').getByRole('link', { name: 'Impressum' }).click();
  await expect(page).toHaveURL(/\/de\/impressum$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

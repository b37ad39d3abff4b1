import type { Page } from '@playwright/test';
import type { ExchangeEvent } from '../../contract/schemas/exchange';
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

/**
 * The header's language switch keeps what the visitor chose (ADR 068): in the built HTML it leads to the other page
 * as it is; once the page runs, with the query string, the search's route and the programme's filters under the
 * other language's names.
 */
test.describe('the language switch', () => {
  const switchLink = (page: Page, locale: 'de' | 'en') =>
    page.getByRole('link', { name: locale === 'de' ? 'Diese Seite auf Englisch' : 'This page in German', exact: true });

  /** Clicks the switch from the top of the page, where the header is shown whatever was scrolled before. */
  async function clickSwitch(page: Page, locale: 'de' | 'en') {
    await page.evaluate(() => window.scrollTo(0, 0));
    await switchLink(page, locale).click();
  }

  /** The switch's href in the page as built (no script). */
  async function builtHref(page: Page, path: string) {
    const html = await (await page.request.get(path)).text();
    const anchor = /<a[^>]*class="site-header__lang"[^>]*>/.exec(html)?.[0] ?? '';
    return /href="([^"]*)"/.exec(anchor)?.[1];
  }

  test('keeps the search’s category, page and search string', async ({ page }) => {
    expect(await builtHref(page, '/de/search/others/2?q=Konzert')).toBe('/en/search');
    await open(page, '/de/search/others/2?q=Konzert');
    await expect(switchLink(page, 'de')).toHaveAttribute('href', '/en/search/others/2?q=Konzert');
    await clickSwitch(page, 'de');
    await expect(page).toHaveURL(/\/en\/search\/others\/2\?q=Konzert$/);
    await expect(page.getByText('Page 2 of')).toBeVisible();
  });

  test('keeps the programme’s filters, named in the other language’s words', async ({ page }) => {
    await open(page, '/de/programm');
    await expect(page.locator('.event-list__status')).toHaveText(/\d+ Termin/);
    const series = page.getByLabel('Abonnementreihe');
    const chosen = await series.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean)[0]);
    await series.selectOption(chosen);
    const month = page.getByLabel('Monat');
    const months = await month.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    await month.selectOption(months[0]);
    // The list writes its filters into the address without a navigation: the switch still follows them.
    await expect(page).toHaveURL(new RegExp(`/de/programm\\?reihe=${chosen}&monat=${months[0]}$`));
    await clickSwitch(page, 'de');
    await expect(page).toHaveURL(new RegExp(`/en/events\\?series=${chosen}&month=${months[0]}$`));
    await expect(page.getByLabel('Subscription series')).toHaveValue(chosen);
    await expect(page.getByLabel('Month')).toHaveValue(months[0]);

    // Opened with the filters in the address, as a shared link; the built page links without them.
    const address = `/de/programm?reihe=${chosen}&monat=${months[0]}`;
    expect(await builtHref(page, address)).toBe('/en/events');
    await open(page, address);
    await expect(switchLink(page, 'de')).toHaveAttribute('href', `/en/events?series=${chosen}&month=${months[0]}`);
  });

  test('keeps the exchange’s concert, also one chosen on the page', async ({ page }) => {
    const events = (await (await page.request.get('/de/api/exchange/events/')).json()) as ExchangeEvent[];
    expect(events.length, 'concerts that take ads').toBeGreaterThan(1);
    const [first, second] = events;
    expect(await builtHref(page, `/de/kartenboerse?event=${first.id}`)).toBe('/en/kartenboerse');
    await open(page, `/de/kartenboerse?event=${first.id}`);
    await expect(switchLink(page, 'de')).toHaveAttribute('href', `/en/kartenboerse?event=${first.id}`);
    await page.getByLabel('Konzert', { exact: true }).selectOption(String(second.id));
    await expect(page).toHaveURL(new RegExp(`/de/kartenboerse\\?event=${second.id}$`));
    await clickSwitch(page, 'de');
    await expect(page).toHaveURL(new RegExp(`/en/kartenboerse\\?event=${second.id}$`));
    await expect(page.getByLabel('Concert', { exact: true })).toHaveValue(String(second.id));
  });
});

/** No soft 404s (ADR 068): an unknown address answers 404 and keeps its own address in the bar. */
test.describe('unknown addresses', () => {
  for (const [path, heading] of [
    ['/gibtsnicht', 'Fehler 404'],
    ['/en/gibt-es-nicht', 'Error 404'],
  ] as const) {
    test(`${path} answers 404 with the 404 page and keeps its address`, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    });
  }

  test('the 404 pages’ own addresses answer 404', async ({ request }) => {
    for (const path of ['/de/404', '/en/404', '/404', '/404.html']) expect({ path, status: (await request.get(path)).status() }).toEqual({ path, status: 404 });
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import type { Article, ArticleCategory, Event, Paged, Subscription } from '../../contract/schemas/programme';
import { berlinDate } from '../../contract/berlin-time';
import { routePath } from '../../src/lib/route-path';
import { apiJson, expect, open, test } from './fixtures';

/**
 * No visitor template scrolls sideways at any common width from a small phone's 320 px up, no element is wider than
 * the window (where an overflow would cut it off instead), and the header's controls (logo, search, language,
 * burger, the desktop menu from 64em) stay whole on screen. Each page is loaded once and resized through the
 * widths, as a visitor turning a tablet or narrowing a window would; and once more at 320 px without script.
 */
type Locale = 'de' | 'en';

const widths = [320, 768, 1024, 1280, 1440];


interface Stop {
  template: string;
  path: (locale: Locale, request: APIRequestContext) => string | Promise<string>;
  status?: number;
  /** Waits for what the page loads in the browser (its width depends on it). */
  ready?: (page: Page) => Promise<void>;
}

const content = (de: string, en: string) => (locale: Locale) => (locale === 'de' ? de : en);

const stops: Stop[] = [
  { template: 'home', path: (locale) => routePath('index', locale) },
  { template: 'content page', path: content('/de/ueber-uns', '/en/about-us') },
  { template: 'content page with every module', path: content('/de/modul-demo', '/en/module-demo') },
  {
    template: 'programme',
    path: (locale) => routePath('events', locale),
    ready: (page) => expect(page.locator('.event-list__status')).toHaveText(/\d/),
  },
  {
    template: 'event',
    path: async (locale, request) => (await apiJson<Paged<Event>>(request, `/${locale}/api/events/?date=${berlinDate(new Date())}`)).results[0].url,
  },
  { template: 'subscriptions list', path: (locale) => routePath('abonnements', locale) },
  { template: 'subscription detail', path: async (locale, request) => (await apiJson<Subscription[]>(request, `/${locale}/api/subscriptions/`))[0].url },
  { template: 'magazine', path: (locale) => routePath('magazine', locale) },
  {
    template: 'magazine category',
    path: async (locale, request) => {
      const [category] = await apiJson<ArticleCategory[]>(request, `/${locale}/api/article-categories/`);
      return routePath('magazine', locale, { category: category.slug[locale] });
    },
  },
  { template: 'article', path: async (locale, request) => (await apiJson<Paged<Article>>(request, `/${locale}/api/articles/`)).results[0].url },
  {
    template: 'search',
    path: (locale) => `${routePath('search', locale)}?q=${locale === 'de' ? 'Konzert' : 'concert'}`,
    ready: (page) => expect(page.locator('.search-result').first()).toBeVisible(),
  },
  {
    template: 'forms list',
    path: (locale) => routePath('forms', locale),
    ready: (page) => expect(page.locator('main a[href*="/forms/"]').first()).toBeVisible(),
  },
  {
    template: 'form',
    path: (locale) => routePath('forms', locale, { slug: 'mitgliedsantrag' }),
    ready: (page) => expect(page.locator('form.configurable-form')).toBeVisible(),
  },
  { template: 'newsletter', path: (locale) => routePath('newsletter', locale) },
  { template: 'ticket exchange', path: (locale) => routePath('ticketexchange', locale) },
  { template: 'ticket exchange: place an ad', path: (locale) => routePath('ticketexchange-create', locale) },
  { template: 'not found', path: content('/de/gibt-es-nicht', '/en/does-not-exist'), status: 404 },
];

/** What overflows at the current width, as lines (empty when all is well). */
function overflowAt(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > width) {
      // Name the innermost culprits, so a failure says where to look.
      const beyond = (el: Element) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0;
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => beyond(el) && !Array.from(el.children).some(beyond))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ends at ${Math.round(el.getBoundingClientRect().right)}`);
      problems.push(`page is ${scrollWidth} px wide: ${wide.join('; ')}`);
    }
    // An element wider than the window is cut off even where a parent's overflow keeps the page from scrolling.
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`;
    const tooWide = Array.from(document.querySelectorAll('body *')).filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > width + 0.5);
    // The outermost of each nest is enough: its children are as wide because they are inside it.
    for (const el of tooWide.filter((candidate) => !tooWide.some((other) => other !== candidate && other.contains(candidate))).slice(0, 3)) {
      problems.push(`${name(el)} is ${Math.round(el.getBoundingClientRect().width)} px wide`);
    }
    const header = document.querySelector('header.site-header');
    const controls = header ? Array.from(header.querySelectorAll<HTMLElement>('.site-header__inner a, .site-header__inner button')) : [];
    if (!controls.length) problems.push('no header controls');
    for (const control of controls) {
      const style = getComputedStyle(control);
      const rects = control.getClientRects();
      if (rects.length === 0 || style.visibility === 'hidden') continue;
      // A desktop submenu is shown on hover only; its links are not the header's row.
      if (control.closest('.desktop-nav__submenu')) continue;
      const box = control.getBoundingClientRect();
      const name = control.textContent?.trim() || control.getAttribute('aria-label') || control.className;
      if (box.left < 0 || box.right > width) problems.push(`"${name}" is off screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (rects.length > 1) problems.push(`"${name}" wraps onto ${rects.length} lines`);
    }
    return problems;
  });
}

for (const locale of ['de', 'en'] as const) {
  test.describe(`no sideways scrolling (${locale})`, () => {
    for (const stop of stops) {
      test(`${stop.template} at ${widths.join(', ')} px`, async ({ page, request }) => {
        await page.setViewportSize({ width: widths[0], height: 800 });
        const response = await open(page, await stop.path(locale, request));
        expect(response?.status()).toBe(stop.status ?? 200);
        await stop.ready?.(page);
        const found: string[] = [];
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          // Two frames: the resize observers run, then the layout they cause.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          found.push(...(await overflowAt(page)).map((line) => `${width} px: ${line}`));
        }
        expect(found).toEqual([]);
      });
    }
  });
}

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });
  for (const locale of ['de', 'en'] as const) {
    // The built HTML as a visitor without script sees it, on the narrowest phone: nothing loaded later to wait for.
    test(`every template at ${widths[0]} px (${locale})`, async ({ page, request }) => {
      await page.setViewportSize({ width: widths[0], height: 800 });
      const found: string[] = [];
      for (const stop of stops) {
        const path = await stop.path(locale, request);
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(stop.status ?? 200);
        found.push(...(await overflowAt(page)).map((line) => `${stop.template} (${path}): ${line}`));
      }
      expect(found).toEqual([]);
    });
  }
});

test('the seeded desktop menu shows from 64em on, whole, with the burger in reach', async ({ page }) => {
  await open(page, '/de/programm');
  const desktop = page.getByRole('navigation', { name: 'Hauptnavigation' });
  for (const width of [1024, 1100, 1140, 1152, 1200, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const name of ['Programm', 'Mitgliedschaft', 'Konzertorte']) await expect(desktop.getByRole('link', { name }), `${name} at ${width} px`).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeInViewport({ ratio: 1 });
  }
  await page.setViewportSize({ width: 1023, height: 800 });
  await expect(desktop).toBeHidden();
});

test('a menu too long for the row gives way to the burger instead of widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/de/programm');
  const desktop = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(desktop).toBeVisible();
  // As if an editor had given every highlighted item a long title.
  const suffix = ' und noch viel mehr';
  await page.evaluate((more) => {
    for (const link of document.querySelectorAll('.desktop-nav__link')) link.textContent += more;
  }, suffix);
  await expect(desktop).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeInViewport({ ratio: 1 });
  // Measured again when the titles are short once more.
  await page.evaluate((more) => {
    for (const link of document.querySelectorAll('.desktop-nav__link')) link.textContent = link.textContent!.replace(more, '');
  }, suffix);
  await expect(desktop).toBeVisible();
});

import { axeOn } from './axe';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Article, ArticleCategory, Event, Paged, Subscription } from '../../contract/schemas/programme';
import { berlinDate } from '../../contract/berlin-time';
import { routePath } from '../../src/lib/route-path';
import { apiJson, expect, open, settled, test } from './fixtures';

/**
 * Every template in both languages against WCAG 2.2 AA with axe-core (the built HTML itself: ADR 075): as loaded,
 * on the form pages with the messages of an empty send showing, and on a few templates (`chrome`) with the burger
 * menu open, with the header's search field open and suggesting, and with the cookie settings (the modal every page
 * can open) open. Besides axe, the structure axe leaves to judgement: one h1, the landmarks, the page's language and
 * an alt attribute on every image. The banner of a first visit is checked in consent.spec.ts.
 */
type Locale = 'de' | 'en';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const strings = {
  de: { openMenu: 'Menü öffnen', closeMenu: 'Menü schließen', menu: 'Navigation', openSearch: 'Suche öffnen', field: 'Suchbegriff', prefix: 'Mitg', word: 'Konzert', cookieSettings: 'Cookie-Einstellungen' },
  en: { openMenu: 'Open menu', closeMenu: 'Close menu', menu: 'Navigation', openSearch: 'Open search', field: 'Search for', prefix: 'Memb', word: 'concert', cookieSettings: 'Cookie settings' },
} as const;


interface Stop {
  template: string;
  /** The address to check in a language; async when it comes from the content server. */
  path: (locale: Locale, request: APIRequestContext) => string | Promise<string>;
  /** The status the page answers with (404 for the not-found page). */
  status?: number;
  /** Waits for what the page loads in the browser before it is checked. */
  ready?: (page: Page, locale: Locale) => Promise<void>;
  /** Sends the page's form empty, so the checks see its messages too. */
  sendEmpty?: boolean;
  /**
   * Also checks the page with the shared chrome opened over it: burger menu, header search, cookie settings.
   * They are the same components on every page, so a few templates that differ in what lies around them (hero,
   * tab navigation, a list loaded in the browser, the search page's own field, a form, the 404) carry them; the
   * other templates are checked as loaded (and with their messages). Checking them on all 27 doubled the run.
   */
  chrome?: boolean;
}

const content = (de: string, en: string) => (locale: Locale) => (locale === 'de' ? de : en);

const stops: Stop[] = [
  { template: 'home (hero)', path: (locale) => routePath('index', locale), chrome: true },
  { template: 'content page', path: content('/de/konzertorte', '/en/venues') },
  { template: 'content page with children', path: content('/de/ueber-uns', '/en/about-us') },
  { template: 'content page with tab navigation', path: content('/de/ueber-uns/geschichte', '/en/about-us/history'), chrome: true },
  { template: 'content page with FAQ', path: content('/de/faq', '/en/faq') },
  { template: 'content page with every module', path: content('/de/modul-demo', '/en/module-demo') },
  { template: 'imprint', path: content('/de/impressum', '/en/imprint') },
  { template: 'privacy', path: content('/de/datenschutz', '/en/privacy') },
  {
    template: 'programme list',
    path: (locale) => routePath('events', locale),
    ready: (page) => expect(page.locator('.event-list__status')).toHaveText(/\d/),
    chrome: true,
  },
  {
    template: 'event detail',
    path: async (locale, request) => {
      const events = await apiJson<Paged<Event>>(request, `/${locale}/api/events/?date=${berlinDate(new Date())}`);
      return events.results[0].url;
    },
  },
  { template: 'subscriptions list', path: (locale) => routePath('abonnements', locale) },
  {
    template: 'subscription detail',
    path: async (locale, request) => (await apiJson<Subscription[]>(request, `/${locale}/api/subscriptions/`))[0].url,
  },
  { template: 'magazine list', path: (locale) => routePath('magazine', locale) },
  {
    template: 'magazine list of a category',
    path: async (locale, request) => {
      const [category] = await apiJson<ArticleCategory[]>(request, `/${locale}/api/article-categories/`);
      return routePath('magazine', locale, { category: category.slug[locale] });
    },
  },
  {
    template: 'article detail',
    path: async (locale, request) => (await apiJson<Paged<Article>>(request, `/${locale}/api/articles/`)).results[0].url,
  },
  {
    template: 'search with results',
    path: (locale) => `${routePath('search', locale)}?q=${strings[locale].word}`,
    ready: (page) => expect(page.locator('.search-result').first()).toBeVisible(),
    chrome: true,
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
    sendEmpty: true,
    chrome: true,
  },
  { template: 'newsletter sign-up', path: (locale) => routePath('newsletter', locale), sendEmpty: true },
  {
    template: 'newsletter confirmation without a token',
    path: (locale) => routePath('newsletter-confirm', locale),
    ready: (page) => expect(page.getByRole('alert')).toBeVisible(),
  },
  {
    template: 'newsletter unsubscribe asking',
    path: (locale) => `${routePath('newsletter-unsubscribe', locale)}?token=${'x'.repeat(22)}`,
    ready: (page) => expect(page.locator('main .newsletter-token button')).toBeVisible(),
  },
  { template: 'ticket exchange list', path: (locale) => routePath('ticketexchange', locale) },
  { template: 'ticket exchange: place an ad', path: (locale) => routePath('ticketexchange-create', locale), sendEmpty: true },
  { template: 'ticket exchange: confirm an ad', path: (locale) => routePath('ticketexchange-confirm', locale) },
  { template: 'ticket exchange: ad confirmed', path: (locale) => routePath('ticketexchange-confirmed', locale) },
  { template: 'ticket exchange: withdraw an ad', path: (locale) => routePath('ticketexchange-withdraw', locale) },
  { template: 'not found', path: content('/de/gibt-es-nicht', '/en/does-not-exist'), status: 404, chrome: true },
];

/**
 * Scrolls the page through once so every module waiting for its scroll-reveal has faded in (and its attribute is
 * gone), then back to the top: axe skips what is invisible, so a module still waiting would go unchecked.
 */
async function revealAll(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step / 2) {
    // Each place stays until the page has rendered a frame there (the reveals' observers have had their report).
    await page.evaluate(async (top) => {
      window.scrollTo(0, top);
      for (let frames = 0; frames < 2; frames += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    }, y);
  }
  // Should a module still wait (a jump the observer took for one too quick to count), it is brought into view on its
  // own until its reveal has begun (one that never begins fails).
  const waiting = page.locator('[data-reveal="pending"]');
  for (let left = await waiting.count(), rounds = 0; left > 0 && rounds < 100; left = await waiting.count(), rounds++) {
    const module = await waiting.first().elementHandle();
    if (!module) continue;
    await module.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForFunction((element) => (element as HTMLElement).dataset.reveal !== 'pending', module, { timeout: 5000 });
  }
  await expect(page.locator('[data-reveal]')).toHaveCount(0, { timeout: 5000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
}

/** Axe's violations as lines: the state, the rule, its impact, what it asks and every offending element. */
async function violations(page: Page, state: string): Promise<string[]> {
  await settled(page);
  const { violations: found } = await axeOn(page).withTags(wcag).analyze();
  return found.flatMap((violation) =>
    violation.nodes.map((node) => {
      const detail = [...node.any, ...node.all, ...node.none][0]?.message ?? '';
      return `[${state}] ${violation.id} (${violation.impact}): ${node.target.join(' ')}${detail ? ` — ${detail}` : ''}`;
    }),
  );
}

/** What axe cannot judge alone: one h1, the landmarks, the language of the page, an alt on every image. */
async function checkStructure(page: Page, locale: Locale) {
  await expect.soft(page.locator('html'), 'html[lang]').toHaveAttribute('lang', locale);
  await expect.soft(page.locator('h1'), 'exactly one h1').toHaveCount(1);
  await expect.soft(page.getByRole('main'), 'one main landmark').toHaveCount(1);
  await expect.soft(page.getByRole('banner'), 'one banner landmark (the site header)').toHaveCount(1);
  await expect.soft(page.getByRole('contentinfo'), 'one contentinfo landmark (the footer)').toHaveCount(1);
  expect.soft(await page.getByRole('navigation').count(), 'navigation landmarks').toBeGreaterThan(0);
  const withoutAlt = await page.locator('img:not([alt])').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect.soft(withoutAlt, 'images without an alt attribute').toEqual([]);
}

async function withMenuOpen(page: Page, locale: Locale): Promise<string[]> {
  const s = strings[locale];
  const burger = page.locator('header.site-header').getByRole('button', { name: s.openMenu });
  await burger.click();
  const dialog = page.getByRole('dialog', { name: s.menu });
  await expect(dialog).toBeVisible();
  // An open submenu too, so its links are checked.
  await dialog.locator('.burger__toggle').first().click();
  await expect(dialog.locator('.burger__submenu:not([hidden])')).toHaveCount(1);
  const found = await violations(page, 'burger menu open');
  await dialog.getByRole('button', { name: s.closeMenu }).click();
  await expect(dialog).toBeHidden();
  return found;
}

async function withSearchOpen(page: Page, locale: Locale): Promise<string[]> {
  const s = strings[locale];
  const button = page.locator('header.site-header').getByRole('button', { name: s.openSearch, exact: true });
  await button.click();
  const field = page.locator('#header-search').getByRole('combobox', { name: s.field });
  await expect(field).toBeFocused();
  // The field starts with the last search string (on the search page, the one searched for).
  await field.fill('');
  await field.pressSequentially(s.prefix);
  await expect(page.locator('#header-search').getByRole('option').first()).toBeVisible();
  const found = await violations(page, 'header search open with suggestions');
  await page.keyboard.press('Escape');
  if ((await button.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  return found;
}

/** The cookie settings, the modal every page can open (from the footer), checked over the page. */
async function withCookieSettingsOpen(page: Page, locale: Locale): Promise<string[]> {
  const link = page.getByRole('contentinfo').getByRole('button', { name: strings[locale].cookieSettings });
  await link.click();
  const dialog = page.getByRole('dialog', { name: strings[locale].cookieSettings });
  await expect(dialog).toBeVisible();
  await settled(page);
  const found = await violations(page, 'cookie settings open');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return found;
}

async function withMessagesShowing(page: Page): Promise<string[]> {
  const form = page.locator('main form').first();
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  return violations(page, 'form sent empty');
}

for (const locale of ['de', 'en'] as const) {
  test.describe(`accessibility (${locale})`, () => {
    for (const stop of stops) {
      const states = [...(stop.chrome ? ['menu', 'search', 'cookie settings'] : []), ...(stop.sendEmpty ? ['messages'] : [])];
      test(`${stop.template}: no WCAG 2.2 AA violations as loaded${states.length ? ` and with ${states.join(', ')} open` : ''}`, async ({ page, request }) => {
        test.setTimeout(120_000);
        const path = await stop.path(locale, request);
        const response = await open(page, path);
        expect(response?.status(), path).toBe(stop.status ?? 200);
        await page.waitForLoadState('networkidle');
        await stop.ready?.(page, locale);
        await revealAll(page);

        await checkStructure(page, locale);
        const found = await violations(page, 'as loaded');
        if (stop.chrome) {
          found.push(...(await withMenuOpen(page, locale)));
          found.push(...(await withSearchOpen(page, locale)));
          found.push(...(await withCookieSettingsOpen(page, locale)));
        }
        if (stop.sendEmpty) found.push(...(await withMessagesShowing(page)));
        expect(found, `axe on ${path}`).toEqual([]);
      });
    }
  });
}

import { axeOn } from './axe';
import type { APIRequestContext, BrowserContext, Page, Route } from '@playwright/test';
import type { Article, EventSummary, Paged, Subscription } from '../../contract/schemas/programme';
import { CONSENT_COOKIE, CONSENT_REVISION } from '../../src/lib/consent/categories';
import { apiJson, consentCookie, expect, logInAs, open, quiet, settled, test } from './fixtures';

/**
 * The cookie manager and the embeds behind it (ADR 015), each test from a first visit in a fresh profile:
 * nothing leaves for another host and nothing non-essential is stored before consent; media consent loads the
 * embeds and withdrawing it takes them away; the banner's rules (legal pages, a cleared choice, the footer link,
 * a raised revision), the consent log, the tag manager waiting for tracking consent; axe on banner and settings;
 * the settings used by keyboard alone.
 */
test.use({ presetConsent: null });

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const texts = {
  de: { banner: 'Cookies und externe Inhalte', acceptAll: 'Alle akzeptieren', rejectAll: 'Alle ablehnen', settings: 'Einstellungen', dialog: 'Cookie-Einstellungen', media: 'Medien', save: 'Auswahl speichern', footerLink: 'Cookie-Einstellungen', clear: 'Einwilligung löschen', changed: 'Seit Ihrem letzten Besuch' },
  en: { banner: 'Cookies and external content', acceptAll: 'Accept all', rejectAll: 'Reject all', settings: 'Settings', dialog: 'Cookie settings', media: 'Media', save: 'Save my choice', footerLink: 'Cookie settings', clear: 'Clear my consent', changed: 'has changed since your last visit' },
};


/** The seeded pages of every template that can hold an embed (the seed puts one on each). */
async function embedPages(request: APIRequestContext): Promise<{ template: string; path: string }[]> {
  const events = await apiJson<EventSummary[]>(request, '/de/api/all-events/');
  const mahler = events.filter((event) => event.url.includes('/mahlers-fuenfte/')).sort((a, b) => a.start.localeCompare(b.start));
  const subscriptions = await apiJson<Subscription[]>(request, '/de/api/subscriptions/');
  let article: string | undefined;
  for (let page = 1; !article && page < 10; page += 1) {
    const answer = await apiJson<Paged<Article>>(request, `/de/api/articles/?page=${page}`);
    article = answer.results.find((entry) => entry.url.includes('/nachlese-mahlers-fuenfte/'))?.url;
    if (!answer.next) break;
  }
  expect(mahler.length, 'the seeded Mahler concert').toBeGreaterThan(0);
  expect(article, 'the seeded Mahler review').toBeTruthy();
  return [
    { template: 'home', path: '/de' },
    { template: 'content page (every embed module)', path: '/de/modul-demo' },
    { template: 'content page, English', path: '/en/module-demo' },
    { template: 'event', path: mahler[0].url },
    { template: 'article', path: article! },
    { template: 'subscription', path: subscriptions.find((entry) => entry.url.includes('/grosses-abonnement'))!.url },
  ];
}

/** Answers every request for another host here, so a player "loads" without the network; the request is still seen. */
async function answerOtherHosts(context: BrowserContext, baseURL: string) {
  const own = new URL(baseURL).host;
  await context.route(
    (url) => url.host !== own,
    (route: Route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'www.googletagmanager.com') {
        // Stands in for the tag manager: sets a cookie the way its analytics would.
        return route.fulfill({ contentType: 'text/javascript', body: "document.cookie='_ga=GA1.1.e2e; path=/'; window.kfTagManagerRan = true;" });
      }
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' });
    },
  );
}

const consentReady = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.consent === 'ready');

async function storedChoice(context: BrowserContext): Promise<{ categories: string[]; revision: number; consentId: string } | null> {
  const cookie = (await context.cookies()).find((entry) => entry.name === CONSENT_COOKIE);
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : null;
}

/** Scrolls through the page so anything lazy would have asked for its resources. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  await page.waitForLoadState('networkidle');
}

/** What the browser holds for the site besides the essential: cookies, localStorage, sessionStorage. */
async function nonEssentialStorage(page: Page, context: BrowserContext) {
  const essentialCookies = new Set([CONSENT_COOKIE, 'csrftoken', 'kf_session']);
  const cookies = (await context.cookies()).map((cookie) => cookie.name).filter((name) => !essentialCookies.has(name));
  const storage = await page.evaluate(() => ({
    local: Object.keys(window.localStorage),
    // Functional, for this tab only: the visitor's own search (search-store.ts) and Gatsby's scroll positions
    // for back and forward.
    session: Object.keys(window.sessionStorage).filter((key) => !key.startsWith('kf-search') && !key.startsWith('@@scroll|')),
  }));
  return { cookies, ...storage };
}

test.describe('before consent, then with and without media consent', () => {
  test('every template with an embed: nothing leaves for another host, media consent loads, withdrawing removes', async ({ page, context, baseURL, requests }) => {
    test.setTimeout(180_000);
    await answerOtherHosts(context, baseURL!);
    const own = new URL(baseURL!).host;
    const pages = await embedPages(page.request);

    for (const [index, { template, path }] of pages.entries()) {
      await test.step(`${template}: ${path}`, async () => {
        requests.length = 0;
        await open(page, path);
        await consentReady(page);
        if (index === 0) await expect(page.getByRole('dialog', { name: texts.de.banner })).toBeVisible();
        const placeholders = page.locator('.embed--placeholder');
        const count = await placeholders.count();
        expect(count, 'the page holds an embed').toBeGreaterThan(0);
        await scrollThrough(page);
        const foreign = requests.filter((url) => url.host !== own).map((url) => url.href);
        expect(foreign, 'requests to other hosts before consent').toEqual([]);
        expect(await nonEssentialStorage(page, context)).toEqual({ cookies: [], local: [], session: [] });
        await expect(page.locator('iframe')).toHaveCount(0);
      });
    }

    await test.step('accepting media in the settings loads every embed of the page', async () => {
      await open(page, '/de/modul-demo');
      await consentReady(page);
      await page.getByRole('button', { name: texts.de.settings, exact: true }).click();
      const settings = page.getByRole('dialog', { name: texts.de.dialog });
      await expect(settings).toBeVisible();
      await settings.getByRole('checkbox', { name: texts.de.media, exact: true }).check({ force: true });
      await settings.getByRole('button', { name: texts.de.save }).click();
      await expect(settings).toBeHidden();
      const frames = page.locator('.embed--loaded iframe');
      await expect(page.locator('.embed--placeholder')).toHaveCount(0);
      expect(await frames.count()).toBeGreaterThan(5);
      const sources = await frames.evaluateAll((elements) => elements.map((element) => (element as HTMLIFrameElement).src));
      expect(sources.filter((src) => src.includes('youtube')).every((src) => src.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
      expect((await storedChoice(context))?.categories.sort()).toEqual(['media', 'required']);
      // Every other template shows its embeds loaded at once.
      for (const { path } of pages) {
        await open(page, path);
        await expect(page.locator('.embed--loaded iframe').first(), path).toBeVisible();
        await expect(page.locator('.embed--placeholder'), path).toHaveCount(0);
      }
    });

    await test.step('withdrawing media in the settings takes the embeds away again', async () => {
      await open(page, '/de/modul-demo');
      await consentReady(page);
      await expect(page.locator('.embed--loaded').first()).toBeVisible();
      await page.getByRole('contentinfo').getByRole('button', { name: texts.de.footerLink }).click();
      const settings = page.getByRole('dialog', { name: texts.de.dialog });
      await settings.getByRole('checkbox', { name: texts.de.media, exact: true }).uncheck({ force: true });
      await settings.getByRole('button', { name: texts.de.save }).click();
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(await page.locator('.embed--placeholder').count()).toBeGreaterThan(5);
      expect((await storedChoice(context))?.categories).toEqual(['required']);
      expect(await nonEssentialStorage(page, context)).toEqual({ cookies: [], local: [], session: [] });
      for (const { path } of pages) {
        await open(page, path);
        await consentReady(page);
        await expect(page.locator('.embed--placeholder').first(), path).toBeVisible();
        await expect(page.locator('iframe'), path).toHaveCount(0);
      }
    });
  });

  test('the two clicks of a placeholder: one embed for this visit, or media for good', async ({ page, context, baseURL }) => {
    await answerOtherHosts(context, baseURL!);
    await open(page, '/de/modul-demo');
    await consentReady(page);
    // The banner takes the focus once its fade-in ends; wait for that, as a visitor would be slower than a test.
    await expect(page.getByRole('dialog', { name: texts.de.banner })).toBeVisible();
    await page.waitForFunction(() => !!document.activeElement?.closest('#cc-main'), null, { timeout: 3000 }).catch(() => undefined);
    const placeholders = page.locator('.embed--placeholder');
    const before = await placeholders.count();
    await placeholders.first().getByRole('button', { name: 'Inhalt laden' }).click();
    await expect(placeholders).toHaveCount(before - 1);
    await expect(page.locator('.embed--loaded iframe')).toHaveCount(1);
    // The player took the pressed button's place: focus went to its frame, named by the embed's title.
    await expect(page.getByRole('group', { name: 'Probenbesuch beim Sinfonieorchester' })).toBeFocused();
    // Loading one is not consent: nothing is stored, the banner still asks.
    expect(await storedChoice(context)).toBeNull();
    await expect(page.getByRole('dialog', { name: texts.de.banner })).toBeVisible();

    await placeholders.first().getByRole('button', { name: 'Medien immer erlauben' }).click();
    await expect(page.locator('.embed--placeholder')).toHaveCount(0);
    expect((await storedChoice(context))?.categories.sort()).toEqual(['media', 'required']);
    await expect(page.getByRole('dialog', { name: texts.de.banner })).toBeHidden();
  });
});

test.describe('banner rules', () => {
  test('the imprint and privacy pages show no banner, in both languages; other pages do', async ({ page }) => {
    for (const path of ['/de/impressum', '/de/datenschutz', '/en/imprint', '/en/privacy']) {
      await open(page, path);
      await consentReady(page);
      // Nothing the page set off later (the cookie manager's chunk, its own banner) shows one either.
      await quiet(page);
      await expect(page.getByRole('dialog', { name: path.startsWith('/de') ? texts.de.banner : texts.en.banner })).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.classList.contains('show--consent'))).toBe(false);
    }
    await open(page, '/en/faq');
    await consentReady(page);
    await expect(page.getByRole('dialog', { name: texts.en.banner })).toBeVisible();
  });

  test('clearing the choice on the imprint keeps the banner away there and shows it on the next page', async ({ page, context, baseURL }) => {
    await context.addCookies([consentCookie(baseURL!, ['required', 'media'])]);
    await open(page, '/de/impressum');
    await consentReady(page);
    await page.getByRole('contentinfo').getByRole('button', { name: texts.de.footerLink }).click();
    const settings = page.getByRole('dialog', { name: texts.de.dialog });
    await expect(settings).toBeVisible();
    const consentId = (await storedChoice(context))!.consentId;
    await expect(settings.locator('[data-kf-consent-id]')).toHaveText(consentId);
    await settings.getByRole('button', { name: texts.de.clear }).click();
    await expect(settings).toBeHidden();
    await expect.poll(() => storedChoice(context)).toBeNull();
    await quiet(page);
    await expect(page.getByRole('dialog', { name: texts.de.banner })).toBeHidden();

    // Leaving the imprint by one of the site's own links (a client-side navigation): the breadcrumbs' Home.
    await page.getByRole('main').getByRole('navigation').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/de\/?$/);
    await expect(page.getByRole('dialog', { name: texts.de.banner })).toBeVisible();
  });

  test('the footer link reopens the settings after a choice, in German and English', async ({ page }) => {
    for (const locale of ['de', 'en'] as const) {
      await open(page, locale === 'de' ? '/de/faq' : '/en/faq');
      await consentReady(page);
      if (locale === 'de') await page.getByRole('button', { name: texts.de.rejectAll }).click();
      await expect(page.getByRole('dialog', { name: texts[locale].banner })).toBeHidden();
      await page.getByRole('contentinfo').getByRole('button', { name: texts[locale].footerLink }).click();
      const settings = page.getByRole('dialog', { name: texts[locale].dialog });
      await expect(settings).toBeVisible();
      await expect(settings.getByRole('checkbox', { name: texts[locale].media, exact: true })).not.toBeChecked();
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();
    }
  });

  test('a raised revision asks again, saying why', async ({ page, context, baseURL }) => {
    await context.addCookies([consentCookie(baseURL!, ['required', 'media'], CONSENT_REVISION - 1)]);
    await open(page, '/de/faq');
    await consentReady(page);
    const banner = page.getByRole('dialog', { name: texts.de.banner });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(texts.de.changed);
    // An older choice does not count: media stays blocked until the visitor answers again.
    await open(page, '/de/modul-demo');
    await consentReady(page);
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('button', { name: texts.de.acceptAll }).click();
    // The banner fetches the cookie manager when the visitor turns to it (ADR 041): the answer is stored a moment later.
    await expect.poll(async () => (await storedChoice(context))?.revision).toBe(CONSENT_REVISION);
  });

  test('every choice is logged on the server with id, categories and revision', async ({ page, context }) => {
    await open(page, '/de/faq');
    await consentReady(page);
    const logged = page.waitForResponse((response) => response.url().endsWith('/de/api/consent/') && response.request().method() === 'POST');
    await page.getByRole('button', { name: texts.de.acceptAll }).click();
    expect((await logged).status()).toBe(201);
    const choice = (await storedChoice(context))!;

    // Rejecting all after accepting all also withdraws tracking, which reloads the page (ADR 015); the log is
    // sent with keepalive, so it arrives all the same.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('contentinfo').getByRole('button', { name: texts.de.footerLink }).click();
    await page.getByRole('dialog', { name: texts.de.dialog }).getByRole('button', { name: texts.de.rejectAll }).click();
    await reloaded;

    // Staff can look a consent id up: the proof, with nothing about the person.
    await logInAs(context);
    const staffApi = context.request;
    type Entry = { action: string; categories: string[]; revision: number };
    const history = async () => (await (await staffApi.get(`/de/pageeditor-api/consent-log/?consent_id=${choice.consentId}`)).json()) as { entries: Entry[] };
    await expect
      .poll(async () => (await history()).entries.map((entry) => [entry.action, entry.categories, entry.revision]))
      .toEqual([
        ['first', ['required', 'tracking', 'media', 'marketing'], CONSENT_REVISION],
        ['change', ['required'], CONSENT_REVISION],
      ]);
    expect(Object.keys((await history()).entries[0]).sort()).toEqual(['action', 'categories', 'created_at', 'revision']);
  });

  test('the tag manager runs only with tracking consent, and its cookies go when it is withdrawn', async ({ page, context, baseURL, requests }) => {
    await answerOtherHosts(context, baseURL!);
    await open(page, '/de/faq');
    await consentReady(page);
    await expect(page.locator('script[data-category="tracking"]')).toHaveCount(2);
    await page.getByRole('button', { name: texts.de.rejectAll }).click();
    await expect(page.getByRole('dialog', { name: texts.de.banner })).toBeHidden();
    // The answer is applied (the banner went with it) and what it set off has been asked for.
    await quiet(page);
    expect(requests.filter((url) => url.hostname === 'www.googletagmanager.com')).toEqual([]);

    await page.getByRole('contentinfo').getByRole('button', { name: texts.de.footerLink }).click();
    const settings = page.getByRole('dialog', { name: texts.de.dialog });
    await settings.getByRole('checkbox', { name: 'Statistik', exact: true }).check({ force: true });
    await settings.getByRole('button', { name: texts.de.save }).click();
    await expect.poll(() => page.evaluate(() => (window as { kfTagManagerRan?: boolean }).kfTagManagerRan === true)).toBe(true);
    expect(requests.some((url) => url.href === 'https://www.googletagmanager.com/gtm.js?id=GTM-KFE2E26')).toBe(true);
    expect((await context.cookies()).some((cookie) => cookie.name === '_ga')).toBe(true);

    // Withdrawing reloads the page (a script that ran cannot be unloaded) with its cookies cleared.
    await page.getByRole('contentinfo').getByRole('button', { name: texts.de.footerLink }).click();
    const reloaded = page.waitForEvent('load');
    await settings.getByRole('checkbox', { name: 'Statistik', exact: true }).uncheck({ force: true });
    await settings.getByRole('button', { name: texts.de.save }).click();
    await reloaded;
    await consentReady(page);
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([CONSENT_COOKIE]);
    expect(await page.evaluate(() => (window as { kfTagManagerRan?: boolean }).kfTagManagerRan)).toBeUndefined();
  });
});

test.describe('accessibility of the banner and the settings', () => {
  for (const locale of ['de', 'en'] as const) {
    test(`axe finds nothing on the banner and the open settings (${locale})`, async ({ page }) => {
      await open(page, locale === 'de' ? '/de/modul-demo' : '/en/module-demo');
      await consentReady(page);
      await expect(page.getByRole('dialog', { name: texts[locale].banner })).toBeVisible();
      // Not caught halfway through a fade (axe would measure the contrast of a colour on its way).
      await settled(page);
      const banner = await axeOn(page).withTags(wcag).analyze();
      expect(banner.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

      await page.getByRole('button', { name: texts[locale].settings, exact: true }).click();
      await expect(page.getByRole('dialog', { name: texts[locale].dialog })).toBeVisible();
      await settled(page);
      const settings = await axeOn(page).withTags(wcag).analyze();
      expect(settings.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('the banner and the settings work by keyboard alone', async ({ page, context }) => {
    await open(page, '/de/faq');
    await consentReady(page);
    const banner = page.getByRole('dialog', { name: texts.de.banner });
    await expect(banner).toBeVisible();

    /** Presses Tab until the focused element has `name` (and is a switch, when asked); fails after 60 presses. */
    const tabTo = async (name: string, checkbox = false) => {
      for (let i = 0; i < 60; i += 1) {
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLInputElement | null;
          if (!element) return { label: '', checkbox: false };
          const label = element.getAttribute('aria-label') ?? element.labels?.[0]?.innerText ?? element.innerText ?? '';
          return { label: label.trim(), checkbox: element.type === 'checkbox' };
        });
        if (focused.label === name && focused.checkbox === checkbox) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`${name} never got the focus`);
    };

    await tabTo(texts.de.settings);
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: texts.de.dialog });
    await expect(settings).toBeVisible();
    // Focus is inside the dialog and stays there.
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#cc-main .pm'))).toBe(true);
    }
    await tabTo(texts.de.media, true);
    await page.keyboard.press('Space');
    await tabTo(texts.de.save);
    await page.keyboard.press('Enter');
    await expect(settings).toBeHidden();
    expect((await storedChoice(context))?.categories.sort()).toEqual(['media', 'required']);

    // The footer link (focused directly: tabbing there passes every link of the page) opens them again by Enter;
    // Escape closes them and the focus returns to the link.
    await page.getByRole('contentinfo').getByRole('button', { name: texts.de.footerLink }).focus();
    await page.keyboard.press('Enter');
    await expect(settings).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: texts.de.footerLink })).toBeFocused();
  });
});

test.describe('the focus once the banner is answered', () => {
  // The banner sits after the skip link; when it goes, the next Tab must start from the page's beginning again, so
  // the skip link is not passed over (docs/decisions/076).
  const answers = [
    { locale: 'de', answer: 'acceptAll', by: 'keyboard' },
    { locale: 'de', answer: 'rejectAll', by: 'keyboard' },
    { locale: 'de', answer: 'acceptAll', by: 'mouse' },
    { locale: 'en', answer: 'rejectAll', by: 'mouse' },
    { locale: 'en', answer: 'acceptAll', by: 'keyboard' },
  ] as const;
  for (const { locale, answer, by } of answers) {
    test(`after "${texts[locale][answer]}" by ${by} (${locale}) the next Tab reaches the skip link`, async ({ page }) => {
      await open(page, locale === 'de' ? '/de/ueber-uns' : '/en/about-us');
      await consentReady(page);
      const banner = page.getByRole('dialog', { name: texts[locale].banner });
      const button = banner.getByRole('button', { name: texts[locale][answer], exact: true });
      if (by === 'keyboard') {
        // Tab from the start of the page to the answer, as a keyboard user reaches it.
        for (let i = 0; i < 10 && !(await button.evaluate((element) => element === document.activeElement)); i += 1) await page.keyboard.press('Tab');
        await expect(button).toBeFocused();
        await page.keyboard.press('Enter');
      } else {
        await button.click();
      }
      await expect(banner).toBeHidden();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: locale === 'de' ? 'Zum Inhalt springen' : 'Skip to content' })).toBeFocused();
    });
  }
});

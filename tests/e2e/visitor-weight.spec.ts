import type { Page, Response } from '@playwright/test';
import { describeChunk, staffOnlyFiles, type Chunk } from '../../bench/lib/script-chunks';
import { visitorTemplates } from '../../bench/lib/visitor-site';
import { consentCookie, expect, open, quiet, test } from './fixtures';

/**
 * What a visitor's browser gets (ADR 041): the cookie banner in the first visit's HTML, painted without any
 * script and kept away before the first paint for a stored choice; no editor or hub code; page data without the
 * translations, which come once per language from a file cached for good, also on a switch of language.
 */

const bannerTitle = { de: 'Cookies und externe Inhalte', en: 'Cookies and external content' };

/** Every script a page loads (by the time it is quiet), described by bench/lib/script-chunks.ts. */
async function scriptsOf(page: Page, path: string, staffFiles: Set<string>): Promise<Chunk[]> {
  const pending: Promise<Chunk | null>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    pending.push(response.body().then((body) => describeChunk(response.url(), body, staffFiles), () => null));
  };
  page.on('response', collect);
  await open(page, path);
  await page.waitForFunction(() => document.documentElement.dataset.consent === 'ready');
  await quiet(page);
  page.off('response', collect);
  return (await Promise.all(pending)).filter((chunk): chunk is Chunk => chunk !== null);
}

test.describe('the cookie banner is in the HTML', () => {
  test.use({ presetConsent: null });

  test('a first visit gets the banner with the page, in both languages; the legal pages do not', async ({ request }) => {
    for (const [path, locale] of [['/de', 'de'], ['/en/faq', 'en']] as const) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<div class="consent-banner" role="dialog" aria-labelledby="kf-consent-title"/);
      expect(html, path).toContain(`<h2 id="kf-consent-title" class="consent-banner__title">${bannerTitle[locale]}</h2>`);
    }
    for (const path of ['/de/impressum', '/en/privacy']) {
      expect(await (await request.get(path)).text(), path).not.toContain('class="consent-banner"');
    }
  });

  test('it is painted without any script, and the library comes only when the visitor turns to it', async ({ page, context, requests }) => {
    // Scripts from the network blocked: what shows is the server's HTML and CSS (the head's inline mark still runs).
    await context.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto('/de/faq');
    const banner = page.getByRole('dialog', { name: bannerTitle.de });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Alle ablehnen' })).toBeVisible();
    await context.unroute(/\.js(\?|$)/);

    const consentChunk = () => requests.some((url) => /\/consent-[0-9a-f]+\.js$/.test(url.pathname));
    await open(page, '/de/faq');
    await page.waitForFunction(() => document.documentElement.dataset.consent === 'ready');
    // Whatever the page would start by itself (its effects, its idle callbacks) has been asked for by now.
    await quiet(page);
    expect(consentChunk(), 'the library before the visitor turns to the banner').toBe(false);
    await banner.hover();
    await expect.poll(consentChunk).toBe(true);
    await banner.getByRole('button', { name: 'Alle ablehnen' }).click();
    await expect(banner).toBeHidden();
  });

  test('a stored choice keeps it away from the first paint on, and such a visit never loads the library', async ({ page, context, baseURL, requests }) => {
    await context.addCookies([consentCookie(baseURL!, ['required', 'media'])]);
    await context.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto('/de/faq');
    await expect(page.locator('.consent-banner')).toHaveCount(1);
    await expect(page.locator('.consent-banner')).toBeHidden();
    await context.unroute(/\.js(\?|$)/);

    requests.length = 0;
    await open(page, '/de/faq');
    await page.waitForFunction(() => document.documentElement.dataset.consent === 'ready');
    await quiet(page);
    await expect(page.locator('.consent-banner')).toHaveCount(0);
    expect(requests.filter((url) => /\/consent-[0-9a-f]+\.js$/.test(url.pathname)).map((url) => url.pathname)).toEqual([]);
  });
});

test('a visitor\'s pages load no editor or hub code', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const staffFiles = await staffOnlyFiles(baseURL!);
  expect(staffFiles.size, 'the build lists its staff chunks').toBeGreaterThan(0);
  for (const { name, path } of await visitorTemplates(baseURL!)) {
    const chunks = await scriptsOf(page, path, staffFiles);
    expect(chunks.length, `${name}: scripts seen`).toBeGreaterThan(2);
    expect(chunks.filter((chunk) => chunk.staff).map((chunk) => `${chunk.file}: ${chunk.staff}`), `${name} (${path})`).toEqual([]);
  }
});

test.describe('translations once per language', () => {
  test('page data carries no translations; the file of each language is named by its content and cached for good', async ({ request }) => {
    for (const path of ['/de', '/en', '/de/programm', '/en/magazine']) {
      const pageData = await (await request.get(`/page-data${path}/page-data.json`)).text();
      expect(pageData, path).not.toContain('allLocale');
      expect(pageData, path).not.toContain('"ns"');
      expect(pageData, path).not.toMatch(/Zum Inhalt springen|Skip to content/);
    }
    for (const [path, words] of [['/de', 'Zum Inhalt springen'], ['/en', 'Skip to content']] as const) {
      const html = await (await request.get(path)).text();
      const href = /<link rel="preload" as="fetch" crossorigin="anonymous" href="(\/static\/translations\/[a-z]{2}-[0-9a-f]{12}\.json)"/.exec(html)?.[1];
      expect(href, `${path} preloads its translations`).toBeTruthy();
      expect(href).toContain(`/${path.slice(1)}-`);
      const file = await request.get(href!);
      expect(file.headers()['cache-control']).toContain('immutable');
      expect(await file.text()).toContain(words);
    }
  });

  test('the first page and a switch of language render translated, each language fetched once', async ({ page, requests }) => {
    // Records whether a translation key ever stood in the page in place of its words.
    await page.addInitScript(() => {
      const keys = ['cookieSettings', 'skipToContent', 'switchToLanguageLabel'];
      new MutationObserver(() => {
        const text = document.body?.textContent ?? '';
        if (keys.some((key) => text.includes(key))) (window as { kfSawKey?: boolean }).kfSawKey = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await open(page, '/de/faq');
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' })).toBeVisible();
    const switchTo = page.getByRole('banner').locator('a[hreflang="en"]');
    await switchTo.click();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Never the key, not even for a moment: the loader waited for the English file before showing the page.
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeVisible();
    expect(await page.evaluate(() => (window as { kfSawKey?: boolean }).kfSawKey ?? false)).toBe(false);
    const back = page.getByRole('banner').locator('a[hreflang="de"]');
    await back.click();
    await expect(page).toHaveURL(/\/de\/faq$/);
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' })).toBeVisible();
    expect(await page.evaluate(() => (window as { kfSawKey?: boolean }).kfSawKey ?? false)).toBe(false);
    const fetched = requests.filter((url) => url.pathname.startsWith('/static/translations/')).map((url) => url.pathname.replace(/-[0-9a-f]+\.json$/, ''));
    expect(fetched.sort()).toEqual(['/static/translations/de', '/static/translations/en']);
  });
});

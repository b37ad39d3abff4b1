import type { APIRequestContext, Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

/**
 * ADR 043: every configurable form is reachable from the home page in at most two clicks: a link on the
 * home page (its menus included) to a page, and a link there to the form. The walk follows the links of the built
 * pages, so a form reachable only by typing its address fails; then the browser takes each path found.
 */
type Locale = 'de' | 'en';

const strings = {
  de: { query: 'Kontaktformular', formLink: 'Zum Kontaktformular', contactTitle: 'Kontakt' },
  en: { query: 'contact form', formLink: 'Open the contact form', contactTitle: 'Contact' },
} as const;

/** The same-site paths an HTML page links to (query and hash dropped), as a visitor's browser would resolve them. */
async function linksOf(request: APIRequestContext, path: string): Promise<string[]> {
  const response = await request.get(path);
  if (!response.ok() || !(response.headers()['content-type'] ?? '').includes('text/html')) return [];
  const html = await response.text();
  const base = new URL(response.url());
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
    const url = new URL(href.replace(/&amp;/g, '&'), base);
    if (url.origin === base.origin) found.add(url.pathname.replace(/\/$/, '') || '/');
  }
  return [...found];
}

/** The forms the site offers in a language: those its forms section lists (loaded in the browser from the API). */
async function formPaths(page: Page, locale: Locale): Promise<string[]> {
  await open(page, `/${locale}/forms`);
  const links = page.locator('main a[href*="/forms/"]');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

for (const locale of ['de', 'en'] as const) {
  test(`every form is at most two clicks from the home page (${locale})`, async ({ page, request }) => {
    const forms = await formPaths(page, locale);
    expect(forms.length, 'the seed has forms').toBeGreaterThanOrEqual(3);

    const home = `/${locale}`;
    const first = (await linksOf(request, home)).filter((path) => path !== home);
    const via = new Map<string, string>();
    for (const form of forms) if (first.includes(form)) via.set(form, home);
    for (const path of first) {
      if (forms.every((form) => via.has(form))) break;
      for (const link of await linksOf(request, path)) if (forms.includes(link) && !via.has(link)) via.set(link, path);
    }
    expect(forms.filter((form) => !via.has(form)), 'forms more than two clicks from the home page').toEqual([]);

    // Each path in the browser: the page's link opens the form.
    for (const form of forms) {
      await open(page, via.get(form)!);
      const link = page.locator(`a[href="${form}"]`).filter({ visible: true }).first();
      if (!(await link.count())) {
        // A menu entry: open the burger menu and follow it from there.
        await page.getByRole('button', { name: locale === 'de' ? 'Menü öffnen' : 'Open menu' }).click();
        const dialog = page.getByRole('dialog', { name: 'Navigation' });
        const entry = dialog.locator(`a[href="${form}"]`);
        if (!(await entry.isVisible())) {
          const row = dialog.locator('.burger__item').filter({ has: page.locator(`a[href="${form}"]`) });
          await row.locator('.burger__toggle').click();
        }
        await entry.click();
      } else {
        await link.click();
      }
      await expect(page).toHaveURL(new RegExp(`${form}$`));
      await expect(page.locator('form.configurable-form')).toBeVisible();
    }
  });

  test(`the search for “${strings[locale].query}” leads to the contact form (${locale})`, async ({ page }) => {
    const s = strings[locale];
    await open(page, `/${locale}/search?q=${encodeURIComponent(s.query)}`);
    const result = page.locator('.search-result').first();
    await expect(result).toBeVisible();
    await expect(result).toContainText(s.contactTitle);
    await result.getByRole('link').first().click();
    await page.getByRole('link', { name: s.formLink }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/forms/kontakt$`));
    await expect(page.locator('form.configurable-form')).toBeVisible();
  });
}

test('the old contact-form address opens the contact form itself', async ({ page }) => {
  await open(page, '/de/kontaktformular');
  await expect(page).toHaveURL(/\/de\/forms\/kontakt$/);
  await expect(page.locator('form.configurable-form')).toBeVisible();
});

test('a subscription offers its order form', async ({ page }) => {
  await open(page, '/de/abonnements');
  await page.locator('main a[href^="/de/abonnements/"]').first().click();
  await page.getByRole('link', { name: 'Abonnement bestellen' }).click();
  await expect(page).toHaveURL(/\/de\/forms\/abo-bestellung$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnement bestellen' })).toBeVisible();
});

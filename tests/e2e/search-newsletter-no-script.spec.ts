/**
 * The search and the newsletter without JavaScript (ADR 073): their forms are real forms, sent to the content server,
 * which answers with a page of the site (ADR 071).
 */
import type { Page } from '@playwright/test';
import type { Paged } from '../../contract/schemas/programme';
import type { SearchResult, SearchSummary } from '../../contract/schemas/search';
import { HtmlValidate } from 'html-validate';
import { apiJson, expect, test } from './fixtures';
import { htmlValidateConfig } from './html-validate.config';

/** The minimum fill time of the e2e server (scripts/e2e.ts). */
const minFillMs = 1500;

const titlesIn = (page: Page) => page.locator('main .search-result__title a').allInnerTexts();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a search sent from the header answers with the results, a category page by page, and links to the results', async ({ page }) => {
    const summary = await apiJson<SearchSummary>(page.request, '/de/api/search/?query=Konzert');
    expect(summary.others.count, 'more than a page of programme results').toBeGreaterThan(12);

    await page.goto('/de/programm');
    const form = page.locator('header.site-header').getByRole('search', { name: 'Website durchsuchen' });
    await form.getByRole('searchbox', { name: 'Suchbegriff' }).fill('Konzert');
    await form.getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/\/de\/api\/search\/results\/\?query=Konzert$/);
    await expect(page).toHaveTitle('Suche: Konzert | Konzertfreunde');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Suche: Konzert');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The site's own header frames the answer.
    await expect(page.locator('header.site-header')).toBeVisible();
    expect(await titlesIn(page)).toEqual([...summary.pages.results, ...summary.others.results].map((result) => result.title));
    await expect(page.locator('main .search-result__snippet mark').first()).toBeVisible();

    await page.getByRole('link', { name: `Alle ${summary.others.count} Treffer in „Programm, Abonnements und Magazin“ anzeigen` }).click();
    const first = await apiJson<Paged<SearchResult>>(page.request, '/de/api/search/others/?query=Konzert');
    expect(await titlesIn(page)).toEqual(first.results.map((result) => result.title));
    await page.getByRole('navigation', { name: 'Ergebnisseiten' }).getByRole('link', { name: 'Nächste Seite' }).click();
    await expect(page).toHaveURL(/category=others&page=2$/);
    const second = await apiJson<Paged<SearchResult>>(page.request, first.next!);
    expect(await titlesIn(page)).toEqual(second.results.map((result) => result.title));
    await expect(page.getByText(/^Seite 2 von \d+$/)).toBeVisible();

    // A result is a link to its page.
    await page.locator('main .search-result__title a').first().click();
    await expect(page).toHaveURL(new RegExp(`${second.results[0].url}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the header’s search form takes the place of the button only script can open, and fits a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/en');
    const header = page.locator('header.site-header');
    await expect(header.getByRole('button', { name: 'Open search', exact: true })).toBeHidden();
    const form = header.getByRole('search', { name: 'Search the website' });
    await expect(form).toBeVisible();
    const box = (await form.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('a search sent from the search page answers in the page’s language, and a refused string says why', async ({ page }) => {
    const summary = await apiJson<SearchSummary>(page.request, '/en/api/search/?query=concert');
    await page.goto('/en/search');
    const form = page.getByRole('main').getByRole('search', { name: 'Search the website' });
    const field = form.getByRole('combobox', { name: 'Search for' });
    await expect(field).toHaveAttribute('name', 'query');
    await field.fill('concert');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/en\/api\/search\/results\/\?query=concert$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Search: concert');
    await expect(page.getByText(`${summary.pages.count + summary.others.count} results for “concert”.`)).toBeVisible();
    expect(await titlesIn(page)).toEqual([...summary.pages.results, ...summary.others.results].map((result) => result.title));

    const again = page.getByRole('main').getByRole('searchbox', { name: 'Search for' });
    await expect(again).toHaveValue('concert');
    await again.fill('?!*');
    const refused = page.waitForResponse((response) => response.url().includes('/api/search/results/'));
    await again.press('Enter');
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('Please enter at least one letter or digit.');
    await expect(page.locator('main .search-result')).toHaveCount(0);
  });

  for (const locale of ['de', 'en'] as const) {
    const s = {
      de: { path: '/de/newsletter', email: 'E-Mail-Adresse', consent: /Ja, ich möchte den Newsletter/, submit: 'Newsletter bestellen', check: 'Bitte prüfen und absenden', done: 'Fast geschafft!', subject: /bestätigen/, confirm: '/de/newsletter/bestaetigen', missing: 'Bitte willigen Sie ein' },
      en: { path: '/en/newsletter', email: 'E-mail address', consent: /Yes, I would like to receive/, submit: 'Subscribe', check: 'Please check and send', done: 'Almost done!', subject: /confirm/, confirm: '/en/newsletter/confirm', missing: 'Please give your consent' },
    }[locale];

    test(`the newsletter sign-up is sent in two steps and the confirmation mail arrives (${locale})`, async ({ page, readMail }) => {
      const email = `ohne-skript-${locale}-${Date.now()}@example.org`;
      const form = page.getByRole('form', { name: locale === 'de' ? 'Newsletter-Anmeldung' : 'Newsletter sign-up' });
      const main = page.getByRole('main');

      // Without consent: the message beside the box, the address kept.
      await page.goto(s.path);
      await form.getByRole('textbox', { name: s.email }).fill(email);
      await form.getByRole('button', { name: s.submit }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/api/newsletter/$`));
      await expect(page.locator('#newsletter-consent-error')).toContainText(s.missing);
      await expect(main.getByRole('textbox', { name: s.email })).toHaveValue(email);

      // As sent from the built page, which holds no form token: checked once more, then sent.
      await page.goto(s.path);
      await form.getByRole('textbox', { name: s.email }).fill(email);
      await form.getByLabel(s.consent).check();
      await form.getByRole('button', { name: s.submit }).click();
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(s.check);
      await expect(main.getByText(email)).toBeVisible();

      // The page holds a fresh form token; the server takes it once the form's minimum fill time has passed.
      const token = await page.locator('input[name="form_token"]').inputValue();
      const issuedAt = Number(token.split('.')[0]);
      await expect.poll(() => Date.now(), { message: 'the form token is accepted' }).toBeGreaterThanOrEqual(issuedAt + minFillMs);
      await main.getByRole('button', { name: s.submit }).click();
      await expect(main.getByRole('heading', { level: 2 })).toHaveText(s.done);
      await expect(page).toHaveTitle(`${s.done} | Konzertfreunde`);

      const mail = await readMail({ to: email, subject: s.subject });
      expect(mail.links.some((link) => new URL(link).pathname === s.confirm)).toBe(true);
    });
  }

  test('the answer pages are valid under html-validate’s recommended rules, as the built pages are', async ({ request, baseURL }) => {
    const validator = new HtmlValidate(htmlValidateConfig);
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(baseURL!).origin };
    const answers = [
      ['search results', await request.get('/de/api/search/results/?query=Konzert')],
      ['a category’s page of results', await request.get('/en/api/search/results/?query=concert&category=others&page=2')],
      ['no results', await request.get('/de/api/search/results/?query=Zzyzxwq')],
      ['a refused search string', await request.get('/de/api/search/results/?query=%3F')],
      ['a newsletter form refused', await request.post('/de/api/newsletter/', { headers: form, data: 'email=nobody%40&website=&form_token=' })],
      ['the newsletter’s check and send', await request.post('/en/api/newsletter/', { headers: form, data: 'email=valid%40example.org&consent=yes&website=&form_token=' })],
    ] as const;
    const found: string[] = [];
    for (const [name, response] of answers) {
      expect(response.headers()['content-type'], name).toBe('text/html; charset=utf-8');
      const report = await validator.validateString(await response.text(), name);
      found.push(...report.results.flatMap((result) => result.messages.map((message) => `${name}: ${message.ruleId} ${message.message} (${message.selector ?? ''})`)));
    }
    expect(found).toEqual([]);
  });
});

import type { Page } from '@playwright/test';
import type { Paged } from '../../contract/schemas/programme';
import type { SearchResult, SearchSuggestion, SearchSummary } from '../../contract/schemas/search';
import { expect, open, test } from './fixtures';

/** What the content server answers, so the tests follow the seed instead of copying it. */
async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const strings = {
  de: {
    open: 'Suche öffnen',
    form: 'Website durchsuchen',
    field: 'Suchbegriff',
    pages: 'Seiten',
    others: 'Programm, Abonnements und Magazin',
    next: 'Nächste Seite',
    previous: 'Vorherige Seite',
    found: /Treffer für „/,
    // A prefix of titles of a page and an article of the seed, and a word with more than a page of programme results.
    prefix: 'Mitg',
    word: 'Konzert',
  },
  en: {
    open: 'Open search',
    form: 'Search the website',
    field: 'Search for',
    pages: 'Pages',
    others: 'Programme, subscriptions and magazine',
    next: 'Next page',
    previous: 'Previous page',
    found: /results? for “/,
    prefix: 'Memb',
    word: 'concert',
  },
} as const;

const combobox = (page: Page, locale: 'de' | 'en') => page.getByRole('combobox', { name: strings[locale].field });
const titlesIn = (scope: ReturnType<Page['locator']>) => scope.locator('.search-result__title').allInnerTexts();

for (const locale of ['de', 'en'] as const) {
  const s = strings[locale];

  test.describe(`search (${locale})`, () => {
    test('the header’s field suggests titles while typing; the keyboard picks one and opens its page', async ({ page }) => {
      const expected = await api<SearchSuggestion[]>(page, `/${locale}/api/search/autocomplete/?query=${s.prefix}`);
      expect(expected.length, 'the seed has titles for the prefix').toBeGreaterThanOrEqual(2);
      const article = expected.findIndex((suggestion) => suggestion.type === 'article');
      expect(article, 'an article among them (its page is headed by its title)').toBeGreaterThanOrEqual(0);

      await open(page, `/${locale}`);
      const button = page.locator('header.site-header').getByRole('button', { name: s.open, exact: true });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const field = combobox(page, locale);
      await expect(field).toBeFocused();
      await expect(page.getByRole('search', { name: s.form })).toBeVisible();

      await field.pressSequentially(s.prefix, { delay: 40 });
      const listbox = page.getByRole('listbox');
      await expect(listbox).toBeVisible();
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      const options = listbox.getByRole('option');
      await expect(options.locator('.search-combobox__title')).toHaveText(expected.map((suggestion) => suggestion.title));

      // Arrow keys move the active option (focus stays in the field); Escape closes the list, Arrow Down opens it.
      await field.press('ArrowDown');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
      await expect(field).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
      await field.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
      await field.press('Escape');
      await expect(listbox).toBeHidden();
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(field).not.toHaveAttribute('aria-activedescendant');
      for (let i = 0; i <= article; i += 1) await field.press('ArrowDown');
      await expect(options.nth(article)).toHaveAttribute('aria-selected', 'true');
      await expect(field).toBeFocused();

      await field.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${expected[article].url}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected[article].title);
    });

    test('a full search shows both categories with counts, then one category page by page', async ({ page }) => {
      const summary = await api<SearchSummary>(page, `/${locale}/api/search/?query=${s.word}`);
      expect(summary.others.count, 'more than a page of programme results').toBeGreaterThan(12);
      expect(summary.pages.count).toBeGreaterThan(0);

      await open(page, `/${locale}/search`);
      const field = combobox(page, locale);
      await field.fill(s.word);
      await field.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?q=${s.word}$`));
      await expect(page.getByRole('status').filter({ hasText: s.found })).toContainText(String(summary.pages.count + summary.others.count));

      const pagesGroup = page.getByRole('region', { name: `${s.pages} (${summary.pages.count})` });
      const othersGroup = page.getByRole('region', { name: `${s.others} (${summary.others.count})` });
      await expect(pagesGroup).toBeVisible();
      expect(await titlesIn(pagesGroup)).toEqual(summary.pages.results.map((result) => result.title));
      expect(await titlesIn(othersGroup)).toEqual(summary.others.results.map((result) => result.title));
      // Matches are marked in the snippets; nothing else of a snippet is markup.
      expect(await othersGroup.locator('.search-result__snippet mark').count()).toBeGreaterThan(0);
      expect(await page.locator('.search-result__snippet *:not(mark)').count()).toBe(0);

      const tabs = page.getByRole('navigation', { name: locale === 'de' ? 'Ergebnisse nach Kategorie' : 'Results by category' });
      await expect(tabs.locator('[aria-current="page"]')).toContainText(locale === 'de' ? 'Alle' : 'All');

      await othersGroup.getByRole('link', { name: new RegExp(`${summary.others.count} (Treffer|results)`) }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/search/others\\?q=${s.word}$`));
      await expect(tabs.locator('[aria-current="page"]')).toContainText(s.others);
      const first = await api<Paged<SearchResult>>(page, `/${locale}/api/search/others/?query=${s.word}`);
      const region = page.getByRole('region', { name: `${s.others} (${summary.others.count})` });
      await expect(region.locator('.search-result')).toHaveCount(12);
      expect(await titlesIn(region)).toEqual(first.results.map((result) => result.title));

      const paging = page.getByRole('navigation', { name: locale === 'de' ? 'Ergebnisseiten' : 'Result pages' });
      await paging.getByRole('link', { name: s.next }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/search/others/2\\?q=${s.word}$`));
      const second = await api<Paged<SearchResult>>(page, first.next!);
      await expect(region.locator('.search-result__title')).toHaveText(second.results.map((result) => result.title));
      await paging.getByRole('link', { name: s.previous }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/search/others\\?q=${s.word}$`));
    });

    test('the search string stays while moving between categories, to a result and back', async ({ page }) => {
      await open(page, `/${locale}/search/pages?q=${s.word}`);
      const field = combobox(page, locale);
      await expect(field).toHaveValue(s.word);
      const tabs = page.getByRole('navigation', { name: locale === 'de' ? 'Ergebnisse nach Kategorie' : 'Results by category' });
      await tabs.getByRole('link', { name: new RegExp(s.others) }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/search/others\\?q=${s.word}$`));
      await expect(field).toHaveValue(s.word);
      await tabs.getByRole('link', { name: new RegExp(`^${locale === 'de' ? 'Alle' : 'All'}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?q=${s.word}$`));
      await expect(field).toHaveValue(s.word);

      // To a result, then back to the search through the header: the field and the search page have the string.
      await page.locator('.search-result__title a').first().click();
      await expect(page).not.toHaveURL(/\/search/);
      await page.locator('header.site-header').getByRole('button', { name: s.open, exact: true }).click();
      await expect(combobox(page, locale)).toHaveValue(s.word);
      await page.keyboard.press('Escape');
      await expect(combobox(page, locale)).toBeHidden();
    });

    test('the search page opened without a search string is a fresh one: no string brought back, the address kept', async ({ page }) => {
      await open(page, `/${locale}/search?q=${s.word}`);
      await expect(page.locator('.search-result').first()).toBeVisible();
      await open(page, `/${locale}/search`);
      await expect(page.getByText(locale === 'de' ? /Geben Sie einen Suchbegriff ein/ : /Enter a search term/)).toBeVisible();
      await expect(combobox(page, locale)).toHaveValue('');
      await expect(page.locator('.search-result')).toHaveCount(0);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/${locale}/search`);
    });

    test('the fields take a search string as long as the search does, and no longer', async ({ page }) => {
      await open(page, `/${locale}/search`);
      await expect(combobox(page, locale)).toHaveAttribute('maxlength', '100');
      await page.locator('header.site-header').getByRole('button', { name: s.open, exact: true }).click();
      await expect(page.locator('#header-search').getByRole('combobox')).toHaveAttribute('maxlength', '100');
    });
  });
}

test.describe('search routes', () => {
  test('a category page opened directly is the search page, with status 200', async ({ page }) => {
    const response = await open(page, '/de/search/others/2?q=Konzert');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suche');
    await expect(page.getByText('Seite 2 von')).toBeVisible();
  });

  test('a category opened directly is its page, with status 200', async ({ page }) => {
    const response = await open(page, '/de/search/pages?q=Konzert');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suche');
    await expect(page.getByRole('navigation', { name: 'Ergebnisse nach Kategorie' }).locator('[aria-current="page"]')).toContainText('Seiten');
  });

  test('a page past the end says so', async ({ page }) => {
    await open(page, '/de/search/pages/40?q=Konzert');
    await expect(page.getByText('Diese Ergebnisseite gibt es nicht (mehr).')).toBeVisible();
    await page.getByRole('link', { name: 'Zur ersten Ergebnisseite' }).click();
    await expect(page).toHaveURL(/\/de\/search\/pages\?q=Konzert$/);
  });

  // ADR 073: below the search only its categories and their numbered pages exist.
  for (const [path, heading] of [
    ['/de/search/foo/bar/baz', 'Fehler 404'],
    ['/de/search/x', 'Fehler 404'],
    ['/de/search/pages/x', 'Fehler 404'],
    ['/de/search/others/2/3', 'Fehler 404'],
    ['/en/search/pages/51', 'Error 404'],
  ] as const) {
    test(`${path} answers 404 with the 404 page and keeps its address`, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(`${heading} | Konzertfreunde`);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test('a string without letters is explained instead of sent', async ({ page }) => {
    await open(page, '/en/search');
    const field = combobox(page, 'en');
    await field.fill('?!*');
    await field.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Please enter at least one letter or digit.');
    await expect(page).toHaveURL(/\/en\/search$/);
  });

  test('a refused string takes the results of the last search away, and its message goes with it', async ({ page }) => {
    await open(page, '/de/search?q=Konzert');
    const results = page.locator('.search-result');
    await expect(results.first()).toBeVisible();
    const field = combobox(page, 'de');
    await field.fill('?!*');
    await field.press('Enter');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Bitte geben Sie mindestens einen Buchstaben oder eine Ziffer ein.');
    await expect(results).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Ergebnisse nach Kategorie' })).toBeHidden();

    // A new search: its results, and no message of the refused one, now or after moving on.
    await field.fill('Mitglied');
    await expect(alert).toBeHidden();
    await field.press('Enter');
    await expect(page).toHaveURL(/\/de\/search\?q=Mitglied$/);
    await expect(results.first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Ergebnisse nach Kategorie' }).getByRole('link', { name: /^Seiten/ }).click();
    await expect(page).toHaveURL(/\/de\/search\/pages\?q=Mitglied$/);
    await expect(results.first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/de\/search\?q=Konzert$/);
    await expect(results.first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

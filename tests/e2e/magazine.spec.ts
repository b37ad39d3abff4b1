import type { APIRequestContext, Page } from '@playwright/test';
import type { Article, ArticleCategory, Paged } from '../../contract/schemas/programme';
import { apiJson, expect, open, test } from './fixtures';


/** Every article of a list call, following `next`. */
async function allArticles(request: APIRequestContext, path: string): Promise<Article[]> {
  const articles: Article[] = [];
  for (let next: string | null = path; next; ) {
    const page: Paged<Article> = await apiJson<Paged<Article>>(request, next);
    articles.push(...page.results);
    next = page.next;
  }
  return articles;
}

const filter = (page: Page, name: string) => page.getByRole('navigation', { name });
const cards = (page: Page) => page.locator('.article-card');
const cardTitles = (page: Page) => page.locator('.article-card__title').allInnerTexts();

test.describe('magazine list', () => {
  test('shows the headline and the filter with All and every category, All active', async ({ page, request }) => {
    const categories = await apiJson<ArticleCategory[]>(request, '/de/api/article-categories/');
    expect(categories).toHaveLength(4);
    const response = await open(page, '/de/magazin');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Magazin');

    const nav = filter(page, 'Magazin nach Kategorie filtern');
    const links = nav.getByRole('link');
    await expect(links).toHaveText(['Alle', ...categories.map((category) => category.name)]);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/de/magazin',
      ...categories.map((category) => `/de/magazin/${category.slug.de}`),
    ]);
    const active = nav.locator('[aria-current="page"]');
    await expect(active).toHaveCount(1);
    await expect(active).toHaveText('Alle');
    await expect(active).toHaveClass(/magazine-filter__link--active/);
    await expect(nav.locator('.magazine-filter__link--active')).toHaveCount(1);
  });

  test('a category entry leads to its page, is the only active one, and only its articles are listed', async ({ page, request }) => {
    const [, interviews] = await apiJson<ArticleCategory[]>(request, '/de/api/article-categories/');
    const firstPage = await apiJson<Paged<Article>>(request, `/de/api/articles/?category=${interviews.slug.de}`);
    const teasers = await apiJson<Paged<Article>>(request, `/de/api/mainteaser-articles/?category=${interviews.slug.de}`);
    const expected = new Set([...teasers.results, ...firstPage.results].map((article) => article.title));
    expect(expected.size).toBeGreaterThan(0);

    await open(page, '/de/magazin');
    const nav = filter(page, 'Magazin nach Kategorie filtern');
    await nav.getByRole('link', { name: interviews.name }).click();
    await expect(page).toHaveURL(new RegExp(`/de/magazin/${interviews.slug.de}$`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(interviews.name);
    await expect(nav.locator('.magazine-filter__link--active')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Alle' })).not.toHaveAttribute('aria-current', 'page');

    expect(new Set(await cardTitles(page))).toEqual(expected);
    const shown = await page.locator('.article-card__category').allInnerTexts();
    expect(shown.map((name) => name.toLowerCase())).toEqual(shown.map(() => interviews.name.toLowerCase()));
  });

  test('English category pages use the English slugs', async ({ page, request }) => {
    const categories = await apiJson<ArticleCategory[]>(request, '/en/api/article-categories/');
    const background = categories.find((category) => category.slug.en !== category.slug.de)!;
    await open(page, '/en/magazine');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Magazine');
    const nav = filter(page, 'Filter the magazine by category');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('All');
    await nav.getByRole('link', { name: background.name }).click();
    await expect(page).toHaveURL(new RegExp(`/en/magazine/${background.slug.en}$`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(background.name);
    for (const name of await page.locator('.article-card__category').allInnerTexts()) {
      expect(name.toLowerCase()).toBe(background.name.toLowerCase());
    }
    // The language switch leads to the same category in German.
    await expect(page.getByRole('link', { name: 'This page in German' })).toHaveAttribute('href', `/de/magazin/${background.slug.de}`);
  });

  test('main teasers come first, as large cards, newest first', async ({ page, request }) => {
    const teasers = await apiJson<Paged<Article>>(request, '/de/api/mainteaser-articles/');
    expect(teasers.results.length).toBeGreaterThan(0);
    await open(page, '/de/magazin');
    const titles = await cardTitles(page);
    expect(titles.slice(0, teasers.results.length)).toEqual(teasers.results.map((article) => article.title));
    await expect(page.locator('.article-card--large')).toHaveCount(teasers.results.length);
    expect(titles.slice(teasers.results.length)).not.toEqual(expect.arrayContaining([teasers.results[0].title]));
    // Cards show the day in the page's language.
    await expect(cards(page).first().locator('time')).toHaveText(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
  });

  test('load more appends the next pages, moves focus to the first new article and ends after the last', async ({ page, request }) => {
    const everything = await allArticles(request, '/de/api/articles/');
    expect(everything.length).toBeGreaterThan(12);
    await open(page, '/de/magazin');
    const before = await cards(page).count();
    expect(before).toBeLessThan(everything.length);

    const more = page.getByRole('button', { name: 'Mehr laden' });
    await more.click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(before);
    const firstNew = page.locator('.magazine-list > li').nth(before - (await page.locator('.magazine-teasers > li').count()));
    await expect(firstNew.getByRole('link')).toBeFocused();
    await expect(page.getByRole('status')).toContainText('weitere Artikel geladen');

    // The rest, page by page: the articles call has ceil(count / 12) pages.
    for (let next = 3; next <= Math.ceil(everything.length / 12); next += 1) {
      const shown = await cards(page).count();
      await more.click();
      await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
    }
    await expect(more).toBeHidden();
    const titles = await cardTitles(page);
    expect(titles).toHaveLength(everything.length);
    expect(new Set(titles).size).toBe(titles.length);
    expect([...titles].sort()).toEqual(everything.map((article) => article.title).sort());
  });

  test('a failed load says so and can be retried', async ({ page }) => {
    await open(page, '/de/magazin');
    const before = await cards(page).count();
    await page.route('**/de/api/articles/**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    const more = page.getByRole('button', { name: 'Mehr laden' });
    await more.click();
    await expect(page.getByRole('alert')).toHaveText(/konnten nicht geladen werden/);
    await expect(cards(page)).toHaveCount(before);

    await page.unroute('**/de/api/articles/**');
    await more.click();
    await expect(page.getByRole('alert')).toBeHidden();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(before);
  });
});

test.describe('article detail', () => {
  const cases = [
    { locale: 'de', list: '/de/magazin', magazine: 'Magazin', crumbs: 'Brotkrumennavigation', home: '/de' },
    { locale: 'en', list: '/en/magazine', magazine: 'Magazine', crumbs: 'Breadcrumbs', home: '/en' },
  ] as const;

  for (const { locale, list, magazine, crumbs, home } of cases) {
    test(`${locale}: breadcrumbs Home → ${magazine} → title, a transparent header over the image, and the body`, async ({ page, request }) => {
      const [article] = (await apiJson<Paged<Article>>(request, `/${locale}/api/articles/`)).results;
      await open(page, list);
      await page.getByRole('link', { name: article.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${article.url}$`));
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
      const nav = page.getByRole('navigation', { name: crumbs });
      const items = nav.getByRole('listitem');
      await expect(items).toHaveText(['Home', magazine, article.title]);
      await expect(nav.getByRole('link')).toHaveCount(2);
      await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', home);
      await expect(nav.getByRole('link', { name: magazine })).toHaveAttribute('href', list);
      await expect(nav.locator('[aria-current="page"]')).toHaveText(article.title);

      await expect(page.locator('header.site-header')).toHaveAttribute('data-transparent', 'true');
      await expect(page.locator('.article__lead-image img[alt]').last()).toBeVisible();
      await expect(page.locator('.article__lead')).toHaveText(article.teaser);
      await expect(page.locator('.article__meta').getByRole('link', { name: article.category.name })).toHaveAttribute(
        'href',
        `${list}/${article.category.slug}`,
      );
      const body = page.locator('.article__body .container-section');
      await expect(body.first()).toBeVisible();
      expect((await body.first().innerText()).trim().length).toBeGreaterThan(40);

      // The magazine headline leads back to the list; it is not the page's h1.
      await page.locator('.magazine-header__link').click();
      await expect(page).toHaveURL(new RegExp(`${list}$`));
    });
  }

  test('the language switch leads to the article in the other language', async ({ page, request }) => {
    const [article] = (await apiJson<Paged<Article>>(request, '/de/api/articles/')).results;
    await open(page, article.url);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', new RegExp(`${article.urls.en}$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await page.getByRole('link', { name: 'Diese Seite auf Englisch' }).click();
    await expect(page).toHaveURL(new RegExp(`${article.urls.en}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('breadcrumbs of the magazine lists (docs/decisions/076)', () => {
  for (const locale of ['de', 'en'] as const) {
    test(`the list and a category page start with Home, in the page and as BreadcrumbList (${locale})`, async ({ page, request, baseURL }) => {
      const [category] = await apiJson<ArticleCategory[]>(request, `/${locale}/api/article-categories/`);
      const magazine = { de: { path: '/de/magazin', name: 'Magazin', nav: 'Brotkrumennavigation' }, en: { path: '/en/magazine', name: 'Magazine', nav: 'Breadcrumbs' } }[locale];
      const categoryPath = `${magazine.path}/${category.slug[locale]}`;
      for (const [path, trail] of [
        [magazine.path, [['Home', `/${locale}`], [magazine.name, magazine.path]]],
        [categoryPath, [['Home', `/${locale}`], [magazine.name, magazine.path], [category.name, categoryPath]]],
      ] as const) {
        await open(page, path);
        const crumbs = page.getByRole('navigation', { name: magazine.nav });
        await expect(crumbs.getByRole('listitem')).toHaveText(trail.map(([name]) => name));
        // Every entry but the last is a link; the last is the page itself.
        for (const [name, href] of trail.slice(0, -1)) await expect(crumbs.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
        await expect(crumbs.locator('[aria-current="page"]')).toHaveText(trail[trail.length - 1][0]);

        const html = await (await request.get(path)).text();
        const lists = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
          .map((match) => JSON.parse(match[1]) as { '@type'?: string; itemListElement?: { position: number; name: string; item: string }[] })
          .filter((data) => data['@type'] === 'BreadcrumbList');
        expect(lists, `${path}: one BreadcrumbList in the built HTML`).toHaveLength(1);
        expect(lists[0].itemListElement).toEqual(trail.map(([name, href], index) => ({ '@type': 'ListItem', position: index + 1, name, item: `${baseURL}${href}` })));
      }
    });
  }
});

import type { Article, ArticleCategory, Paged } from '../../../contract/schemas/programme';
import { createArticle } from '../db/repositories';
import { pageSize } from '../../../contract/paging';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, type TestContext } from '../test/test-context';

describeEachDialect('magazine API', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const page = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return json<Paged<Article>>(response);
  };
  /** Every page of a paged list, following `next`. */
  const everything = async (url: string) => {
    const results: Article[] = [];
    for (let next: string | null = url; next; ) {
      const current: Paged<Article> = await page(next);
      results.push(...current.results);
      next = current.next;
    }
    return results;
  };
  const newestFirst = (articles: Article[]) =>
    articles.every(
      (article, i) =>
        i === 0 ||
        articles[i - 1].published_on > article.published_on ||
        (articles[i - 1].published_on === article.published_on && articles[i - 1].id > article.id),
    );

  it('lists the categories in order with the name in the request’s language and both slugs', async () => {
    const de = json<ArticleCategory[]>(await get('/de/api/article-categories/'));
    const en = json<ArticleCategory[]>(await get('/en/api/article-categories/'));
    expect(de).toHaveLength(4);
    expect(de[0]).toEqual({ id: expect.any(Number), name: 'Konzertberichte', slug: { de: 'konzertberichte', en: 'concert-reviews' } });
    expect(en.map((c) => c.name)).toEqual(['Concert reviews', 'Interviews', 'Background', 'Association news']);
    expect(en.map((c) => c.slug)).toEqual(de.map((c) => c.slug));
  });

  it('pages through the online articles newest first, 12 a page', async () => {
    const online = await ctx.db.selectFrom('article').select('id').where('is_online', '=', 1).execute();
    expect(online.length).toBeGreaterThanOrEqual(30);
    const first = await page('/de/api/articles/');
    expect(first).toMatchObject({ count: online.length, previous: null, next: '/de/api/articles/?page=2' });
    expect(first.results).toHaveLength(pageSize);
    const all = await everything('/de/api/articles/');
    expect(all.map((a) => a.id).sort((a, b) => a - b)).toEqual(online.map((row) => row.id).sort((a, b) => a - b));
    expect(newestFirst(all)).toBe(true);
    const last = Math.ceil(online.length / pageSize);
    expect((await page(`/de/api/articles/?page=${last}`)).previous).toBe(`/de/api/articles/?page=${last - 1}`);
    const past = await get(`/de/api/articles/?page=${last + 1}`);
    expect(past.statusCode).toBe(404);
    expect(json(past)).toMatchObject({ message: 'Invalid page.', field: 'query.page' });
  });

  it('sends each article with its page, image and category in the request’s language', async () => {
    const [article] = (await page('/en/api/articles/')).results;
    expect(article.url).toBe(`/en/magazine/${article.slug}/${article.id}`);
    expect(article.urls.de).toMatch(new RegExp(`^/de/magazin/[a-z0-9-]+/${article.id}$`));
    expect(article.published_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(article.image?.alt).toBeTruthy();
    const categories = json<ArticleCategory[]>(await get('/en/api/article-categories/'));
    const category = categories.find((c) => c.id === article.category_id)!;
    expect(article.category).toEqual({ id: category.id, name: category.name, slug: category.slug.en });
  });

  it('filters by the category’s slug in the request’s language, or by its id, keeping the filter in the links', async () => {
    const [, interviews, background] = json<ArticleCategory[]>(await get('/de/api/article-categories/'));
    const bySlug = await everything(`/de/api/articles/?category=${background.slug.de}`);
    expect(bySlug.length).toBeGreaterThan(0);
    expect(bySlug.every((a) => a.category_id === background.id)).toBe(true);
    expect(await everything(`/en/api/articles/?category=${background.slug.en}`)).toHaveLength(bySlug.length);
    expect((await everything(`/de/api/articles/?category=${background.id}`)).map((a) => a.id)).toEqual(bySlug.map((a) => a.id));
    const interviewsPage = await page(`/en/api/articles/?category=${interviews.slug.en}`);
    expect(interviewsPage.results.every((a) => a.category.slug === 'interviews')).toBe(true);

    // Enough articles for a second page: the links keep the filter.
    for (let i = 0; i < pageSize; i += 1) {
      await createArticle(ctx.db, {
        slug: { de: `notiz-${i}`, en: `note-${i}` },
        title: { de: `Notiz ${i}`, en: `Note ${i}` },
        published_on: '2020-01-01',
        category_id: background.id,
      });
    }
    const filtered = await page(`/de/api/articles/?category=${background.slug.de}`);
    expect(filtered.count).toBe(bySlug.length + pageSize);
    expect(filtered.next).toBe(`/de/api/articles/?category=${background.slug.de}&page=2`);
    expect((await page(filtered.next!)).previous).toBe(`/de/api/articles/?category=${background.slug.de}`);
  });

  it.each([
    ['/de/api/articles/?category=gibt-es-nicht', 'query.category', 400, /^query\.category gibt-es-nicht names no article category$/],
    ['/de/api/articles/?category=concert-reviews', 'query.category', 400, /names no article category/],
    ['/de/api/articles/?category=99999', 'query.category', 400, /names no article category/],
    ['/de/api/articles/?category=Not%20a%20slug', 'query.category', 400, /^query\.category must be /],
    ['/de/api/mainteaser-articles/?category=nope', 'query.category', 400, /names no article category/],
    ['/de/api/articles/?page=0', 'query.page', 400, /^query\.page /],
    ['/de/api/articles/?page=abc', 'query.page', 400, /^query\.page /],
    ['/de/api/mainteaser-articles/?page=-2', 'query.page', 400, /^query\.page /],
  ])('answers %s with %s %i', async (url, field, status, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    expect(json(response)).toMatchObject({ statusCode: status, field });
    expect(json(response).message).toMatch(message);
  });

  it('lists main-teaser articles only, newest first, also per category', async () => {
    const teasers = await everything('/de/api/mainteaser-articles/');
    const flagged = await ctx.db
      .selectFrom('article')
      .select('id')
      .where('is_main_teaser', '=', 1)
      .where('is_online', '=', 1)
      .execute();
    expect(teasers.length).toBeGreaterThanOrEqual(3);
    expect(teasers.map((a) => a.id).sort((a, b) => a - b)).toEqual(flagged.map((row) => row.id).sort((a, b) => a - b));
    expect(teasers.every((a) => a.is_main_teaser)).toBe(true);
    expect(newestFirst(teasers)).toBe(true);
    const category = teasers[0].category;
    const inCategory = await everything(`/de/api/mainteaser-articles/?category=${category.slug}`);
    expect(inCategory.map((a) => a.id)).toEqual(teasers.filter((a) => a.category_id === category.id).map((a) => a.id));
  });

  it('never shows offline articles', async () => {
    const offline = await ctx.db.selectFrom('article').select(['id', 'category_id']).where('is_online', '=', 0).execute();
    expect(offline.length).toBeGreaterThan(0);
    const shown = new Set((await everything('/de/api/articles/')).map((a) => a.id));
    const shownInCategory = new Set((await everything(`/de/api/articles/?category=${offline[0].category_id}`)).map((a) => a.id));
    for (const { id } of offline) {
      expect(shown.has(id)).toBe(false);
      expect(shownInCategory.has(id)).toBe(false);
    }
  });
});

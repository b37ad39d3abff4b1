import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Paged } from '../../../contract/schemas/programme';
import type { SearchResult, SearchSummary } from '../../../contract/schemas/search';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, type TestContext } from '../test/test-context';

/** The built search pages the answers are framed by, as a build writes them (reduced). */
async function writeSite(root: string) {
  for (const [locale, title] of [['de', 'Suche'], ['en', 'Search']] as const) {
    const file = path.join(root, locale, 'search', 'index.html');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      `<!DOCTYPE html><html lang="${locale}"><head><title>${title} | Konzertfreunde</title></head><body><header class="site-header"><a href="/${locale}">Konzertfreunde</a></header><main id="main-content"><h1>${title}</h1></main><footer class="site-footer">Impressum</footer><script src="/app.js"></script></body></html>`,
    );
  }
}

const mainOf = (body: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
const hrefsOf = (body: string) => [...mainOf(body).matchAll(/<a href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];

describeEachDialect('search answer pages without script (ADR 073)', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await writeSite(ctx.config.publicDir);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const api = async <T>(url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return json<T>(response);
  };

  it('answers a search with a page of the site: both categories with their counts, titles as links, snippets and a way to each category', async () => {
    const summary = await api<SearchSummary>('/de/api/search/?query=Konzert');
    expect(summary.others.count).toBeGreaterThan(12);
    const response = await get('/de/api/search/results/?query=Konzert');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(titleOf(response.body)).toBe('Suche: Konzert | Konzertfreunde');
    // The built page's header and footer frame it; none of its scripts runs.
    expect(response.body).toContain('<header class="site-header"><a href="/de">Konzertfreunde</a></header>');
    expect(response.body).not.toMatch(/<script/i);
    const main = mainOf(response.body);
    expect(main).toContain('<h1 class="page-title">Suche: Konzert</h1>');
    expect(main).toContain(`${summary.pages.count + summary.others.count} Treffer für „Konzert“.`);
    const hrefs = hrefsOf(response.body);
    for (const result of [...summary.pages.results, ...summary.others.results]) expect(hrefs).toContain(result.url);
    expect(hrefs).toContain('/de/api/search/results/?query=Konzert&category=others');
    expect(main).toContain(`Alle ${summary.others.count} Treffer in „Programm, Abonnements und Magazin“ anzeigen`);
    expect(main).toContain(summary.others.results[0].snippet);
    expect(main).toMatch(/<mark>/);
    // The form again, holding the string, sent the same way.
    expect(main).toContain('<form role="search" aria-label="Website durchsuchen" class="search-form search-form--page" method="get" action="/de/api/search/results/">');
    expect(main).toMatch(/<input id="search-answer-query" name="query" type="search" [^>]*maxlength="100" value="Konzert">/);
  });

  it('pages through a category as the search page does, with links to the pages before and after', async () => {
    const second = await api<Paged<SearchResult>>('/de/api/search/others/?query=Konzert&page=2');
    const response = await get('/de/api/search/results/?query=Konzert&category=others&page=2');
    expect(response.statusCode).toBe(200);
    const main = mainOf(response.body);
    expect(hrefsOf(response.body).filter((href) => second.results.some((result) => result.url === href))).toEqual(second.results.map((result) => result.url));
    expect(main).toContain('<ol class="search-results" start="13">');
    expect(main).toContain('<a href="/de/api/search/results/?query=Konzert&amp;category=others" rel="prev" class="search-paging__link">Vorherige Seite</a>');
    expect(main).toMatch(/Seite 2 von \d+/);
    expect(main).toContain('aria-current="page">Programm, Abonnements und Magazin');
  });

  it('speaks English on the English address', async () => {
    const response = await get('/en/api/search/results/?query=concert');
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Search: concert | Konzertfreunde');
    expect(response.body).toContain('<html lang="en">');
    expect(mainOf(response.body)).toMatch(/\d+ results for “concert”\./);
  });

  it('says when nothing is found, and when a page of results does not exist', async () => {
    const none = await get('/de/api/search/results/?query=Zzyzxwq');
    expect(none.statusCode).toBe(200);
    expect(mainOf(none.body)).toContain('Keine Treffer für „Zzyzxwq“.');
    const past = await get('/de/api/search/results/?query=Konzert&category=pages&page=40');
    expect(past.statusCode).toBe(404);
    expect(mainOf(past.body)).toContain('Diese Ergebnisseite gibt es nicht (mehr).');
    expect(hrefsOf(past.body)).toContain('/de/api/search/results/?query=Konzert&category=pages');
  });

  it.each([
    ['', 'Bitte geben Sie einen Suchbegriff ein.'],
    ['query=', 'Bitte geben Sie einen Suchbegriff ein.'],
    ['query=%20%20', 'Bitte geben Sie einen Suchbegriff ein.'],
    [`query=${'a'.repeat(101)}`, 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.'],
    ['query=%3F!*', 'Bitte geben Sie mindestens einen Buchstaben oder eine Ziffer ein.'],
  ])('refuses ?%s with its message beside the field (400)', async (search, message) => {
    const response = await get(`/de/api/search/results/?${search}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const main = mainOf(response.body);
    expect(main).toContain(`<p id="search-answer-problem" class="search-form__hint" role="alert">${message}</p>`);
    expect(main).toContain('aria-invalid="true" aria-describedby="search-answer-problem"');
    expect(main).not.toContain('search-result');
  });

  it.each(['category=events', 'category=pages&page=zwei', 'category=pages&page=0', 'category=pages&page=51', 'page=2', 'category=others&page=1e3', 'category=pages&page=2.0'])(
    'answers ?query=Bach&%s, which names no page of the search, with 400 and a way to the search',
    async (search) => {
      const response = await get(`/de/api/search/results/?query=Bach&${search}`);
      expect(response.statusCode).toBe(400);
      expect(mainOf(response.body)).toContain('Diese Suchseite gibt es nicht.');
      expect(hrefsOf(response.body)).toContain('/de/api/search/results/?query=Bach');
    },
  );

  it('escapes what the visitor typed wherever it shows', async () => {
    const typed = '"><script>alert(1)</script><img src=x onerror=alert(2)> Konzert';
    const response = await get(`/de/api/search/results/?query=${encodeURIComponent(typed)}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/<script|<img src=x/i);
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; Konzert"');
    expect(titleOf(response.body)).toBe('Suche: &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; Konzert | Konzertfreunde');
  });

  it.each(['query=%C0%AF', 'query=a%00b', 'query=Bach&query=Brahms', `query=${'x'.repeat(1001)}`, 'query=Bach&page=99999999999999999999&category=pages'])(
    'refuses the hostile ?%s with a 4xx, never a 500',
    async (search) => {
      const response = await get(`/de/api/search/results/?${search}`);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    },
  );

  it('answers with a page of its own where no site is built', async () => {
    await fs.rm(path.join(ctx.config.publicDir, 'en'), { recursive: true, force: true });
    const response = await get('/en/api/search/results/?query=concert');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(mainOf(response.body)).toContain('<h1 class="page-title">Search: concert</h1>');
  });
});

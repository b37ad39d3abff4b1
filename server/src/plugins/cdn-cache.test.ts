/**
 * ADR 050: which public answers Netlify's CDN may keep, for how long and with which tags. Every public read route of
 * the app is collected from the route table: the cacheable ones are listed here with the tags their answers must
 * carry, and every other one must answer without `Netlify-CDN-Cache-Control`, so a new route is decided on purpose.
 */
import { describeEachDialect } from '../test/dialects';
import { classify, collectRoutes, concrete, type Route } from '../test/route-table';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, staffHeader, testNow, type TestContext } from '../test/test-context';
import { secondsUntilBerlinMidnight } from '../services/cdn/cdn-headers';

const purge = { token: 'nfp_test_token_0123456789abcdef', siteId: '12345678-90ab-cdef-1234-567890abcdef', apiUrl: 'http://127.0.0.1:9' };

/** The route patterns whose answers the CDN keeps (ADR 050); every other public read is not kept. */
const cacheableRoutes = new Set([
  'GET /:locale/api/events',
  'GET /:locale/api/all-events',
  'GET /:locale/api/page',
  'GET /:locale/api/page/*',
  'GET /:locale/api/article-categories',
  'GET /:locale/api/articles',
  'GET /:locale/api/mainteaser-articles',
  'GET /:locale/api/subscriptions',
  'GET /:locale/api/subscriptions/:id',
  'GET /:locale/api/search',
  'GET /:locale/api/search/autocomplete',
  'GET /:locale/api/search/pages',
  'GET /:locale/api/search/others',
  'GET /:locale/api/forms',
  'GET /:locale/api/forms/:slug',
]);

describeEachDialect('public answers at the CDN (ADR 050)', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  const routes: Route[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { config: { netlifyPurge: purge }, register: (app) => collectRoutes(app, routes) });
    editor = await loginAs(ctx.app);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const tagsOf = (response: { headers: Record<string, unknown> }) => String(response.headers['netlify-cache-id']).split(',').sort();

  /** A 200 the CDN keeps a day (or `seconds`), with `tags`, the same on the kept answer's second request. */
  const expectKept = async (url: string, tags: string[], seconds = 86_400) => {
    for (const attempt of [1, 2]) {
      const response = await get(url);
      expect({ url, attempt, status: response.statusCode }).toEqual({ url, attempt, status: 200 });
      expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(response.headers['netlify-cdn-cache-control']).toBe(`public, s-maxage=${seconds}, must-revalidate`);
      expect(response.headers['netlify-vary']).toBe('cookie=kf_session');
      expect(tagsOf(response)).toEqual([...tags].sort());
      // Kept for everybody: nobody's cookie on it.
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  };

  it('the programme: by event and series, "from today" only until midnight in Berlin', async () => {
    const untilMidnight = secondsUntilBerlinMidnight(testNow);
    // 11:00 in Berlin: 13 hours to go.
    expect(untilMidnight).toBe(13 * 3600);
    await expectKept('/de/api/events/', ['api', 'event:*', 'subscription:*'], untilMidnight);
    await expectKept('/de/api/events/?page=2', ['api', 'event:*', 'subscription:*'], untilMidnight);
    await expectKept('/en/api/events/?date=2026-12-01', ['api', 'event:*', 'subscription:*']);
    await expectKept('/de/api/all-events/', ['api', 'event:*']);
  });

  it('a page: its own tag and its containers', async () => {
    const page = json<{ id: number; modules: { id: number }[] }>(await get('/de/api/page/ueber-uns'));
    expect(page.modules.length).toBeGreaterThan(0);
    await expectKept('/de/api/page/ueber-uns', ['api', `page:${page.id}`, ...page.modules.map((container) => `container:${container.id}`)]);
    const home = json<{ id: number; modules: { id: number }[] }>(await get('/de/api/page/'));
    await expectKept('/de/api/page/', ['api', `page:${home.id}`, ...home.modules.map((container) => `container:${container.id}`)]);
  });

  it('forms by id; the magazine, series and search on any change, as the answer cache keeps them', async () => {
    const form = json<{ id: number }>(await get('/de/api/forms/kontakt/'));
    await expectKept('/de/api/forms/kontakt/', ['api', `form:${form.id}`]);
    await expectKept('/de/api/forms/', ['api', 'form:*']);
    const anyChange = ['api', 'any-change'];
    const series = json<{ id: number }[]>(await get('/de/api/subscriptions/'));
    for (const url of [
      '/de/api/article-categories/',
      '/de/api/articles/',
      '/de/api/mainteaser-articles/',
      '/de/api/subscriptions/',
      `/de/api/subscriptions/${series[0]!.id}/`,
      '/de/api/search/?query=Konzert',
      '/de/api/search/autocomplete/?query=Kon',
      '/de/api/search/pages/?query=Konzert',
      '/de/api/search/others/?query=Konzert',
    ]) {
      await expectKept(url, anyChange);
    }
  });

  it('staff answers are private and untagged, also where a visitor\'s would be kept', async () => {
    for (const headers of [editor.headers, staffHeader]) {
      for (const url of ['/de/api/events/', '/de/api/page/ueber-uns', '/de/api/forms/', '/de/api/search/?query=Konzert']) {
        const response = await get(url, headers);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
        // A session makes every API answer private (plugins/session.ts); the tests' staff header has none.
        if (headers === editor.headers) expect(response.headers['cache-control']).toBe('private, no-store');
        else expect(String(response.headers['cache-control'])).not.toMatch(/public/);
        expect(response.headers['netlify-cdn-cache-control']).toBeUndefined();
        expect(response.headers['netlify-cache-id']).toBeUndefined();
      }
    }
  });

  it('refusals and missing records are not kept, and still hand out the CSRF cookie', async () => {
    for (const url of ['/de/api/page/gibt-es-nicht', '/de/api/events/?date=2026-02-30', '/de/api/forms/gibt-es-nicht/', '/de/api/articles/?category=gibt-es-nicht']) {
      const response = await get(url);
      expect({ url, status: response.statusCode < 500 && response.statusCode >= 400 }).toEqual({ url, status: true });
      expect(response.headers['netlify-cdn-cache-control']).toBeUndefined();
      expect(response.headers['netlify-cache-id']).toBeUndefined();
      expect(String(response.headers['set-cookie'])).toMatch(/^csrftoken=/);
    }
  });

  it('every other public read is left to the origin: no CDN header on any of them', async () => {
    const publicReads = routes.filter((route) => route.method === 'GET' && classify(route) === 'public read');
    const keys = new Set(publicReads.map((route) => `${route.method} ${route.url}`));
    // The list above names real routes.
    for (const key of cacheableRoutes) expect({ key, registered: keys.has(key) }).toEqual({ key, registered: true });
    const others = publicReads.filter((route) => !cacheableRoutes.has(`${route.method} ${route.url}`));
    expect(others.length).toBeGreaterThan(10);
    for (const route of others) {
      const response = await get(concrete(route.url));
      expect({ route: route.url, header: response.headers['netlify-cdn-cache-control'] }).toEqual({ route: route.url, header: undefined });
    }
  });
});

describeEachDialect('public answers at the CDN without the purge settings (ADR 050)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('are kept a minute only, since no publish would purge them', async () => {
    expect(ctx.app.cdnPurger).toBeNull();
    const response = await ctx.app.inject({ method: 'GET', url: '/de/api/all-events/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['netlify-cdn-cache-control']).toBe('public, s-maxage=60, must-revalidate');
    expect(response.headers['netlify-cache-id']).toBe('api,event:*');
  });
});

import { layouts, moduleTypes, type Container, type Navigation, type Page } from '../../../contract/schemas/content';
import { setPageOnline } from '../db/repositories';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, staffHeader, type TestContext } from '../test/test-context';

describeEachDialect('content API', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  describe('GET /:locale/api/page/*', () => {
    it('answers the home page for the empty path, with hero and containers', async () => {
      for (const url of ['/de/api/page/', '/de/api/page']) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        const page = json<Page>(response);
        expect(page).toMatchObject({ locale: 'de', path: '/de', content_type: 'home', parent_id: null });
        expect(page.urls).toEqual({ de: '/de', en: '/en' });
        expect(page.hero?.headline).toBe('Musik braucht Freunde');
        expect(page.hero?.image?.src).toMatch(/^\/media\/\d+\/original\.jpg$/);
        expect(page.modules.length).toBeGreaterThanOrEqual(2);
        expect(page.breadcrumbs).toEqual([{ text: 'Home', link: '/de' }]);
      }
    });

    it('answers a nested page with urls, breadcrumbs and siblings in its language', async () => {
      const response = await get('/en/api/page/about-us/history');
      expect(response.statusCode).toBe(200);
      const page = json<Page>(response);
      expect(page).toMatchObject({ locale: 'en', path: '/en/about-us/history', title: 'History' });
      expect(page.urls).toEqual({ de: '/de/ueber-uns/geschichte', en: '/en/about-us/history' });
      expect(page.breadcrumbs).toEqual([
        { text: 'Home', link: '/en' },
        { text: 'About us', link: '/en/about-us' },
        { text: 'History', link: '/en/about-us/history' },
      ]);
      expect(page.siblings.map((s) => s.url)).toEqual([
        '/en/about-us/history',
        '/en/about-us/board',
        '/en/about-us/statutes',
      ]);
      expect(page.og_image?.alt).toMatch(/archive/);
      for (const container of page.modules) expect(container.locale).toBe('en');
    });

    it('lists online siblings only on pages with tab navigation', async () => {
      const overview = json<Page>(await get('/de/api/page/ueber-uns'));
      expect(overview.has_tab_navigation).toBe(false);
      expect(overview.siblings).toEqual([]);

      const statutes = json<Page>(await get('/de/api/page/ueber-uns/satzung'));
      await setPageOnline(ctx.db, statutes.id, false);
      try {
        const history = json<Page>(await get('/de/api/page/ueber-uns/geschichte'));
        expect(history.siblings.map((s) => s.url)).toEqual(['/de/ueber-uns/geschichte', '/de/ueber-uns/vorstand']);
      } finally {
        await setPageOnline(ctx.db, statutes.id, true);
      }
    });

    it('answers 404 for an unknown path and for a path of the other language', async () => {
      for (const url of ['/de/api/page/gibt-es-nicht', '/de/api/page/about-us']) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(json(response)).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    });

    it('hides an offline page from visitors with 404 "Page offline" but shows it to staff', async () => {
      const visitor = await get('/de/api/page/saison-2028-entwurf');
      expect(visitor.statusCode).toBe(404);
      expect(json(visitor).message).toBe('Page offline');
      const staff = await get('/en/api/page/season-2028-draft', staffHeader);
      expect(staff.statusCode).toBe(200);
      expect(json<Page>(staff).is_online).toBe(false);
    });

    it('redirects visitors asking for a version (301) to the same path without it', async () => {
      const response = await get('/de/api/page/ueber-uns?version_id=3&x=1');
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/de/api/page/ueber-uns?x=1');
    });

    it('shows staff a saved version, and 404 for a version of another page', async () => {
      const page = json<Page>(await get('/de/api/page/kontakt'));
      const versions = await ctx.db
        .selectFrom('page_version')
        .select('id')
        .where('page_id', '=', page.id)
        .orderBy('id')
        .execute();
      expect(versions.length).toBeGreaterThan(0);
      const first = await get(`/de/api/page/kontakt?version_id=${versions[0].id}`, staffHeader);
      expect(first.statusCode).toBe(200);
      // The first version was taken right after the page itself was created, before its containers.
      expect(json<Page>(first).modules).toEqual([]);
      const foreign = await ctx.db.selectFrom('page_version').select('id').where('page_id', '!=', page.id).executeTakeFirstOrThrow();
      const wrong = await get(`/de/api/page/kontakt?version_id=${foreign.id}`, staffHeader);
      expect(wrong.statusCode).toBe(404);
      expect(json(wrong).field).toBe('query.version_id');
    });

    it('rejects an unknown locale and a malformed version_id with 400 naming the field', async () => {
      const locale = await get('/fr/api/page/ueber-uns');
      expect(locale.statusCode).toBe(400);
      expect(json(locale)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'params.locale must be one of: de, en',
        code: 'not_allowed_value',
        params: { allowed: 'de, en' },
        field: 'params.locale',
      });
      const version = await get('/de/api/page/ueber-uns?version_id=abc', staffHeader);
      expect(version.statusCode).toBe(400);
      expect(json(version).field).toBe('query.version_id');
      expect(json(version).message).toMatch(/^query\.version_id /);
    });

    it('shows every module type in every layout on the demo page', async () => {
      for (const [locale, path] of [
        ['de', 'modul-demo'],
        ['en', 'module-demo'],
      ]) {
        const page = json<Page>(await get(`/${locale}/api/page/${path}`));
        expect(page.modules.map((c) => c.layout)).toEqual([0, 1, 2, 3, 4, 5]);
        for (const container of page.modules) {
          expect(container.columns).toHaveLength(layouts[container.layout].split('-').length);
          const types = container.columns.flatMap((column) => column.children.map((module) => module.type));
          expect([...types].sort()).toEqual([...moduleTypes].sort());
          // Round-robin: every column holds something.
          for (const column of container.columns) expect(column.children.length).toBeGreaterThan(0);
        }
        expect(page.modules[5].slug).toBe(locale === 'de' ? 'demo-layout-25-50-25' : 'demo-layout-25-50-25-en');
      }
    });
  });

  describe('GET /:locale/api/container/by-slug/:slug', () => {
    it('answers a container with modules in its columns', async () => {
      const response = await get('/de/api/container/by-slug/demo-layout-67-33');
      expect(response.statusCode).toBe(200);
      const container = json<Container>(response);
      expect(container).toMatchObject({ slug: 'demo-layout-67-33', layout: 1, model: 'container', locale: 'de' });
      expect(container.parent).toMatch(/^page-\d+-de$/);
      expect(container.columns.map((c) => c.classes)).toEqual(['col-12 col-lg-8', 'col-12 col-lg-4']);
      const image = container.columns.flatMap((c) => c.children).find((m) => m.type === 'image');
      expect(image).toMatchObject({ image: { alt: expect.any(String), src: expect.stringMatching(/^\/media\//) } });
    });

    it('answers 404 "Container not found" for an unknown slug and for a container of an offline page', async () => {
      for (const slug of ['nope', 'saison-2028-entwurf-text']) {
        const response = await get(`/de/api/container/by-slug/${slug}`);
        expect(response.statusCode).toBe(404);
        expect(json(response).message).toBe('Container not found');
      }
      expect((await get('/de/api/container/by-slug/saison-2028-entwurf-text', staffHeader)).statusCode).toBe(200);
    });

    it('rejects an unknown locale', async () => {
      const response = await get('/xx/api/container/by-slug/demo-layout-100');
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe('params.locale');
    });
  });

  describe('GET /:locale/pageeditor-api/nav', () => {
    it('answers the menu tree and footer links', async () => {
      const response = await get('/en/pageeditor-api/nav');
      expect(response.statusCode).toBe(200);
      const nav = json<Navigation>(response);
      const highlighted = nav.menu.filter((item) => item.is_highlight);
      expect(highlighted.length).toBeGreaterThanOrEqual(2);
      expect(highlighted.filter((item) => item.children.length).length).toBeGreaterThanOrEqual(2);
      expect(nav.menu.some((item) => !item.is_highlight && item.in_burger_menu)).toBe(true);
      expect(nav.menu.slice(0, 5).map((item) => [item.title, item.url, item.is_highlight])).toEqual([
        ['Events', '/en/events', true],
        ['Subscriptions', '/en/abonnements', true],
        ['Magazine', '/en/magazine', true],
        ['Ticket exchange', '/en/kartenboerse', false],
        ['About us', '/en/about-us', true],
      ]);
      expect(nav.footer).toContainEqual({ title: 'Imprint', url: '/en/imprint', external: false });
      expect(nav.footer.find((link) => link.external)?.url).toBe('https://www.example-konzerthaus.de');
    });

    it('rejects an unknown locale', async () => {
      const response = await get('/fr/pageeditor-api/nav');
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe('params.locale must be one of: de, en');
    });
  });

  describe('redirect lookup', () => {
    it('lists the redirects of a language', async () => {
      const response = await get('/de/pageeditor-api/redirect');
      expect(response.statusCode).toBe(200);
      const list = json<{ old_path: string; new_path: string }[]>(response);
      expect(list).toContainEqual({ old_path: '/de/verein', new_path: '/de/ueber-uns' });
      expect(list.every((r) => r.old_path.startsWith('/de/'))).toBe(true);
      expect(json(await get('/en/pageeditor-api/redirect'))).toEqual([{ old_path: '/en/association', new_path: '/en/about-us' }]);
    });

    it('answers one redirect by its old path, and 404 for none', async () => {
      const found = await get('/de/pageeditor-api/redirect/de/mitglied');
      expect(found.statusCode).toBe(200);
      expect(json(found)).toEqual({ old_path: '/de/mitglied', new_path: '/de/mitgliedschaft/mitglied-werden' });
      const missing = await get('/de/pageeditor-api/redirect/de/ueber-uns');
      expect(missing.statusCode).toBe(404);
      expect(json(missing).statusCode).toBe(404);
    });

    it('rejects an unknown locale', async () => {
      expect((await get('/it/pageeditor-api/redirect')).statusCode).toBe(400);
      expect(json(await get('/it/pageeditor-api/redirect/de/verein')).field).toBe('params.locale');
    });
  });

  describe('GET /:locale/api/hero/ and /:locale/api/settings/', () => {
    it('answers the home hero per language', async () => {
      const response = await get('/en/api/hero/');
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ headline: 'Music needs friends', link: '/en/membership', video: '' });
    });

    it('answers the contact details with the phone hours', async () => {
      const response = await get('/de/api/settings/');
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({
        address: expect.stringContaining('79098 Freiburg'),
        phone: expect.stringMatching(/^\+49/),
        phone_hours: 'Mo–Fr 10–14 Uhr; an Konzerttagen von 11 Uhr bis Konzertbeginn',
        info_email: 'info@konzertfreunde.example',
        imprint_url: '/de/impressum',
        privacy_url: '/de/datenschutz',
      });
    });

    it('rejects an unknown locale on both', async () => {
      for (const url of ['/fr/api/hero/', '/fr/api/settings/']) {
        const response = await get(url);
        expect(response.statusCode).toBe(400);
        expect(json(response).field).toBe('params.locale');
      }
    });
  });

  describe('errors', () => {
    it('answers unknown API routes with JSON 404', async () => {
      for (const url of ['/de/api/nothing', '/api/unknown', '/de/pageeditor-api/user-x']) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(json(response)).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
      const post = await ctx.app.inject({ method: 'POST', url: '/de/api/page/ueber-uns' });
      expect(post.statusCode).toBe(404);
    });

    it('hides the details of server errors', async () => {
      const app = (await import('../app')).buildApp({ config: ctx.config, db: ctx.db, logger: false });
      app.get('/api/boom', async () => {
        throw new Error('secret database detail');
      });
      const response = await app.inject('/api/boom');
      await app.close();
      expect(response.statusCode).toBe(500);
      expect(json(response)).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'An internal server error has occurred.',
      });
    });
  });
});

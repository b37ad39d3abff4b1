/**
 * Refusals speak in codes (ADR 033). First a walk over the route table: every staff route, asked without
 * a session, without the CSRF token, as an editor where only administrators may, with a body that is not even an
 * object, with an unknown field, with nothing and with a valid body; every 4xx it answers must carry a code of the
 * server's one list (shared/refusal-codes.ts), which src/staff/refusal-texts.test.ts proves has a German and an
 * English sentence for each, and no answer may be a 500. Then one representative refusal of each kind, with the
 * code, the params and the field the staff screens need.
 */
import sharp from 'sharp';
import type { HTTPMethods } from 'fastify';
import type { Container } from '../../../contract/schemas/content';
import { isRefusalCode } from '../../../contract/refusal-codes';
import { maxMediaBytes } from '../hub/routes/media-upload-routes';
import { browserSession } from './browser-session';
import { describeEachDialect } from './dialects';
import { multipart, type Part } from './multipart';
import { classify, collectRoutes, concrete, validBody, type Kind, type Route } from './route-table';
import { loginAs, type StaffSession } from './staff-session';
import { createTestContext, json, type TestContext } from './test-context';

interface Answer {
  statusCode: number;
  body: string;
}

const errorOf = (response: Answer) => JSON.parse(response.body) as { code?: string; field?: string; params?: Record<string, unknown>; message: string };

describeEachDialect('refusal codes', (dialect) => {
  let ctx: TestContext;
  const routes: Route[] = [];
  let editor: StaffSession;
  let admin: StaffSession;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { register: (app) => collectRoutes(app, routes) });
    editor = await loginAs(ctx.app, 'editor');
    admin = await loginAs(ctx.app, 'admin');
  });
  afterAll(() => ctx?.close());

  const ofKind = (...kinds: Kind[]) => routes.filter((route) => kinds.includes(classify(route) as Kind));
  const send = (route: Route, headers: Record<string, string>, body: unknown) =>
    ctx.app.inject({ method: route.method as HTTPMethods, url: concrete(route.url), headers, ...(body !== undefined ? { payload: body as object } : {}) });

  describe('the walk over every staff route', () => {
    /** `METHOD url (case): status` for every answer that is a 500, or a 4xx without a listed code. */
    const uncoded: string[] = [];
    const seen = new Set<string>();
    const check = (route: Route, name: string, response: Answer) => {
      if (response.statusCode < 400) return;
      const where = `${route.method} ${route.url} (${name}): ${response.statusCode}`;
      if (response.statusCode >= 500) return uncoded.push(`${where} ${response.body}`);
      if (route.method === 'HEAD') return;
      const { code } = errorOf(response);
      if (!isRefusalCode(code)) uncoded.push(`${where} without a listed code: ${response.body}`);
      else seen.add(code);
    };

    it('answers every guard refusal with its code', async () => {
      const visitor = await browserSession(ctx.app);
      const { 'x-csrftoken': _token, ...withoutCsrf } = admin.headers;
      // A HEAD answer has no body to read a code from.
      const withBody = (route: Route) => route.method !== 'HEAD';
      for (const route of ofKind('staff write', 'admin write', 'staff read', 'admin read').filter(withBody)) {
        const body = validBody(route);
        const anonymous = await send(route, visitor.headers, body);
        expect([route.url, anonymous.statusCode, errorOf(anonymous).code]).toEqual([route.url, 401, 'session_expired']);
        if (route.method !== 'GET') {
          const forged = await send(route, withoutCsrf, body);
          expect([route.url, forged.statusCode, errorOf(forged).code]).toEqual([route.url, 403, 'csrf_failed']);
        }
      }
      for (const route of ofKind('admin write', 'admin read').filter(withBody)) {
        const refused = await send(route, editor.headers, validBody(route));
        expect([route.url, refused.statusCode, errorOf(refused).code]).toEqual([route.url, 403, 'admin_only']);
      }
    }, 180_000);

    it('gives every 4xx of every staff route for bad and good input a listed code, and never a 500', async () => {
      const routesWalked = ofKind('staff write', 'admin write', 'staff read', 'admin read');
      expect(routesWalked.length).toBeGreaterThan(40);
      for (const route of routesWalked) {
        const valid = validBody(route);
        const bodies: Record<string, unknown> = route.body
          ? { 'not an object': ['x'], empty: {}, 'an unknown field': { ...(valid as object), zz_unknown: 1 }, valid }
          : { none: undefined };
        for (const [name, body] of Object.entries(bodies)) check(route, name, await send(route, admin.headers, body));
      }
      expect(uncoded).toEqual([]);
      // The walk reached the schema checks and the records' own rules, not only the guards.
      for (const code of ['unknown_field', 'required', 'not_found']) expect(seen).toContain(code);
    }, 180_000);

    it('answers an unknown staff path with a code too', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/no-such-call/', headers: admin.headers });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('route_not_found');
    });
  });

  describe('one refusal of each kind', () => {
    const hub = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, as: StaffSession = editor) =>
      ctx.app.inject({ method, url: `/de/pageeditor-api/hub/${path}`, headers: as.headers, ...(payload ? { payload } : {}) });
    const editorCall = (method: 'POST' | 'DELETE', path: string, payload?: object) =>
      ctx.app.inject({ method, url: `/de/pageeditor-api/${path}`, headers: editor.headers, ...(payload ? { payload } : {}) });
    const expectRefusal = (response: Answer, status: number, code: string, field?: string, params?: Record<string, unknown>) => {
      expect(response.statusCode).toBe(status);
      const error = errorOf(response);
      expect(error.code).toBe(code);
      if (field !== undefined) expect(error.field).toBe(field);
      if (params) expect(error.params).toMatchObject(params);
    };
    const event = { slug: { de: 'refusal-konzert', en: 'refusal-concert' }, title: { de: 'Konzert', en: 'Concert' } };

    it('schema checks: a start that is no date and time, a required field left out', async () => {
      expectRefusal(await hub('POST', 'events/', { ...event, start_at: '28.11.2026 19:30' }), 400, 'invalid_datetime', 'body.start_at');
      expectRefusal(await hub('POST', 'events/', { slug: event.slug, start_at: '2027-03-14T19:30:00+01:00' }), 400, 'required', 'body.title');
    });

    it('a record rule: an end before the start', async () => {
      const response = await hub('POST', 'events/', { ...event, start_at: '2027-03-14T19:30:00+01:00', end_at: '2027-03-14T18:00:00+01:00' });
      expectRefusal(response, 400, 'end_before_start', 'body.end_at');
    });

    it('the input guard: a control character', async () => {
      expectRefusal(await hub('POST', 'events/', { ...event, title: { de: 'Kon\u0007zert', en: 'Concert' }, start_at: '2027-03-14T19:30:00+01:00' }), 400, 'control_character', 'body.title.de');
    });

    describe('module and link rules, and a stale save', () => {
      let container: Container;
      beforeAll(async () => {
        const page = await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/de/modul-demo').executeTakeFirstOrThrow();
        const created = await editorCall('POST', 'container/', { content_type: 'page', object_id: page.page_id, slug: 'refusal-walk', layout: 0 });
        expect(created.statusCode).toBe(201);
        container = json<Container>(created);
      });

      it('an image that is not in the media library', async () => {
        const response = await editorCall('POST', `container/${container.id}/modules/`, { version: container.version, module: { type: 'image', image: 99999, alias: 'horizontal' } });
        expectRefusal(response, 400, 'media_missing', 'module.image', { id: 99999 });
      });

      it('a link the link rule refuses', async () => {
        const response = await editorCall('POST', `container/${container.id}/modules/`, { version: container.version, module: { type: 'link', content: 'Mehr', link: 'javascript:alert(1)' } });
        expectRefusal(response, 400, 'invalid_link', 'module.link');
      });

      it('a save based on an older version', async () => {
        const response = await editorCall('POST', `container/${container.id}/modules/`, { version: container.version - 1, module: { type: 'headline', content: 'Alt', headline_level: 2 } });
        expectRefusal(response, 409, 'stale_save', 'version');
        expect(errorOf(response).params?.at).toEqual(expect.any(String));
      });
    });

    it('a delete blocked by dependants: a category with articles, with their count', async () => {
      const category = await ctx.db
        .selectFrom('article_category')
        .innerJoin('article', 'article.category_id', 'article_category.id')
        .select(['article_category.id', (eb) => eb.fn.countAll().as('n')])
        .groupBy('article_category.id')
        .orderBy('article_category.id')
        .executeTakeFirstOrThrow();
      expectRefusal(await hub('DELETE', `categories/${category.id}/`), 409, 'category_not_empty', 'id', { count: Number(category.n) });
    });

    it('not found', async () => {
      expectRefusal(await hub('GET', 'events/999999/'), 404, 'not_found', 'params.id');
    });

    it('users: a short password and a duplicate e-mail', async () => {
      const user = { email: 'neu@konzertfreunde.example', username: 'neu', password: 'kurz', role: 'editor' };
      expectRefusal(await hub('POST', 'users/', user, admin), 400, 'password_too_short', 'body.password', { limit: expect.any(Number) });
      const taken = await ctx.db.selectFrom('staff_user').select('email').orderBy('id').executeTakeFirstOrThrow();
      expectRefusal(await hub('POST', 'users/', { ...user, email: taken.email, password: 'ein-langes-passwort' }, admin), 409, 'email_taken', 'body.email');
    });

    it('uploads: the wrong type, too many bytes, too many pixels', async () => {
      const upload = (parts: Part[]) => {
        const { payload, contentType } = multipart(parts);
        return ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/hub/media/upload/', headers: { ...editor.headers, 'content-type': contentType }, payload });
      };
      const file = (data: Buffer, type = 'image/png'): Part => ({ name: 'file', filename: 'bild.png', type, data });
      const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
      const alt = { name: 'alt_de', value: 'Ein Bild' };
      expectRefusal(await upload([alt, file(Buffer.from('kein Bild'), 'text/plain')]), 415, 'upload_wrong_type', 'file');
      expectRefusal(await upload([alt, file(Buffer.concat([await png(20, 20), Buffer.alloc(maxMediaBytes)]))]), 413, 'upload_too_large', 'file', { limit: maxMediaBytes / 1024 / 1024 });
      expectRefusal(await upload([alt, file(await png(10000, 5000))]), 400, 'upload_too_many_pixels', 'file', { width: 10000, height: 5000 });
    });

    it('login: a wrong password, then the throttle with the seconds to wait', async () => {
      const visitor = await browserSession(ctx.app);
      const login = () =>
        ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/login/', headers: visitor.headers, payload: { login: 'niemand@konzertfreunde.example', password: 'falsch-falsch' } });
      expectRefusal(await login(), 401, 'login_failed');
      let last = await login();
      for (let i = 0; i < 10 && last.statusCode !== 429; i++) last = await login();
      expectRefusal(last, 429, 'login_throttled', undefined, { seconds: expect.any(Number) });
      expect(Number(errorOf(last).params?.seconds)).toBe(Number(last.headers['retry-after']));
    });
  });
});

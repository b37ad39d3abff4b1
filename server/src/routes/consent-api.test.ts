import { randomUUID } from 'node:crypto';
import { recordConsent } from '../db/repositories/consent-log';
import { describeEachDialect } from '../test/dialects';
import { loginAs } from '../test/staff-session';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';
import { consentRateLimit } from './consent';

let client = 0;
/** Every test sends from its own address, so the rate limit never couples tests. */
const nextIp = () => `198.51.100.${++client}`;

describeEachDialect('cookie-consent log', (dialect) => {
  let ctx: TestContext;
  /** request.isBot of each consent POST, as the handler saw it. */
  const botFlags: boolean[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      seed: false,
      register: (app) =>
        app.addHook('onResponse', async (request) => {
          if (request.routeOptions.url === '/:locale/api/consent/') botFlags.push(request.isBot);
        }),
    });
  });
  afterAll(() => ctx.close());

  const rows = () => ctx.db.selectFrom('consent_log').selectAll().orderBy('id').execute();
  const validBody = (overrides: Record<string, unknown> = {}) => ({
    consent_id: randomUUID(),
    categories: ['required', 'media'],
    revision: 2,
    action: 'first',
    ...overrides,
  });
  const post = (payload: unknown, { headers = { origin: ctx.app.publicUrl() } as Record<string, string>, ip = nextIp(), locale = 'de' } = {}) =>
    ctx.app.inject({ method: 'POST', url: `/${locale}/api/consent/`, payload: payload as object, headers, remoteAddress: ip });

  describe('POST /:locale/api/consent/', () => {
    it('writes exactly one row with the given choice and nothing about the visitor, and sets no cookie', async () => {
      const before = (await rows()).length;
      const body = validBody({ categories: ['media', 'required', 'tracking'], revision: 7, action: 'change' });
      const response = await post(body, { locale: 'en' });
      expect(response.statusCode).toBe(201);
      expect(json(response)).toEqual({ ok: true });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['set-cookie']).toBeUndefined();
      const after = await rows();
      expect(after).toHaveLength(before + 1);
      const row = after[after.length - 1];
      // These columns and no others: no IP address, user agent or other personal data.
      expect(Object.keys(row).sort()).toEqual(['action', 'categories', 'consent_id', 'created_at', 'id', 'revision']);
      expect(row).toMatchObject({
        consent_id: body.consent_id,
        // Stored in the categories' own order, whatever order the banner sent.
        categories: '["required","tracking","media"]',
        revision: 7,
        action: 'change',
        created_at: testNow.toISOString(),
      });
      expect(botFlags[botFlags.length - 1]).toBe(false);
    });

    it.each([
      ['a missing consent_id', { consent_id: undefined }, 'body.consent_id'],
      ['a consent_id that is no UUID', { consent_id: 'not-a-uuid' }, 'body.consent_id'],
      ['a consent_id with a UUID inside other text', { consent_id: `x${randomUUID()}` }, 'body.consent_id'],
      ['an unknown category', { categories: ['required', 'analytics'] }, 'body.categories.1'],
      ['categories without "required"', { categories: ['tracking', 'media'] }, 'body.categories'],
      ['no categories at all', { categories: [] }, 'body.categories'],
      ['a category named twice', { categories: ['required', 'media', 'media'] }, 'body.categories'],
      ['a negative revision', { revision: -1 }, 'body.revision'],
      ['a fractional revision', { revision: 1.5 }, 'body.revision'],
      ['a revision above 1 000 000', { revision: 1_000_001 }, 'body.revision'],
      ['a missing revision', { revision: undefined }, 'body.revision'],
      ['an unknown action', { action: 'accept' }, 'body.action'],
      ['an extra property', { ip: '203.0.113.9' }, 'body.ip'],
    ])('refuses %s with 400 naming the field and writes nothing', async (_case, overrides, field) => {
      const before = await rows();
      const response = await post(JSON.parse(JSON.stringify(validBody(overrides))));
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ statusCode: 400, error: 'Bad Request', field });
      expect(json(response).message).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')} `));
      expect(await rows()).toEqual(before);
    });

    it.each([
      ['another site', 'https://evil.example'],
      ['a look-alike of the site on another port', 'http://localhost:8001'],
      ['a sandboxed page (Origin: null)', 'null'],
    ])('refuses a request from %s with 403 and writes nothing', async (_case, origin) => {
      const before = await rows();
      const response = await post(validBody(), { headers: { origin } });
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({ statusCode: 403, field: 'headers.origin' });
      expect(await rows()).toEqual(before);
    });

    it('accepts the public URL or the request’s own origin as Origin, and no Origin, without any cookie', async () => {
      const before = (await rows()).length;
      expect(ctx.app.publicUrl()).toBe('http://localhost:8000');
      expect((await post(validBody(), { headers: { origin: 'http://localhost:8000' } })).statusCode).toBe(201);
      expect((await post(validBody(), { headers: { host: 'kf.example:8443', origin: 'http://kf.example:8443' } })).statusCode).toBe(201);
      expect((await post(validBody(), { headers: {} })).statusCode).toBe(201);
      expect(await rows()).toHaveLength(before + 3);
    });

    it('refuses a body that is not JSON (what a cross-site HTML form would send) and writes nothing', async () => {
      const before = await rows();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/de/api/consent/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'consent_id=3f2504e0-4f89-41d3-9a0c-0305e82c3301&categories=required&revision=1&action=first',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(415);
      expect(await rows()).toEqual(before);
    });

    it(`answers 429 with Retry-After past ${consentRateLimit.limit} calls from one client, and writes nothing then`, async () => {
      const ip = nextIp();
      for (let i = 0; i < consentRateLimit.limit; i += 1) {
        expect((await post(validBody({ revision: i }), { ip })).statusCode).toBe(201);
      }
      const before = await rows();
      const refused = await post(validBody(), { ip });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await rows()).toEqual(before);
      // Another client is not affected.
      expect((await post(validBody())).statusCode).toBe(201);
    });
  });

  describe('GET /:locale/pageeditor-api/consent-log/', () => {
    const read = (consentId: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `/de/pageeditor-api/consent-log/?consent_id=${encodeURIComponent(consentId)}`, headers });

    it('gives staff the history of a consent id, oldest first', async () => {
      const consentId = randomUUID();
      const other = randomUUID();
      expect((await post(validBody({ consent_id: consentId, categories: ['required', 'tracking', 'media', 'marketing'], revision: 3, action: 'first' }))).statusCode).toBe(201);
      expect((await post(validBody({ consent_id: other }))).statusCode).toBe(201);
      expect((await post(validBody({ consent_id: consentId.toUpperCase(), categories: ['required'], revision: 3, action: 'withdraw' }))).statusCode).toBe(201);
      // Logged later but decided a day earlier (the app's clock stands still in tests): the time orders, not the id.
      const dayBefore = new Date(testNow.getTime() - 86_400_000);
      await recordConsent(ctx.db, { consentId, categories: ['required', 'media'], revision: 2, action: 'first', now: dayBefore });

      const staff = await loginAs(ctx.app);
      const response = await read(consentId, { cookie: staff.headers.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toMatch(/no-store/);
      expect(json(response)).toEqual({
        consent_id: consentId,
        entries: [
          { categories: ['required', 'media'], revision: 2, action: 'first', created_at: dayBefore.toISOString() },
          { categories: ['required', 'tracking', 'media', 'marketing'], revision: 3, action: 'first', created_at: testNow.toISOString() },
          { categories: ['required'], revision: 3, action: 'withdraw', created_at: testNow.toISOString() },
        ],
      });
      expect(json(await read(consentId.toUpperCase(), { cookie: staff.headers.cookie })).entries).toHaveLength(3);
    });

    it('answers an unknown consent id with no entries', async () => {
      const staff = await loginAs(ctx.app);
      const unknown = randomUUID();
      const response = await read(unknown, { cookie: staff.headers.cookie });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ consent_id: unknown, entries: [] });
    });

    it('refuses a malformed or missing consent id with 400', async () => {
      const staff = await loginAs(ctx.app);
      const response = await read('12345', { cookie: staff.headers.cookie });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ field: 'query.consent_id' });
      const missing = await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/consent-log/', headers: { cookie: staff.headers.cookie } });
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toMatchObject({ field: 'query.consent_id' });
    });

    it('answers 401 without a session, even for a request the tests would otherwise treat as staff', async () => {
      const consentId = randomUUID();
      await recordConsent(ctx.db, { consentId, categories: ['required'], revision: 1, action: 'first', now: testNow });
      const response = await read(consentId);
      expect(response.statusCode).toBe(401);
      expect(json(response).entries).toBeUndefined();
      expect((await read(consentId, { 'x-test-staff': '1' })).statusCode).toBe(401);
    });
  });
});

import type { Db } from '../db/database';
import { browserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { probeLimit, registerProbe } from '../test/probe-route';
import { createTestContext, json, type TestContext } from '../test/test-context';
import { Type } from '@sinclair/typebox';
import { buildApp, type App } from '../app';
import { ContentValidationError } from '../db/errors';
import { pruneUsedFormTokens } from '../db/repositories/used-form-tokens';
import { checkFormToken, issueFormToken, MAX_FORM_AGE_MS, usedFormTokenMessage } from './public-writes';
import { publicWriteFields } from '../../../contract/schemas/public-write-fields';

const mailRows = (db: Db) => db.selectFrom('mail_outbox').select(['id', 'to_addresses']).execute();
let address = 0;
/** Each test posts from its own client address, so the rate limit of one never touches another. */
const nextClient = () => `198.51.100.${++address}`;

/** The probe, and a public write whose handler refuses every body after the bot check. */
function registerProbes(app: App, db: Db) {
  registerProbe(app, db);
  app.post(
    '/:locale/api/probe-refuse/',
    { config: { csrf: true, publicWrite: probeLimit }, schema: { body: Type.Object({ email: Type.String(), ...publicWriteFields }, { additionalProperties: false }) } },
    async () => {
      throw new ContentValidationError('body.email', 'body.email is refused by this probe');
    },
  );
}

describeEachDialect('public writes', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false, config: { minFillMs: 0 }, register: registerProbes });
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.db.deleteFrom('mail_outbox').execute());

  async function post(body: Record<string, unknown>, headers: Record<string, string>, remoteAddress = nextClient()) {
    return ctx.app.inject({ method: 'POST', url: '/de/api/probe/', payload: body, headers, remoteAddress });
  }

  describe('CSRF', () => {
    it('sets a readable, SameSite=Lax csrftoken cookie on GETs under /{locale}/api/, and keeps a valid one', async () => {
      const first = await ctx.app.inject({ method: 'GET', url: '/de/api/csrf/' });
      expect(first.statusCode).toBe(204);
      const cookie = String(first.headers['set-cookie']);
      expect(cookie).toMatch(/^csrftoken=[^;]+\.[^;]+; Max-Age=\d+; Path=\/; SameSite=Lax$/);
      expect(cookie).not.toMatch(/HttpOnly|Secure/);
      const token = /csrftoken=([^;]+)/.exec(cookie)![1];
      const again = await ctx.app.inject({ method: 'GET', url: '/en/api/form-token/', headers: { cookie: `csrftoken=${token}` } });
      expect(again.headers['set-cookie']).toBeUndefined();
      const forged = await ctx.app.inject({ method: 'GET', url: '/en/api/form-token/', headers: { cookie: 'csrftoken=abc.def' } });
      expect(String(forged.headers['set-cookie'])).toMatch(/^csrftoken=/);
    });

    it('marks the cookie Secure on a host other than localhost', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/de/api/csrf/', headers: { host: 'www.konzertfreunde.example' } });
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    });

    it('accepts a matching header, cookie and Origin (or Referer, or the request origin)', async () => {
      const session = await browserSession(ctx.app);
      expect((await post({ email: 'a@example.org', form_token: await session.formToken() }, session.headers)).statusCode).toBe(202);
      const { origin, ...withoutOrigin } = session.headers;
      expect((await post({ email: 'b@example.org', form_token: await session.formToken() }, { ...withoutOrigin, referer: `${origin}/de/newsletter` })).statusCode).toBe(202);
      expect((await post({ email: 'c@example.org', form_token: await session.formToken() }, { ...withoutOrigin, host: 'kf.example:8443', origin: 'http://kf.example:8443' })).statusCode).toBe(202);
      expect(await mailRows(ctx.db)).toHaveLength(3);
    });

    it.each([
      ['no header', (h: Record<string, string>) => ({ ...h, 'x-csrftoken': '' }), 'headers.x-csrftoken'],
      ['a header that differs from the cookie', (h: Record<string, string>) => ({ ...h, 'x-csrftoken': `${h['x-csrftoken']}x` }), 'headers.x-csrftoken'],
      ['no cookie', (h: Record<string, string>) => ({ 'x-csrftoken': h['x-csrftoken'], origin: h.origin }), 'cookies.csrftoken'],
      ['a forged signature', (h: Record<string, string>) => ({ ...h, cookie: 'csrftoken=made.up', 'x-csrftoken': 'made.up' }), 'cookies.csrftoken'],
      ['a foreign Origin', (h: Record<string, string>) => ({ ...h, origin: 'https://evil.example' }), 'headers.origin'],
      ['a foreign Referer and no Origin', (h: Record<string, string>) => ({ cookie: h.cookie, 'x-csrftoken': h['x-csrftoken'], referer: 'https://evil.example/x' }), 'headers.referer'],
      ['neither Origin nor Referer', (h: Record<string, string>) => ({ cookie: h.cookie, 'x-csrftoken': h['x-csrftoken'] }), 'headers.referer'],
    ])('refuses %s with 403 and writes nothing', async (_name, alter, field) => {
      const session = await browserSession(ctx.app);
      const response = await post({ email: 'x@example.org', form_token: await session.formToken() }, alter(session.headers));
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual({ statusCode: 403, error: 'Forbidden', message: 'CSRF check failed', code: 'csrf_failed', field });
      expect(await mailRows(ctx.db)).toHaveLength(0);
    });

    it('checks CSRF before the body: an invalid body without a token is 403, not 400', async () => {
      const response = await post({ nonsense: true }, { origin: 'http://localhost:8000' });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('bodies', () => {
    it('refuses an unknown field with 400 naming it, and a missing one likewise', async () => {
      const session = await browserSession(ctx.app);
      const token = await session.formToken();
      const unknown = await post({ email: 'x@example.org', form_token: token, admin: true }, session.headers);
      expect(unknown.statusCode).toBe(400);
      expect(json(unknown)).toMatchObject({ field: 'body.admin', message: 'body.admin is not a known field' });
      const missing = await post({ form_token: token }, session.headers);
      expect(json(missing)).toMatchObject({ statusCode: 400, field: 'body.email' });
      expect(await mailRows(ctx.db)).toHaveLength(0);
    });
  });

  describe('bot check', () => {
    it.each([
      ['the honeypot is filled', async (token: string) => ({ email: 'bot@example.org', form_token: token, website: 'http://spam.example' })],
      ['the form token is missing', async () => ({ email: 'bot@example.org' })],
      ['the form token is forged', async () => ({ email: 'bot@example.org', form_token: `${Date.now() - 10_000}.x.forged` })],
    ])('answers like a success but stores and mails nothing when %s', async (_name, body) => {
      const session = await browserSession(ctx.app);
      const response = await post(await body(await session.formToken()), session.headers);
      expect(response.statusCode).toBe(202);
      expect(json(response)).toEqual({ status: 'received' });
      expect(await mailRows(ctx.db)).toHaveLength(0);
    });

    it('treats a form sent faster than MIN_FILL_MS as a bot, and a form token from the header as a token', async () => {
      const slow = await createTestContext(dialect, { seed: false, config: { minFillMs: 60_000 }, register: registerProbe });
      try {
        const session = await browserSession(slow.app);
        const response = await slow.app.inject({ method: 'POST', url: '/de/api/probe/', payload: { email: 'fast@example.org', form_token: await session.formToken() }, headers: session.headers });
        expect(response.statusCode).toBe(202);
        expect(await mailRows(slow.db)).toHaveLength(0);
      } finally {
        await slow.close();
      }
      const session = await browserSession(ctx.app);
      const viaHeader = await post({ email: 'header@example.org' }, { ...session.headers, 'x-form-token': await session.formToken() });
      expect(viaHeader.statusCode).toBe(202);
      expect(await mailRows(ctx.db)).toHaveLength(1);
    });
  });

  describe('rate limit', () => {
    it('answers the request past the limit with 429 and Retry-After, per client', async () => {
      const session = await browserSession(ctx.app);
      const client = nextClient();
      for (let i = 0; i < probeLimit.limit; i++) expect((await post({ email: `r${i}@example.org`, form_token: await session.formToken() }, session.headers, client)).statusCode).toBe(202);
      const refused = await post({ email: 'r4@example.org', form_token: await session.formToken() }, session.headers, client);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(json(refused)).toMatchObject({ statusCode: 429, message: `Too many requests: please wait ${retryAfter} seconds before trying again.` });
      expect(await mailRows(ctx.db)).toHaveLength(probeLimit.limit);
      expect((await post({ email: 'other@example.org', form_token: await session.formToken() }, session.headers, nextClient())).statusCode).toBe(202);
    });

    it('counts per visitor behind a trusted proxy (TRUST_PROXY), and ignores a forged X-Forwarded-For without one', async () => {
      const proxied = await createTestContext(dialect, { seed: false, config: { minFillMs: 0, trustProxy: 1 }, register: registerProbe });
      try {
        const session = await browserSession(proxied.app);
        const send = async (visitor: string, n: number) =>
          proxied.app.inject({
            method: 'POST',
            url: '/de/api/probe/',
            payload: { email: `p${n}@example.org`, form_token: await session.formToken() },
            headers: { ...session.headers, 'x-forwarded-for': visitor },
            remoteAddress: '10.0.0.1', // the proxy: every request arrives from it
          });
        for (let i = 0; i < probeLimit.limit; i++) expect((await send('203.0.113.50', i)).statusCode).toBe(202);
        expect((await send('203.0.113.50', 99)).statusCode).toBe(429);
        expect((await send('203.0.113.51', 100)).statusCode).toBe(202);
      } finally {
        await proxied.close();
      }
      // Without TRUST_PROXY the header is the visitor's word, not the proxy's: the limit keeps counting the connection.
      const session = await browserSession(ctx.app);
      const client = nextClient();
      const direct = async (forged: string) =>
        post({ email: 'd@example.org', form_token: await session.formToken() }, { ...session.headers, 'x-forwarded-for': forged }, client);
      for (let i = 0; i < probeLimit.limit; i++) expect((await direct(`192.0.2.${i + 1}`)).statusCode).toBe(202);
      expect((await direct('192.0.2.200')).statusCode).toBe(429);
    });
  });
  describe('single-use form tokens', () => {
    it('refuses a token that was used for an accepted submission with 403 naming it, and writes nothing more', async () => {
      const session = await browserSession(ctx.app);
      const token = await session.formToken();
      expect((await post({ email: 'once@example.org', form_token: token }, session.headers)).statusCode).toBe(202);
      const again = await post({ email: 'twice@example.org', form_token: token }, session.headers);
      expect(again.statusCode).toBe(403);
      expect(json(again)).toEqual({ statusCode: 403, error: 'Forbidden', message: usedFormTokenMessage, code: 'forbidden', field: 'body.form_token' });
      const viaHeader = await post({ email: 'thrice@example.org' }, { ...session.headers, 'x-form-token': token });
      expect(json(viaHeader)).toMatchObject({ statusCode: 403, field: 'headers.x-form-token' });
      expect((await mailRows(ctx.db)).map((row) => row.to_addresses)).toEqual([expect.stringContaining('once@example.org')]);
      // A new token (a reloaded form) is accepted.
      expect((await post({ email: 'reloaded@example.org', form_token: await session.formToken() }, session.headers)).statusCode).toBe(202);
    });

    it('lets only one of parallel submissions with one token through', async () => {
      const session = await browserSession(ctx.app);
      const token = await session.formToken();
      const statuses = await Promise.all(Array.from({ length: 4 }, (_, i) => post({ email: `p${i}@example.org`, form_token: token }, session.headers)));
      expect(statuses.map((r) => r.statusCode).sort()).toEqual([202, 403, 403, 403]);
      expect(await mailRows(ctx.db)).toHaveLength(1);
    });

    it('gives the token back when the write is refused, so the corrected form can be sent with it', async () => {
      const session = await browserSession(ctx.app);
      const token = await session.formToken();
      const refused = await ctx.app.inject({ method: 'POST', url: '/de/api/probe-refuse/', payload: { email: 'x@example.org', form_token: token }, headers: session.headers, remoteAddress: nextClient() });
      expect(refused.statusCode).toBe(400);
      expect(await ctx.db.selectFrom('used_form_token').select('token').where('token', '=', token).executeTakeFirst()).toBeUndefined();
      expect((await post({ email: 'fixed@example.org', form_token: token }, session.headers)).statusCode).toBe(202);
    });

    it('holds across processes: another server on the same database refuses a token this one accepted', async () => {
      const other = buildApp({ config: ctx.config, db: ctx.db, logger: false, mailIntervalMs: 0 });
      registerProbe(other, ctx.db);
      try {
        const session = await browserSession(ctx.app);
        const token = await session.formToken();
        expect((await post({ email: 'first@example.org', form_token: token }, session.headers)).statusCode).toBe(202);
        const elsewhere = await other.inject({ method: 'POST', url: '/de/api/probe/', payload: { email: 'second@example.org', form_token: token }, headers: session.headers, remoteAddress: nextClient() });
        expect(elsewhere.statusCode).toBe(403);
      } finally {
        await other.close();
      }
    });

    it('prunes used tokens once they have expired', async () => {
      const now = new Date('2026-12-01T12:00:00.000Z');
      await ctx.db.insertInto('used_form_token').values([
        { token: 'expired', expires_at: '2026-12-01T11:59:59.999Z' },
        { token: 'running', expires_at: '2026-12-01T12:00:00.001Z' },
      ]).execute();
      await pruneUsedFormTokens(ctx.db, now);
      const left = await ctx.db.selectFrom('used_form_token').select('token').where('token', 'in', ['expired', 'running']).execute();
      expect(left.map((row) => row.token)).toEqual(['running']);
    });
  });
});

describe('form tokens', () => {
  const secret = 's'.repeat(40);
  it('prove a fill time between the minimum and a day, and only with the right secret', () => {
    const issued = 1_700_000_000_000;
    const token = issueFormToken(secret, issued);
    expect(checkFormToken(secret, token, 3000, issued + 2999)).toMatch(/2999 ms/);
    expect(checkFormToken(secret, token, 3000, issued + 3000)).toBeUndefined();
    expect(checkFormToken(secret, token, 3000, issued + MAX_FORM_AGE_MS + 1)).toMatch(/older than a day/);
    expect(checkFormToken('t'.repeat(40), token, 3000, issued + 5000)).toBe('invalid form token');
    expect(checkFormToken(secret, token.replace(/^\d+/, String(issued - 10_000)), 3000, issued + 5000)).toBe('invalid form token');
    expect(checkFormToken(secret, undefined, 3000)).toBe('no form token');
  });
});

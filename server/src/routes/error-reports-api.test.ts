import { errorGroupsSince } from '../db/repositories/error-reports';
import { ERROR_REPORT_BODY_LIMIT, type ErrorGroup } from '../../../contract/error-reports';
import type { CmsHubBody } from '../../../contract/hub/dashboard';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';
import { REPORTS_PER_CLIENT, REPORTS_PER_MINUTE } from './error-reports';

let client = 0;
/** Every request from its own address, so the per-client limit couples no tests but the one about it. */
const nextIp = () => `203.0.113.${(++client % 250) + 1}`;
const day = 24 * 60 * 60 * 1000;

/** Waits until `read` answers `expected` (a report written after the answer went out), at most 5 s. */
async function eventually<T>(read: () => Promise<T>, expected: T) {
  const until = Date.now() + 5000;
  let last = await read();
  while (last !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await read();
  }
  expect(last).toBe(expected);
}

const report = (overrides: Record<string, unknown> = {}) => ({
  kind: 'error',
  area: 'site',
  message: 'TypeError: Cannot read properties of undefined (reading "title")',
  place: 'EventTeaser (component---src-templates-events-page-tsx.js)',
  path: '/de/programm/',
  release: 'konzertfreunde-site@0.1.0+abcdef012345',
  stack: 'TypeError: Cannot read properties of undefined\n    at EventTeaser (/component---src-templates-events-page-tsx.js:1:2345)',
  ...overrides,
});

describeEachDialect('error reports', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let admin: StaffSession;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      seed: false,
      register: (app) => {
        // A route that fails the way a bug would, and one that answers 503 on purpose: both are server errors.
        app.get('/:locale/api/test-failure/', async () => {
          throw new Error('lookup failed for clara@example.org with token=s3cr3t-value');
        });
        app.get('/:locale/api/test-unavailable/', async (_request, reply) => reply.code(503).send({ statusCode: 503 }));
        app.get('/:locale/api/test-refusal/', async (_request, reply) => reply.code(418).send({ statusCode: 418 }));
      },
    });
    editor = await loginAs(ctx.app, 'editor');
    admin = await loginAs(ctx.app, 'admin');
  }, 120_000);
  afterAll(() => ctx.close());

  const post = (payload: unknown, { ip = nextIp(), headers = {} as Record<string, string>, locale = 'de' } = {}) =>
    ctx.app.inject({ method: 'POST', url: `/${locale}/api/error-reports/`, payload: payload as object, headers: { origin: ctx.app.publicUrl(), ...headers }, remoteAddress: ip });
  const events = () => ctx.db.selectFrom('error_event').selectAll().orderBy('id').execute();
  const groups = () => errorGroupsSince(ctx.db, new Date(testNow.getTime() - 7 * day).toISOString());
  const dashboardErrors = async (as: StaffSession = editor) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/cms-hub/', headers: as.headers });
    expect(response.statusCode).toBe(200);
    return json<CmsHubBody>(response).errors;
  };
  const clear = async () => {
    await ctx.db.deleteFrom('error_event').execute();
    await ctx.db.deleteFrom('error_group').execute();
    await ctx.db.deleteFrom('rate_limit_window').execute();
  };
  beforeEach(clear);

  it('stores a report once, answers 202 with no cookie, and the dashboard shows its group with place, release and times', async () => {
    const response = await post(report());
    expect(response.statusCode).toBe(202);
    expect(json(response)).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    const stored = await events();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ path: '/de/programm/', release: 'konzertfreunde-site@0.1.0+abcdef012345', occurred_at: testNow.toISOString(), forward_state: 'none' });
    const errors = await dashboardErrors();
    expect(errors.days).toBe(7);
    expect(errors.groups).toEqual([
      {
        id: stored[0].fingerprint,
        source: 'browser',
        kind: 'error',
        area: 'site',
        message: 'TypeError: Cannot read properties of undefined (reading "title")',
        place: 'EventTeaser (component---src-templates-events-page-tsx.js)',
        status: null,
        count: 1,
        first_seen: testNow.toISOString(),
        last_seen: testNow.toISOString(),
        release: 'konzertfreunde-site@0.1.0+abcdef012345',
        path: '/de/programm/',
        resolved_at: null,
      },
    ]);
  });

  it('groups reports by message and place, ids in the message folded; another place is another group', async () => {
    for (const id of [12, 345, 6789]) expect((await post(report({ message: `Error: no event ${id}` }))).statusCode).toBe(202);
    expect((await post(report({ message: 'Error: no event 1', place: 'Elsewhere (app.js)' }))).statusCode).toBe(202);
    const found = await groups();
    expect(found.map((group) => [group.message, group.place, group.count])).toEqual([
      ['Error: no event 1', 'Elsewhere (app.js)', 1],
      ['Error: no event 12', 'EventTeaser (component---src-templates-events-page-tsx.js)', 3],
    ]);
  });

  it("names a chunk failure by its file without the hash and a report without area by its path (the eager part's reports)", async () => {
    const webpack = 'ChunkLoadError: Loading chunk 374 failed.\n(error: https://www.konzertfreunde.example/component---src-templates-event-page-tsx-24b7e550a9705a909c69.js)';
    for (const [path, id] of [['/de/programm/', 374], ['/cms-hub/events/', 512]] as const) {
      const chunk = { kind: 'chunk', message: webpack.replace('374', String(id)), path, release: 'r1', reloaded: true };
      expect((await post(chunk)).statusCode).toBe(202);
    }
    const css = { kind: 'chunk', message: 'Error: Loading CSS chunk 12 failed.\n(/styles-0123456789abcdef0123.css)', path: '/en/', release: 'r1', reloaded: false };
    expect((await post(css)).statusCode).toBe(202);
    const found = await groups();
    expect(found.map((group) => [group.area, group.message, group.place, group.count])).toEqual([
      ['site', 'Error: Loading CSS chunk failed.', 'styles.css', 1],
      ['hub', 'ChunkLoadError: Loading chunk failed.', 'component---src-templates-event-page-tsx.js', 1],
      ['site', 'ChunkLoadError: Loading chunk failed.', 'component---src-templates-event-page-tsx.js', 1],
    ]);
    expect(JSON.parse((await events())[0].detail!)).toEqual({ reloaded: true });
  });

  it('takes personal data and credentials out of every text before storing it', async () => {
    const secrets = ['clara.wieck@example.org', 'hunter2hunter2', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'DE89370400440532013000', '+49 30 1234567', 'Zq8vR2mT9xLp4WbN7cHs3KdF6gJy1AeU5oIi'];
    const response = await post(
      report({
        kind: 'save',
        area: 'hub',
        status: 500,
        message: 'Error: could not send to clara.wieck@example.org: password=hunter2hunter2',
        place: 'saveForm (hub.js)',
        path: '/de/newsletter/bestaetigen/Zq8vR2mT9xLp4WbN7cHs3KdF6gJy1AeU5oIi/',
        stack: 'Error: x\n    at send (https://www.konzertfreunde.example/app-1a2b.js?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl:1:200)\n    Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl\n    IBAN DE89370400440532013000, phone +49 30 1234567',
        call: 'POST /de/pageeditor-api/hub/forms/3/?email=clara.wieck@example.org',
      }),
    );
    expect(response.statusCode).toBe(202);
    const [stored] = await events();
    const [group] = await groups();
    const everything = JSON.stringify({ stored, group });
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(group.message).toBe('Error: could not send to [email]: password=[removed]');
    expect(stored.path).toBe('/de/newsletter/bestaetigen/[token]/');
    expect(stored.stack).toContain('app-1a2b.js?…:1:200');
    expect(JSON.parse(stored.detail!)).toEqual({ call: 'POST /de/pageeditor-api/hub/forms/3/' });
    expect(stored.status).toBe(500);
  });

  describe('hostile and broken input: a 4xx naming the field, never a 5xx, nothing stored', () => {
    const cases: [string, unknown, number, string][] = [
      ['a script in the message is stored as text, not refused', report({ message: '<script>alert(1)</script>' }), 202, ''],
      ['a control character in the message', report({ message: 'Error:\u0000 nul' }), 400, 'body.message'],
      ['a line separator in the place', report({ place: 'a\u2028b' }), 400, 'body.place'],
      ['a message beyond its limit', report({ message: 'x'.repeat(501) }), 400, 'body.message'],
      ['an empty message', report({ message: '' }), 400, 'body.message'],
      ['a path with a query', report({ path: '/de/?email=a@b.example' }), 400, 'body.path'],
      ['a full URL as path', report({ path: 'javascript:alert(1)' }), 400, 'body.path'],
      ['an unknown kind', report({ kind: 'server' }), 400, 'body.kind'],
      ['an unknown area', report({ area: 'admin' }), 400, 'body.area'],
      ['an unknown field', report({ cookies: 'session=1' }), 400, 'body.cookies'],
      ['a status out of range', report({ status: 1000 }), 400, 'body.status'],
      ['a negative status', report({ status: -1 }), 400, 'body.status'],
      ['a fractional status', report({ status: 500.5 }), 400, 'body.status'],
      ['a status as text', report({ status: 'Infinity' }), 400, 'body.status'],
      ['reloaded as text', report({ reloaded: 'yes' }), 400, 'body.reloaded'],
      ['no release', { ...report(), release: undefined }, 400, 'body.release'],
      ['an array instead of a report', [report()], 400, 'body'],
    ];
    it.each(cases)('%s', async (_name, payload, status, field) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(status);
      if (field) expect(json(response).field).toBe(field);
      expect(await events()).toHaveLength(status === 202 ? 1 : 0);
    });

    it('a number too large for JSON numbers (1e400) is refused, not stored as Infinity', async () => {
      const body = JSON.stringify(report()).replace(/}$/, ',"status":1e400}');
      const response = await ctx.app.inject({ method: 'POST', url: '/de/api/error-reports/', payload: body, headers: { 'content-type': 'application/json' }, remoteAddress: nextIp() });
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe('body.status');
      expect(await events()).toHaveLength(0);
    });

    it('a body above the limit is refused with 413 before it is read', async () => {
      const response = await post(report({ stack: 'y'.repeat(ERROR_REPORT_BODY_LIMIT) }));
      expect(response.statusCode).toBe(413);
      expect(await events()).toHaveLength(0);
    });

    it('a report from another site is refused with 403; one without Origin (same-site beacons) is taken', async () => {
      const foreign = await post(report(), { headers: { origin: 'https://evil.example' } });
      expect(foreign.statusCode).toBe(403);
      expect(json(foreign).field).toBe('headers.origin');
      expect(await events()).toHaveLength(0);
      const bare = await ctx.app.inject({ method: 'POST', url: '/en/api/error-reports/', payload: report(), remoteAddress: nextIp() });
      expect(bare.statusCode).toBe(202);
    });

    it('a form body instead of JSON is refused with 415', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/de/api/error-reports/', payload: 'kind=error', headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: nextIp() });
      expect(response.statusCode).toBe(415);
    });
  });

  it(`limits one client to ${REPORTS_PER_CLIENT} reports in ten minutes`, async () => {
    const ip = '192.0.2.77';
    for (let index = 0; index < REPORTS_PER_CLIENT; index++) expect((await post(report(), { ip })).statusCode).toBe(202);
    const refused = await post(report(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await events()).toHaveLength(REPORTS_PER_CLIENT);
  });

  it(`limits the whole site to ${REPORTS_PER_MINUTE} reports a minute, whoever sends them`, async () => {
    for (let index = 0; index < REPORTS_PER_MINUTE; index++) expect((await post(report(), { ip: `198.18.${index >> 8}.${index & 255}` })).statusCode).toBe(202);
    const refused = await post(report(), { ip: '198.18.200.1' });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe('too_many_requests');
    expect(await events()).toHaveLength(REPORTS_PER_MINUTE);
  });

  describe('resolving a group', () => {
    const resolve = (id: string, as: StaffSession | null) =>
      ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/cms-hub/errors/${id}/resolve/`, headers: as ? as.headers : {} });

    it('is for admins; the group shows as resolved after open ones, and its next report opens it again', async () => {
      await post(report({ message: 'Error: first' }));
      await post(report({ message: 'Error: second' }));
      const [, second] = await groups();
      const id = second.message === 'Error: first' ? second.id : (await groups())[0].id;

      expect((await resolve(id, null)).statusCode).toBe(401);
      const refused = await resolve(id, editor);
      expect(refused.statusCode).toBe(403);
      expect(json(refused).code).toBe('admin_only');

      const resolved = await resolve(id, admin);
      expect(resolved.statusCode).toBe(200);
      expect(json<ErrorGroup>(resolved)).toMatchObject({ id, message: 'Error: first', resolved_at: testNow.toISOString() });
      const listed = (await dashboardErrors(admin)).groups;
      expect(listed.map((group) => [group.message, group.resolved_at])).toEqual([
        ['Error: second', null],
        ['Error: first', testNow.toISOString()],
      ]);

      await post(report({ message: 'Error: first' }));
      const reopened = (await groups()).find((group) => group.id === id)!;
      expect(reopened).toMatchObject({ resolved_at: null, count: 2 });
    });

    it('answers 404 for an unknown group and 400 naming the id for a malformed one', async () => {
      const unknown = await resolve('0'.repeat(32), admin);
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown).field).toBe('params.id');
      const malformed = await resolve('<script>', admin);
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed).field).toBe('params.id');
    });
  });

  it('keeps reports 30 days; the dashboard counts the last 7', async () => {
    await post(report());
    const [stored] = await events();
    const old = (days: number) => ({ ...stored, id: undefined, occurred_at: new Date(testNow.getTime() - days * day).toISOString() });
    await ctx.db.insertInto('error_event').values([old(3), old(10), old(31)].map(({ id: _id, ...row }) => row)).execute();
    await ctx.db.updateTable('error_group').set({ first_seen: new Date(testNow.getTime() - 31 * day).toISOString() }).execute();
    expect((await dashboardErrors()).groups).toMatchObject([{ count: 2, first_seen: new Date(testNow.getTime() - 31 * day).toISOString() }]);

    expect(await ctx.app.errorReports.prune()).toBe(1);
    expect(await events()).toHaveLength(3);
    // A group whose every report is older is gone with them.
    await ctx.db.updateTable('error_event').set({ occurred_at: new Date(testNow.getTime() - 40 * day).toISOString() }).execute();
    expect(await ctx.app.errorReports.prune()).toBe(3);
    expect(await ctx.db.selectFrom('error_group').selectAll().execute()).toEqual([]);
  });

  describe('the server reports its own 5xx answers', () => {
    it('with route, path without query, release and the error, scrubbed; a 4xx is not reported', async () => {
      const failed = await ctx.app.inject({ method: 'GET', url: '/de/api/test-failure/?email=clara@example.org', remoteAddress: nextIp() });
      expect(failed.statusCode).toBe(500);
      // The answer says nothing of the cause.
      expect(failed.body).not.toContain('lookup failed');
      expect((await ctx.app.inject({ method: 'GET', url: '/de/api/test-refusal/' })).statusCode).toBe(418);
      expect((await ctx.app.inject({ method: 'GET', url: '/de/api/events/?page=abc' })).statusCode).toBe(400);

      await eventually(async () => (await events()).length, 1);
      const [group] = await groups();
      expect(group).toMatchObject({
        source: 'server',
        kind: 'server',
        area: 'server',
        message: 'Error: lookup failed for [email] with token=[removed]',
        place: 'GET /:locale/api/test-failure/',
        path: '/de/api/test-failure/',
        status: 500,
        release: ctx.config.release ?? expect.stringMatching(/^konzertfreunde-site@/),
      });
      const [stored] = await events();
      expect(stored.stack).toContain('error-reports-api.test.ts');
      expect(stored.stack).not.toContain(process.cwd());
    });

    it('a 5xx sent on purpose is reported by its status', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/en/api/test-unavailable/' })).statusCode).toBe(503);
      await eventually(async () => (await groups()).length, 1);
      expect((await groups())[0]).toMatchObject({ message: 'HTTP 503', place: 'GET /:locale/api/test-unavailable/', status: 503 });
    });
  });
});


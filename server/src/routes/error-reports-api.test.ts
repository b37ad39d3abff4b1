import { errorGroupsSince, recordErrorReport, type ErrorReportBounds, type NewErrorReport } from '../db/repositories/error-reports';
import { ERROR_REPORT_BODY_LIMIT, type ErrorGroup } from '../../../contract/error-reports';
import { ErrorReporter, FIRST_SAMPLES, LATEST_SAMPLES, NEW_GROUPS_PER_DAY, fingerprintOf, overflowGroup } from '../services/errors/error-reporter';
import type { CmsHubBody } from '../../../contract/hub/dashboard';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';
import { readWindow } from '../db/repositories/rate-limit-windows';
import { REPORTS_PER_CLIENT, REPORTS_PER_MINUTE } from './error-reports';
import { brokenLinkReport } from '../../../src/lib/errors/not-found';
import { failedSaveReport } from '../../../src/lib/errors/report';

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
  const groups = (options: { limit?: number } = {}) => errorGroupsSince(ctx.db, new Date(testNow.getTime() - 7 * day).toISOString(), options);
  const dashboardErrors = async (as: StaffSession = editor) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/cms-hub/', headers: as.headers });
    expect(response.statusCode).toBe(200);
    return json<CmsHubBody>(response).errors;
  };
  const clear = async () => {
    await ctx.db.deleteFrom('error_event').execute();
    await ctx.db.deleteFrom('error_group_day').execute();
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
        code: null,
        params: null,
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

  it('keeps the code of a report the site wrote itself for the hub to word (ADR 079), its texts scrubbed', async () => {
    const link = brokenLinkReport('/de/programm/', '/de/fehlt/');
    const save = failedSaveReport('POST /de/pageeditor-api/page/12/', { status: 400, data: { message: 'clara@example.org is taken' } }, 'editor');
    for (const fields of [link, save]) expect((await post({ ...fields, path: '/de/x/', release: 'r1' })).statusCode).toBe(202);
    const byKind = Object.fromEntries((await dashboardErrors()).groups.map((group) => [group.kind, group]));
    expect(byKind.route).toMatchObject({ code: 'linked_from', params: { from: '/de/programm/' } });
    expect(byKind.save).toMatchObject({ code: 'save_failed', params: { status: 400, reason: '[email] is taken' } });
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
    const secrets = [
      'clara.wieck@example.org',
      'hunter2hunter2',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      'DE89370400440532013000',
      '+49 30 1234567',
      'Zq8vR2mT9xLp4WbN7cHs3KdF6gJy1AeU5oIi',
      'anna.mueller%40example.org',
      'geheim123',
      'QkbpofuPqqNqmyQRqmvaYUaMPJMpxFGdfTfpWIkksIq',
      '203.0.113.9',
    ];
    const response = await post(
      report({
        kind: 'save',
        area: 'hub',
        status: 500,
        message: 'Error: could not send to clara.wieck@example.org: password=hunter2hunter2',
        place: 'saveForm (hub.js)',
        path: '/de/newsletter/bestaetigen/Zq8vR2mT9xLp4WbN7cHs3KdF6gJy1AeU5oIi/',
        stack:
          'Error: x\n    at send (https://www.konzertfreunde.example/app-1a2b.js?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl:1:200)\n    Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl\n    IBAN DE89370400440532013000, phone +49 30 1234567\n    for anna.mueller%40example.org (Passwort: geheim123) from 203.0.113.9 via /de/newsletter/abmelden/QkbpofuPqqNqmyQRqmvaYUaMPJMpxFGdfTfpWIkksIq/',
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
      ['an unknown code', report({ code: 'everything_fine', params: {} }), 400, 'body.code'],
      ["a server's code from a browser", report({ code: 'server_status', params: { status: 503 } }), 400, 'body.code'],
      ['a code without its params', report({ kind: 'route', code: 'linked_from' }), 400, 'body.params'],
      ['a code without the param it needs', report({ kind: 'route', code: 'linked_from', params: { status: 404 } }), 400, 'body.params.from'],
      ['params without a code', report({ params: { status: 500 } }), 400, 'body.code'],
      ['an unknown param', report({ kind: 'save', code: 'save_failed', params: { status: 500, sql: 'drop table' } }), 400, 'body.params.sql'],
      ['a linking page beyond its limit', report({ kind: 'route', code: 'linked_from', params: { from: `/${'x'.repeat(300)}` } }), 400, 'body.params.from'],
      ['a linking page that is no path', report({ kind: 'route', code: 'linked_from', params: { from: 'https://evil.example/' } }), 400, 'body.params.from'],
      ['a reason beyond its limit', report({ kind: 'save', code: 'save_failed', params: { status: 400, reason: 'x'.repeat(81) } }), 400, 'body.params.reason'],
      ['a control character in the reason', report({ kind: 'save', code: 'save_failed', params: { status: 400, reason: 'a\u0000b' } }), 400, 'body.params.reason'],
      ['a status param out of range', report({ kind: 'save', code: 'save_failed', params: { status: 600 } }), 400, 'body.params.status'],
    ];
    it.each(cases)('%s', async (_name, payload, status, field) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(status);
      if (field) expect(json(response).field).toBe(field);
      expect(await events()).toHaveLength(status === 202 ? 1 : 0);
    });

    it('a number too large for JSON numbers (1e400) is refused, not stored as Infinity', async () => {
      const body = JSON.stringify(report()).replace(/}$/, ',"status":1e400}');
      const response = await ctx.app.inject({ method: 'POST', url: '/de/api/error-reports/', payload: body, headers: { 'content-type': 'application/json', origin: ctx.app.publicUrl() }, remoteAddress: nextIp() });
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe('body.status');
      expect(await events()).toHaveLength(0);
    });

    it('a body above the limit is refused with 413 before it is read', async () => {
      const response = await post(report({ stack: 'y'.repeat(ERROR_REPORT_BODY_LIMIT) }));
      expect(response.statusCode).toBe(413);
      expect(await events()).toHaveLength(0);
    });

    it('only our own pages report: without Origin and Sec-Fetch-Site, or from another site, 403 before the body is read', async () => {
      const bare = (headers: Record<string, string>, payload: unknown = report()) =>
        ctx.app.inject({ method: 'POST', url: '/en/api/error-reports/', payload: payload as object, headers, remoteAddress: nextIp() });
      for (const refused of [
        await bare({}),
        await bare({ 'sec-fetch-site': 'same-site' }),
        await bare({ 'sec-fetch-site': 'cross-site' }),
        await post(report(), { headers: { origin: 'https://evil.example' } }),
        await post(report(), { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' } }),
        await post(report(), { headers: { origin: 'null' } }),
        // Refused before the body is read: a body the schema would refuse (400) or one too large (413) gets the same 403.
        await bare({}, { kind: 'nonsense' }),
        await bare({}, report({ stack: 'y'.repeat(ERROR_REPORT_BODY_LIMIT * 2) })),
      ]) {
        expect(refused.statusCode).toBe(403);
        expect(json(refused).field).toBe('headers.origin');
      }
      expect(await events()).toHaveLength(0);
      // A browser that sends no Origin still says where the request comes from.
      expect((await bare({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(202);
      expect((await post(report(), { headers: { 'sec-fetch-site': 'same-origin' } })).statusCode).toBe(202);
      expect(await events()).toHaveLength(2);
    });

    it('a form body instead of JSON is refused with 415', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/de/api/error-reports/', payload: 'kind=error', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.app.publicUrl() }, remoteAddress: nextIp() });
      expect(response.statusCode).toBe(415);
    });
  });

  it(`limits one client to ${REPORTS_PER_CLIENT} reports in ten minutes; the group counts them all and keeps its first and latest`, async () => {
    const ip = '192.0.2.77';
    for (let index = 0; index < REPORTS_PER_CLIENT; index++) expect((await post(report({ path: `/de/seite-${'abcdefghijklmnopqrstuvwxyzABCD'[index]}/` }), { ip })).statusCode).toBe(202);
    const refused = await post(report(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await groups()).map((group) => [group.count, group.path])).toEqual([[REPORTS_PER_CLIENT, '/de/seite-D/']]);
    const kept = (await events()).map((event) => event.path.slice(-2, -1)).join('');
    expect(kept).toBe('abcde' + 'zABCD');
    expect(FIRST_SAMPLES + LATEST_SAMPLES).toBe(kept.length);
  });

  /** A word of letters only for `index`: the fingerprint folds digits, so ids do not split a group. */
  const word = (index: number) => index.toString(26).replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)));

  it(`spends the site's ${REPORTS_PER_MINUTE} rows a minute on new groups and samples; past them a known group still counts, a new one is refused`, async () => {
    for (let index = 0; index < REPORTS_PER_MINUTE; index++) {
      const response = await post(report({ message: `Error: kind ${word(index % 40)}` }), { ip: `198.18.${index >> 8}.${index & 255}` });
      expect(response.statusCode).toBe(202);
    }
    expect(await events()).toHaveLength(40 * 3);
    const known = await post(report({ message: 'Error: kind a' }), { ip: '198.18.200.1' });
    expect(known.statusCode).toBe(202);
    const fresh = await post(report({ message: 'Error: a kind never seen' }), { ip: '198.18.200.2' });
    expect(fresh.statusCode).toBe(429);
    expect(json(fresh).code).toBe('too_many_requests');
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    expect(await events()).toHaveLength(REPORTS_PER_MINUTE);
    const found = await groups();
    expect(found).toHaveLength(40);
    expect(found.find((group) => group.message === 'Error: kind a')?.count).toBe(4);
  });

  it('a flood of thousands of distinct ~4 KB reports from rotating addresses stays within the caps, and real reports are still taken and counted', async () => {
    const real = report({ message: 'TypeError: real visitors meet this one' });
    expect((await post(real)).statusCode).toBe(202);
    const [realGroup] = await groups();
    const flood = 2000;
    let realSent = 1;
    let fresh = 0;
    for (let index = 0; index < flood; index++) {
      // A third repeat the flood's first kind (its samples spend the site's budget), the rest are new kinds.
      const message = `Error: flood ${word(index % 3 === 2 ? 0 : index)} ${'x'.repeat(200)}`;
      const response = await post(report({ message, stack: `Error: ${'y'.repeat(3900)}` }), { ip: `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}` });
      expect(response.statusCode).toBe(202);
      if (index % 3 !== 2) fresh++;
      if (index % 100 === 99) {
        // A visitor meeting the real error meanwhile, from the site itself: taken, whatever the flood spent.
        expect((await post(real)).statusCode).toBe(202);
        realSent++;
      }
    }
    const rows = async (table: 'error_event' | 'error_group' | 'error_group_day') =>
      Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    // The day's cap of new groups (the real one among them) and the day's overflow group.
    expect(await rows('error_group')).toBe(NEW_GROUPS_PER_DAY + 1);
    expect(await rows('error_group_day')).toBe(NEW_GROUPS_PER_DAY + 1);
    // Samples: within each group's first and latest, and within the site's budget for the minute.
    expect(await rows('error_event')).toBeLessThanOrEqual(Math.min(NEW_GROUPS_PER_DAY * (FIRST_SAMPLES + LATEST_SAMPLES), REPORTS_PER_MINUTE));
    const overflowed = fresh - (NEW_GROUPS_PER_DAY - 1);
    // The site's budget was spent early on: real reports after that were counted without a row.
    expect((await readWindow(ctx.db, 'error-reports:all', testNow.getTime()))?.hits).toBeGreaterThan(2 * REPORTS_PER_MINUTE);
    const found = await groups({ limit: 100 });
    expect(found.find((group) => group.id === realGroup.id)?.count).toBe(realSent);
    const overflow = found.find((group) => group.kind === 'overflow');
    expect(overflow).toMatchObject({ id: overflowGroup('browser', testNow.toISOString().slice(0, 10)).fingerprint, count: overflowed, release: '', path: '' });
    expect(found.reduce((sum, group) => sum + group.count, 0)).toBe(flood + realSent);
  }, 240_000);

  describe('bounds over days (the repository, with small caps and its own clock)', () => {
    const bounds: ErrorReportBounds = { firstSamples: 2, latestSamples: 2, newGroupsPerDay: 3, maxGroups: 5 };
    const at = (day: number) => new Date(testNow.getTime() + day * 24 * 60 * 60 * 1000).toISOString();
    const newReport = (message: string, occurredAt: string): NewErrorReport => {
      const group = { source: 'browser' as const, kind: 'error' as const, area: 'site' as const, message, place: 'f (app.js)' };
      return { fingerprint: fingerprintOf(group), group, overflow: overflowGroup('browser', occurredAt.slice(0, 10)), occurredAt, release: 'r1', path: '/de/', status: null, stack: null, detail: null, ref: null };
    };

    it('opens at most the day\'s new groups and the groups in all, one overflow group a day counts the rest; a group keeps its first and latest samples', async () => {
      const outcomes: string[] = [];
      for (let day = 0; day < 3; day++) {
        for (const name of ['a', 'b', 'c', 'd']) outcomes.push((await recordErrorReport(ctx.db, newReport(`Error: ${name}${'xyz'[day]}`, at(day)), bounds)).outcome);
      }
      // Day 0: three new, one over; day 1: two new (five in all), two over; day 2: all over.
      expect(outcomes).toEqual(['stored', 'stored', 'stored', 'counted', 'stored', 'stored', 'counted', 'counted', 'counted', 'counted', 'counted', 'counted']);
      const kinds = await ctx.db.selectFrom('error_group').select(['kind', 'place']).orderBy('first_seen').orderBy('kind').execute();
      expect(kinds.filter((group) => group.kind === 'overflow').map((group) => group.place)).toEqual([0, 1, 2].map((day) => at(day).slice(0, 10)));
      expect(kinds.filter((group) => group.kind !== 'overflow')).toHaveLength(bounds.maxGroups);

      // A known group still takes samples: its first two and its latest two stay.
      for (let index = 0; index < 6; index++) expect((await recordErrorReport(ctx.db, { ...newReport('Error: ax', at(2)), path: `/de/${index}/` }, bounds)).outcome).toBe('stored');
      const samples = await ctx.db.selectFrom('error_event').select('path').where('fingerprint', '=', newReport('Error: ax', at(0)).fingerprint).orderBy('id').execute();
      expect(samples.map((sample) => sample.path)).toEqual(['/de/', '/de/0/', '/de/4/', '/de/5/']);
      // With no room left in the budget: counted, not stored; a new group refused.
      const none = async () => false;
      expect((await recordErrorReport(ctx.db, newReport('Error: ax', at(2)), { ...bounds, maxGroups: 100 }, none)).outcome).toBe('counted');
      expect((await recordErrorReport(ctx.db, newReport('Error: ew', at(3)), { ...bounds, maxGroups: 100 }, none)).outcome).toBe('refused');
      expect(await ctx.db.selectFrom('error_group').select('fingerprint').where('fingerprint', '=', newReport('Error: ew', at(3)).fingerprint).execute()).toEqual([]);
      const [ax] = await errorGroupsSince(ctx.db, at(-4), { fingerprint: newReport('Error: ax', at(0)).fingerprint });
      expect(ax.count).toBe(1 + 6 + 1);
    });
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

  it('keeps samples 30 days and a group while it is seen; the dashboard counts its days, today and the six before', async () => {
    let clock = testNow.getTime();
    const reporter = new ErrorReporter({ db: ctx.db, release: 'r1', now: () => new Date(clock) });
    const browserReport = report() as Parameters<ErrorReporter['browser']>[0];
    for (const days of [31, 10, 6, 0]) {
      clock = testNow.getTime() - days * day;
      expect(await reporter.browser(browserReport)).toBe('stored');
    }
    const iso = (days: number) => new Date(testNow.getTime() + days * day).toISOString();
    expect((await dashboardErrors()).groups).toMatchObject([{ count: 2, first_seen: iso(-31), last_seen: iso(0) }]);

    clock = testNow.getTime();
    expect(await reporter.prune()).toBe(1);
    expect(await events()).toHaveLength(3);
    expect((await ctx.db.selectFrom('error_group_day').select('day').orderBy('day').execute()).map((row) => row.day)).toEqual([iso(-6), iso(0)].map((when) => when.slice(0, 10)));
    expect((await dashboardErrors()).groups).toMatchObject([{ count: 2 }]);
    // A group not seen for 30 days is gone with what is left of it.
    clock = testNow.getTime() + 31 * day;
    expect(await reporter.prune()).toBe(3);
    for (const table of ['error_group', 'error_group_day', 'error_event'] as const) expect(await ctx.db.selectFrom(table).selectAll().execute()).toEqual([]);
    await reporter.close();
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
      // The hub words it from its code (ADR 079).
      expect((await groups())[0]).toMatchObject({ code: 'server_status', params: { status: 503 } });
    });
  });
});


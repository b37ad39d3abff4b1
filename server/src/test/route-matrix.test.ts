/**
 * The CSRF and authorization matrices, generated from the route table (ADR 029): every registered route is
 * collected (Fastify's `onRoute` hook, checked against `printRoutes` so none is missed) and placed by what it
 * declares (plugins/staff.ts `staff`, plugins/csrf.ts `csrf`, plugins/public-writes.ts `publicWrite`; the admin
 * sections of contract/admin-menus.ts). Then, for every route of a kind, the guard of that kind is checked:
 * - staff writes: 401 without a session; 403 "CSRF check failed" with a session but no or a wrong token;
 * - staff reads: 401 without a session;
 * - admin routes (a hub section only administrators see): 403 for an editor with a valid CSRF token;
 * - public writes: 403 without the CSRF token; without a form token taken for a bot (nothing written);
 * - the login and logout writes: 403 without the CSRF token;
 * - probes (plugins/probes.ts): answered to anybody, whatever the query and the cookies, with no cookie, no-store;
 * and nothing in the database changes through any refused request. A route the classifier cannot place fails the
 * first test by name, so a new route cannot skip the matrix.
 */
import { sql } from 'kysely';
import type { HTTPMethods } from 'fastify';
import type { Db } from '../db/database';
import { browserSession } from './browser-session';
import { describeEachDialect } from './dialects';
import { classify, collectRoutes, concrete, normal, unsafe, validBody, type Kind, type Route } from './route-table';
import { loginAs, type StaffSession } from './staff-session';
import { createTestContext, type TestContext } from './test-context';

/** The answer's error message, or undefined (a HEAD has no body). */
function messageOf(response: { body: string }): string | undefined {
  try {
    return (JSON.parse(response.body) as { message?: string }).message;
  } catch {
    return undefined;
  }
}

/** `printRoutes` as `METHOD /url` lines (trailing slashes as the router keeps them: none). */
function printedRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) out.push(`${method} ${path === '*' ? '/*' : path}`);
  }
  return out;
}


/**
 * Every row of every table but the sessions' last use and the rate limits' and login throttle's counters (a refused
 * request is counted too, ADR 048, 051): equal before and after means nothing was written.
 */
async function snapshot(db: Db, dialect: string): Promise<string> {
  const schema = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const tables = (await db.introspection.getTables())
    .filter((table) => (schema === undefined || table.schema === schema) && !/^kysely_|^staff_session$|^rate_limit_window$|^login_throttle_window$/.test(table.name))
    .map((table) => table.name)
    .sort();
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    parts.push(`${table}:${rows.rows.map((row) => JSON.stringify(row)).sort().join('\n')}`);
  }
  return parts.join('\n\n');
}

describeEachDialect('route matrix', (dialect) => {
  let ctx: TestContext;
  const routes: Route[] = [];
  const bots = new Map<string, string | undefined>();
  let editor: StaffSession;
  let admin: StaffSession;
  let before: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      seed: false,
      config: { netlifyWebhookSecret: 'matrix-webhook-secret-0123456789' },
      register: (app) => {
        collectRoutes(app, routes);
        app.addHook('onResponse', async (request) => {
          if (request.routeOptions.config.publicWrite) bots.set(`${request.method} ${normal(request.routeOptions.url ?? '')}`, request.botReason);
        });
      },
    });
    editor = await loginAs(ctx.app, 'editor');
    admin = await loginAs(ctx.app, 'admin');
    before = await snapshot(ctx.db, dialect);
  });
  afterAll(() => ctx?.close());

  const ofKind = (...kinds: Kind[]) => routes.filter((route) => kinds.includes(classify(route) as Kind));
  const send = (route: Route, headers: Record<string, string>, body: unknown = validBody(route)) =>
    ctx.app.inject({ method: route.method as HTTPMethods, url: concrete(route.url), headers, ...(body !== undefined ? { payload: body as object } : {}) });

  it('places every registered route, and sees every route the router has', () => {
    const seen = new Set(routes.map((route) => `${route.method} ${route.url}`));
    // Routes added before this test's hook (the root-level GETs of csrf, form-token and the site) are reads only.
    const unseen = printedRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter((route) => !seen.has(route));
    expect(unseen.filter((route) => unsafe(route.split(' ')[0]!))).toEqual([]);
    const unplaced = routes.map(classify).filter((kind) => !['public read', 'staff read', 'admin read', 'staff write', 'admin write', 'public write', 'consent write', 'session write', 'signed webhook', 'form post', 'link write', 'probe'].includes(kind));
    expect(unplaced).toEqual([]);
    // The matrix is not empty by accident.
    expect(ofKind('staff write').length).toBeGreaterThan(20);
    expect(ofKind('admin write', 'admin read').length).toBeGreaterThan(5);
    expect(ofKind('public write').length).toBeGreaterThanOrEqual(7);
  });

  it('answers every probe to anybody, whatever its query and cookies, setting no cookie and keeping nothing', async () => {
    const probes = ofKind('probe');
    expect(probes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(['GET /healthz', 'GET /readyz', 'HEAD /healthz', 'HEAD /readyz']);
    const wrong: string[] = [];
    for (const route of probes) {
      for (const headers of [{}, editor.headers, { cookie: 'kf_session=forged; csrftoken=forged' }]) {
        const response = await ctx.app.inject({ method: route.method as HTTPMethods, url: `${route.url}?q=%00&__proto__[x]=1&q=2`, headers });
        const answer = `${route.method} ${route.url}: ${response.statusCode}, set-cookie ${String(response.headers['set-cookie'])}, cache-control ${String(response.headers['cache-control'])}`;
        if (![200, 503].includes(response.statusCode) || response.headers['set-cookie'] !== undefined || response.headers['cache-control'] !== 'no-store') wrong.push(answer);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(ctx.db, dialect)).toBe(before);
  });

  it('answers every staff route 401 without a session', async () => {
    const wrong: string[] = [];
    const visitor = await browserSession(ctx.app);
    for (const route of ofKind('staff write', 'admin write', 'staff read', 'admin read')) {
      const response = await send(route, visitor.headers);
      if (response.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every staff write with a session but without or with a wrong CSRF token (403), writing nothing', async () => {
    const wrong: string[] = [];
    const visitorToken = (await browserSession(ctx.app)).headers['x-csrftoken'];
    for (const route of ofKind('staff write', 'admin write')) {
      const { 'x-csrftoken': _token, ...withoutHeader } = admin.headers;
      const cases: Record<string, Record<string, string>> = {
        'no header': withoutHeader,
        'a header unlike the cookie': { ...admin.headers, 'x-csrftoken': editor.headers['x-csrftoken'] },
        "another session's token": { ...admin.headers, cookie: admin.headers.cookie.replace(/csrftoken=[^;]+/, `csrftoken=${editor.headers['x-csrftoken']}`), 'x-csrftoken': editor.headers['x-csrftoken'] },
        'a visitor token': { ...admin.headers, cookie: admin.headers.cookie.replace(/csrftoken=[^;]+/, `csrftoken=${visitorToken}`), 'x-csrftoken': visitorToken },
        'a foreign Origin': { ...admin.headers, origin: 'https://evil.example' },
      };
      for (const [name, headers] of Object.entries(cases)) {
        const response = await send(route, headers);
        if (response.statusCode !== 403 || messageOf(response) !== 'CSRF check failed') wrong.push(`${route.method} ${route.url} (${name}): ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(ctx.db, dialect)).toBe(before);
  });

  it('refuses an editor every admin route with 403 (with a valid CSRF token), writing nothing', async () => {
    const wrong: string[] = [];
    for (const route of ofKind('admin write', 'admin read')) {
      const response = await send(route, editor.headers);
      if (response.statusCode !== 403 || messageOf(response) === 'CSRF check failed') wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(ctx.db, dialect)).toBe(before);
  });

  it('refuses every public write without the CSRF token (403), and takes one without a form token for a bot, writing nothing', async () => {
    const wrong: string[] = [];
    const visitor = await browserSession(ctx.app);
    const { 'x-csrftoken': _token, ...withoutCsrf } = visitor.headers;
    expect(ofKind('link write').length).toBeGreaterThan(0);
    for (const route of ofKind('public write', 'session write', 'link write')) {
      const refused = await send(route, withoutCsrf);
      if (refused.statusCode !== 403 || messageOf(refused) !== 'CSRF check failed') wrong.push(`${route.method} ${route.url} without CSRF: ${refused.statusCode}`);
    }
    for (const route of ofKind('public write')) {
      const key = `${route.method} ${route.url}`;
      bots.delete(key);
      const response = await send(route, visitor.headers);
      if (bots.get(key) !== 'no form token') wrong.push(`${key} without a form token: ${response.statusCode}, bot check ${bots.has(key) ? `said ${bots.get(key)}` : 'not reached'} ${response.body}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(ctx.db, dialect)).toBe(before);
  });

  it('refuses a consent write or a form post from a foreign Origin and an unsigned webhook, writing nothing', async () => {
    const wrong: string[] = [];
    expect(ofKind('form post').length).toBeGreaterThan(0);
    for (const route of ofKind('consent write', 'form post')) {
      const response = await send(route, { origin: 'https://evil.example' });
      if (response.statusCode !== 403) wrong.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    for (const route of ofKind('signed webhook')) {
      const response = await send(route, { 'content-type': 'application/json' }, { state: 'ready' });
      if (response.statusCode < 400 || response.statusCode >= 500) wrong.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(ctx.db, dialect)).toBe(before);
  });
});

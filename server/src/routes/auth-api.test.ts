import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { App } from '../app';
import type { Db } from '../db/database';
import { readNavigation } from '../db/repositories/navigation';
import { SESSION_IDLE_MS } from '../db/repositories/staff-sessions';
import { createStaffUser } from '../db/repositories/staff-users';
import { demoStaff } from '../seed';
import { ErrorSchema, LocaleSchema } from '../../../contract/schemas/content';
import { browserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { registerProbe } from '../test/probe-route';
import { cookieFrom, loginAs, testStaff, type StaffSession } from '../test/staff-session';
import { createTestContext, json, staffHeader, testNow, type TestContext } from '../test/test-context';
import { wrongLoginMessage } from './auth';

let client = 0;
/** Every test logs in from its own address, so the per-client count never couples tests. */
const nextIp = () => `198.51.100.${++client}`;
const iso = (msFromNow: number) => new Date(testNow.getTime() + msFromNow).toISOString();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const setCookies = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat() as string[];
const cookieLine = (response: { headers: Record<string, unknown> }, name: string) =>
  setCookies(response).find((line) => line.startsWith(`${name}=`));

/** A test-only staff write: inserts a `meta` row named by the body's `note`. */
function registerStaffProbe(app: App, db: Db) {
  app.post(
    '/:locale/pageeditor-api/test-probe/',
    {
      config: { staff: true, csrf: true },
      schema: {
        params: Type.Object({ locale: LocaleSchema }),
        body: Type.Object({ note: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
        response: { 201: Type.Object({ by: Type.Integer() }), '4xx': ErrorSchema },
      },
    },
    async (request, reply) => {
      await db.insertInto('meta').values({ key: `staff-probe:${request.body.note}`, value: String(request.staff!.id) }).execute();
      return reply.code(201).send({ by: request.staff!.id });
    },
  );
}

describeEachDialect('staff sessions, login and the CSRF check', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      register: (app, db) => {
        registerStaffProbe(app, db);
        registerProbe(app, db);
      },
    });
  });
  afterAll(() => ctx?.close());

  const editorDemo = demoStaff.find((user) => user.role === 'editor')!;
  const sessionCount = async () => (await ctx.db.selectFrom('staff_session').select('id').execute()).length;

  async function login(payload: Record<string, unknown>, { ip = nextIp(), locale = 'de', headers }: { ip?: string; locale?: string; headers?: Record<string, string> } = {}) {
    const anonymous = headers ?? (await browserSession(ctx.app)).headers;
    return ctx.app.inject({ method: 'POST', url: `/${locale}/pageeditor-api/login/`, headers: anonymous, payload, remoteAddress: ip });
  }
  const getUser = (headers: Record<string, string> = {}, locale = 'de') =>
    ctx.app.inject({ method: 'GET', url: `/${locale}/pageeditor-api/user`, headers });
  const sessionToken = (session: StaffSession) => /kf_session=([^;]+)/.exec(session.headers.cookie)![1];

  describe('login', () => {
    it('logs in with e-mail and password: the user, an HttpOnly session cookie and a CSRF token for the session', async () => {
      const before = await sessionCount();
      const anonymous = await browserSession(ctx.app);
      const response = await login({ login: editorDemo.email, password: editorDemo.password }, { headers: anonymous.headers });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ logged: true, email: editorDemo.email, username: editorDemo.username, role: 'editor' });
      expect(response.headers['cache-control']).toBe('no-store');

      const line = cookieLine(response, 'kf_session')!;
      const parts = line.split('; ');
      expect(parts).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${14 * 24 * 3600}`]));
      // http://localhost is the test's public URL: a browser would drop a Secure cookie there.
      expect(parts).not.toContain('Secure');
      const token = cookieFrom(response.headers['set-cookie'], 'kf_session')!;
      expect(token).toMatch(/^[\w-]{43}$/);

      // Only the token's hash is stored.
      const rows = await ctx.db.selectFrom('staff_session').selectAll().execute();
      expect(rows).toHaveLength(before + 1);
      const row = rows.find((candidate) => candidate.id === sha256(token))!;
      expect(row).toMatchObject({ created_at: testNow.toISOString(), last_seen_at: testNow.toISOString(), expires_at: iso(14 * 24 * 3600_000) });
      expect(JSON.stringify(rows)).not.toContain(token);
      const user = await ctx.db.selectFrom('staff_user').select('last_login_at').where('id', '=', row.user_id).executeTakeFirstOrThrow();
      expect(user.last_login_at).toBe(testNow.toISOString());

      // The CSRF token is rotated: a new one, readable by the site, not the anonymous one sent.
      const csrf = cookieLine(response, 'csrftoken')!;
      expect(csrf).not.toContain('HttpOnly');
      expect(cookieFrom(response.headers['set-cookie'], 'csrftoken')).not.toBe(anonymous.headers['x-csrftoken']);
    });

    it('takes the username in any case too', async () => {
      const response = await login({ login: ` ${editorDemo.username.toUpperCase()} `, password: editorDemo.password });
      expect(response.statusCode).toBe(200);
      expect(json(response).email).toBe(editorDemo.email);
    });

    it('answers a wrong password and an unknown login with the same 401 and starts no session', async () => {
      const before = await sessionCount();
      const wrong = await login({ login: editorDemo.email, password: 'not-the-password' });
      const unknown = await login({ login: 'nobody@konzertfreunde.example', password: editorDemo.password });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(json(response)).toEqual({ statusCode: 401, error: 'Unauthorized', message: wrongLoginMessage, code: 'login_failed' });
        expect(cookieLine(response, 'kf_session')).toBeUndefined();
      }
      expect(await sessionCount()).toBe(before);
    });

    it('names a missing field and an unknown field with a 400', async () => {
      const before = await sessionCount();
      const missing = await login({ login: editorDemo.email });
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toMatchObject({ field: 'body.password', message: 'body.password is required' });
      const noLogin = await login({ password: editorDemo.password });
      expect(json(noLogin)).toMatchObject({ field: 'body.login' });
      const extra = await login({ login: editorDemo.email, password: editorDemo.password, role: 'admin' });
      expect(extra.statusCode).toBe(400);
      expect(json(extra)).toMatchObject({ field: 'body.role', message: 'body.role is not a known field' });
      const empty = await login({ login: '', password: editorDemo.password });
      expect(empty.statusCode).toBe(400);
      expect(json(empty).field).toBe('body.login');
      expect(await sessionCount()).toBe(before);
    });

    it('needs the CSRF header and a same-site Origin (no forged logins)', async () => {
      const anonymous = await browserSession(ctx.app);
      const body = { login: editorDemo.email, password: editorDemo.password };
      const noHeader = await login(body, { headers: { cookie: anonymous.headers.cookie, origin: anonymous.headers.origin } });
      expect(noHeader.statusCode).toBe(403);
      const foreign = await login(body, { headers: { ...anonymous.headers, origin: 'https://evil.example' } });
      expect(foreign.statusCode).toBe(403);
      expect(cookieLine(foreign, 'kf_session')).toBeUndefined();
    });

    it('refuses a disabled account with 403, even with the right password', async () => {
      const user = await createStaffUser(ctx.db, { email: 'former@konzertfreunde.example', username: 'former', password: 'former-password', role: 'editor' });
      const session = await loginAs(ctx.app); // another account, to check its session is untouched
      await ctx.db.updateTable('staff_user').set({ is_active: 0 }).where('id', '=', user.id).execute();
      const response = await login({ login: 'former', password: 'former-password' });
      expect(response.statusCode).toBe(403);
      expect(cookieLine(response, 'kf_session')).toBeUndefined();
      const wrong = await login({ login: 'former', password: 'wrong-password' });
      expect(wrong.statusCode).toBe(401);
      expect((await getUser(session.headers)).statusCode).toBe(200);
    });

    it('replaces a session that came with the login request instead of continuing it', async () => {
      const first = await loginAs(ctx.app);
      const response = await login({ login: testStaff.editor.email, password: testStaff.editor.password }, { headers: first.headers });
      expect(response.statusCode).toBe(200);
      expect(cookieFrom(response.headers['set-cookie'], 'kf_session')).not.toBe(sessionToken(first));
      expect((await getUser(first.headers)).statusCode).toBe(401);
    });
  });

  describe('user and logout', () => {
    it('gives an editor the content sections of the hub and the navigation, in the locale', async () => {
      const { headers, user } = await loginAs(ctx.app, 'editor');
      const response = await getUser(headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const body = json(response);
      expect(body).toEqual({
        logged: true,
        id: user.id,
        email: testStaff.editor.email,
        username: testStaff.editor.username,
        role: 'editor',
        staff_language: 'de',
        admin_menus: expect.any(Array),
        navigation: await readNavigation(ctx.db, 'de'),
      });
      expect(body.navigation.menu.length).toBeGreaterThan(0);
      expect(body.admin_menus.map((menu: { key: string }) => menu.key).sort()).toEqual(
        ['articles', 'categories', 'checks', 'drafts', 'events', 'form-entries', 'forms', 'media', 'navigation', 'newsletter', 'pages', 'preview-links', 'scheduled', 'subscriptions', 'ticket-ads', 'venues'].sort(),
      );
      expect(body.admin_menus).toContainEqual({ key: 'events', title: 'Veranstaltungen', url: '/cms-hub/events' });
      const english = json(await getUser(headers, 'en'));
      expect(english.admin_menus).toContainEqual({ key: 'events', title: 'Events', url: '/cms-hub/events' });
      expect(english.navigation).toEqual(await readNavigation(ctx.db, 'en'));
    });

    it('gives an admin the users, settings and redirects sections as well', async () => {
      const { headers } = await loginAs(ctx.app, 'admin');
      const body = json(await getUser(headers));
      expect(body.role).toBe('admin');
      const keys = body.admin_menus.map((menu: { key: string }) => menu.key);
      expect(keys).toEqual(expect.arrayContaining(['users', 'settings', 'redirects', 'events', 'pages']));
      expect(keys).toHaveLength(19);
      const editorKeys = json(await getUser((await loginAs(ctx.app, 'editor')).headers)).admin_menus.map((menu: { key: string }) => menu.key);
      expect(editorKeys).not.toEqual(expect.arrayContaining(['users']));
      expect(editorKeys).not.toContain('settings');
      expect(editorKeys).not.toContain('redirects');
    });

    it('makes the reads of a logged-in person staff reads (offline pages), kept out of every cache', async () => {
      const { headers } = await loginAs(ctx.app);
      const read = (extra: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/de/api/page/saison-2028-entwurf', headers: extra });
      const visitor = await read();
      expect(visitor.statusCode).toBe(404);
      const staff = await read({ cookie: headers.cookie });
      expect(staff.statusCode).toBe(200);
      expect(json(staff).is_online).toBe(false);
      expect(staff.headers['cache-control']).toBe('private, no-store');
    });

    it('answers 401 without a session, with an unknown one, and for the test header alone', async () => {
      const cases: Record<string, string>[] = [{}, { cookie: 'kf_session=abc' }, { cookie: `kf_session=${'A'.repeat(43)}` }, staffHeader];
      for (const headers of cases) {
        const response = await getUser(headers);
        expect(response.statusCode).toBe(401);
        expect(json(response)).toMatchObject({ statusCode: 401, message: expect.any(String) });
      }
    });

    it('logs out: 204, the row deleted, the cookie cleared, an anonymous CSRF token; the old cookie no longer works', async () => {
      const session = await loginAs(ctx.app);
      const id = sha256(sessionToken(session));
      const response = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/logout/', headers: session.headers });
      expect(response.statusCode).toBe(204);
      expect(await ctx.db.selectFrom('staff_session').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      const cleared = cookieLine(response, 'kf_session')!.split('; ');
      expect(cleared).toEqual(expect.arrayContaining(['kf_session=', 'Max-Age=0', 'HttpOnly', 'Path=/']));
      const anonymousToken = cookieFrom(response.headers['set-cookie'], 'csrftoken')!;
      expect(anonymousToken).not.toBe(session.headers['x-csrftoken']);

      expect((await getUser(session.headers)).statusCode).toBe(401);
      const write = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/test-probe/', headers: session.headers, payload: { note: 'after-logout' } });
      expect(write.statusCode).toBe(401);
      // The new token is a visitor's: good for a public write.
      const publicWrite = await ctx.app.inject({
        method: 'POST',
        url: '/de/api/probe/',
        headers: { cookie: `csrftoken=${anonymousToken}`, 'x-csrftoken': anonymousToken, origin: session.headers.origin },
        payload: { email: 'visitor@example.org' },
        remoteAddress: nextIp(),
      });
      expect(publicWrite.statusCode).toBe(202);
    });

    it('logs out without a session too (204), and refuses a logout body with fields', async () => {
      const anonymous = await browserSession(ctx.app);
      const response = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/logout/', headers: anonymous.headers });
      expect(response.statusCode).toBe(204);
      const session = await loginAs(ctx.app);
      const extra = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/logout/', headers: session.headers, payload: { all: true } });
      expect(extra.statusCode).toBe(400);
      expect(json(extra).field).toBe('body.all');
      expect((await getUser(session.headers)).statusCode).toBe(200);
    });
  });

  describe('expiry', () => {
    const setSession = (session: StaffSession, values: { last_seen_at?: string; expires_at?: string }) =>
      ctx.db.updateTable('staff_session').set(values).where('id', '=', sha256(sessionToken(session))).execute();
    const lastSeen = async (session: StaffSession) =>
      (await ctx.db.selectFrom('staff_session').select('last_seen_at').where('id', '=', sha256(sessionToken(session))).executeTakeFirstOrThrow()).last_seen_at;

    it('ends a session unused for 12 hours', async () => {
      const session = await loginAs(ctx.app);
      await setSession(session, { last_seen_at: iso(-SESSION_IDLE_MS) });
      expect((await getUser(session.headers)).statusCode).toBe(401);
    });

    it('ends a session 14 days after login however busy it is', async () => {
      const session = await loginAs(ctx.app);
      await setSession(session, { expires_at: testNow.toISOString() });
      expect((await getUser(session.headers)).statusCode).toBe(401);
      await setSession(session, { expires_at: iso(1000) });
      expect((await getUser(session.headers)).statusCode).toBe(200);
    });

    it('keeps a session in use alive, writing its last use at most once a minute', async () => {
      const session = await loginAs(ctx.app);
      await setSession(session, { last_seen_at: iso(-SESSION_IDLE_MS + 1000) });
      expect((await getUser(session.headers)).statusCode).toBe(200);
      expect(await lastSeen(session)).toBe(testNow.toISOString());
      await setSession(session, { last_seen_at: iso(-30_000) });
      expect((await getUser(session.headers)).statusCode).toBe(200);
      expect(await lastSeen(session)).toBe(iso(-30_000));
    });

    it('deletes expired sessions when somebody logs in', async () => {
      const old = await loginAs(ctx.app);
      await setSession(old, { last_seen_at: iso(-SESSION_IDLE_MS - 1) });
      await loginAs(ctx.app, 'admin');
      expect(await ctx.db.selectFrom('staff_session').select('id').where('id', '=', sha256(sessionToken(old))).executeTakeFirst()).toBeUndefined();
    });

    it('answers 403 to the session of an account disabled since it logged in', async () => {
      const user = await createStaffUser(ctx.db, { email: 'leaving@konzertfreunde.example', username: 'leaving', password: 'leaving-password', role: 'editor' });
      const anonymous = await browserSession(ctx.app);
      const response = await login({ login: 'leaving', password: 'leaving-password' }, { headers: anonymous.headers });
      const headers = {
        cookie: `kf_session=${cookieFrom(response.headers['set-cookie'], 'kf_session')}; csrftoken=${cookieFrom(response.headers['set-cookie'], 'csrftoken')}`,
        'x-csrftoken': cookieFrom(response.headers['set-cookie'], 'csrftoken')!,
        origin: anonymous.headers.origin,
      };
      await ctx.db.updateTable('staff_user').set({ is_active: 0 }).where('id', '=', user.id).execute();
      expect((await getUser(headers)).statusCode).toBe(403);
      const write = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/test-probe/', headers, payload: { note: 'disabled' } });
      expect(write.statusCode).toBe(403);
      expect(await ctx.db.selectFrom('meta').select('key').where('key', '=', 'staff-probe:disabled').executeTakeFirst()).toBeUndefined();
    });
  });

  describe('throttling failed logins', () => {
    const wrongFor = (login: string) => ({ login, password: 'a-wrong-password' });

    it("refuses a stranger's address after 5 failures for an account (429, Retry-After) but not the owner on another address", async () => {
      await createStaffUser(ctx.db, { email: 'target@konzertfreunde.example', username: 'target', password: 'target-password', role: 'editor' });
      const stranger = nextIp();
      // E-mail and username are one account: their failures add up.
      for (const name of ['target@konzertfreunde.example', 'TARGET', 'target', 'target@konzertfreunde.example', 'target']) {
        expect((await login(wrongFor(name), { ip: stranger })).statusCode).toBe(401);
      }
      const blocked = await login({ login: 'target', password: 'target-password' }, { ip: stranger });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      expect(json(blocked).message).toMatch(/900 seconds/);
      expect(cookieLine(blocked, 'kf_session')).toBeUndefined();
      for (let i = 0; i < 3; i++) expect((await login(wrongFor('target'), { ip: stranger })).statusCode).toBe(429);
      // The owner, from an address of their own, logs in.
      expect((await login({ login: 'target', password: 'target-password' }, { ip: nextIp() })).statusCode).toBe(200);
    });

    it('lets only 5 of 10 parallel guesses for one account from one address reach the password check', async () => {
      const ip = nextIp();
      const statuses = await Promise.all(Array.from({ length: 10 }, () => login(wrongFor('parallel@konzertfreunde.example'), { ip })).map(async (p) => (await p).statusCode));
      expect(statuses.sort()).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    });

    it('counts unknown logins per account too, so they behave like known ones', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) expect((await login(wrongFor('ghost@konzertfreunde.example'), { ip })).statusCode).toBe(401);
      expect((await login(wrongFor('Ghost@Konzertfreunde.example'), { ip })).statusCode).toBe(429);
    });

    it('clears the count of the account and address on a successful login', async () => {
      await createStaffUser(ctx.db, { email: 'forgetful@konzertfreunde.example', username: 'forgetful', password: 'forgetful-password', role: 'editor' });
      const ip = nextIp();
      for (let i = 0; i < 4; i++) expect((await login(wrongFor('forgetful'), { ip })).statusCode).toBe(401);
      expect((await login({ login: 'forgetful', password: 'forgetful-password' }, { ip })).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login(wrongFor('forgetful'), { ip })).statusCode).toBe(401);
      expect((await login(wrongFor('forgetful'), { ip })).statusCode).toBe(429);
    });

    it('refuses an address after 20 failures on any accounts (spraying), not the others', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) expect((await login(wrongFor(`guess-${i}@example.org`), { ip })).statusCode).toBe(401);
      const blocked = await login({ login: editorDemo.email, password: editorDemo.password }, { ip });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      expect((await login({ login: editorDemo.email, password: editorDemo.password }, { ip: nextIp() })).statusCode).toBe(200);
    });

    it('slows an attack on one account from many addresses to 10 guesses, and the owner on a known address still logs in', async () => {
      await createStaffUser(ctx.db, { email: 'popular@konzertfreunde.example', username: 'popular', password: 'popular-password', role: 'editor' });
      const home = nextIp();
      expect((await login({ login: 'popular', password: 'popular-password' }, { ip: home })).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) expect((await login(wrongFor('popular'))).statusCode).toBe(401);
      const refused = await login({ login: 'popular', password: 'popular-password' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // A typo at home is still a plain 401, and the right password logs in.
      expect((await login(wrongFor('popular'), { ip: home })).statusCode).toBe(401);
      expect((await login({ login: 'popular', password: 'popular-password' }, { ip: home })).statusCode).toBe(200);
    });
  });

  describe('CSRF on a staff write', () => {
    const probe = (headers: Record<string, string>, note: string, payload: Record<string, unknown> = { note }) =>
      ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/test-probe/', headers, payload });
    const written = async (note: string) =>
      (await ctx.db.selectFrom('meta').select('key').where('key', '=', `staff-probe:${note}`).executeTakeFirst()) !== undefined;

    let editor: StaffSession;
    let other: StaffSession;
    beforeAll(async () => {
      editor = await loginAs(ctx.app, 'editor');
      other = await loginAs(ctx.app, 'admin');
    });
    const session = () => `kf_session=${sessionToken(editor)}`;

    it('writes with the session and its own token', async () => {
      const response = await probe(editor.headers, 'right');
      expect(response.statusCode).toBe(201);
      expect(json(response).by).toBe(editor.user.id);
      expect(await written('right')).toBe(true);
    });

    it.each([
      ['no CSRF cookie', 'cookies.csrftoken', () => ({ ...editor.headers, cookie: session() })],
      ['no header', 'headers.x-csrftoken', () => ({ cookie: editor.headers.cookie, origin: editor.headers.origin })],
      ['a wrong token', 'cookies.csrftoken', () => {
        const token = `${editor.headers['x-csrftoken'].slice(0, -2)}xx`;
        return { ...editor.headers, cookie: `${session()}; csrftoken=${token}`, 'x-csrftoken': token };
      }],
      ['a header that differs from the cookie', 'headers.x-csrftoken', () => ({ ...editor.headers, 'x-csrftoken': other.headers['x-csrftoken'] })],
      ['the token of another session', 'cookies.csrftoken', () => {
        const token = other.headers['x-csrftoken'];
        return { ...editor.headers, cookie: `${session()}; csrftoken=${token}`, 'x-csrftoken': token };
      }],
      ['a visitor token (of no session)', 'cookies.csrftoken', async () => {
        const token = (await browserSession(ctx.app)).headers['x-csrftoken'];
        return { ...editor.headers, cookie: `${session()}; csrftoken=${token}`, 'x-csrftoken': token };
      }],
      ['a foreign Origin', 'headers.origin', () => ({ ...editor.headers, origin: 'https://evil.example' })],
    ])('refuses %s with 403 and writes nothing', async (label, field, headersFor) => {
      const note = `refused ${label}`;
      const response = await probe(await headersFor(), note);
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({ message: 'CSRF check failed', field });
      expect(await written(note)).toBe(false);
    });

    it('answers 401 before the CSRF check without a session, with an expired one, and for the test header', async () => {
      const anonymous = await browserSession(ctx.app);
      const expired = await loginAs(ctx.app);
      await ctx.db.updateTable('staff_session').set({ expires_at: iso(-1) }).where('id', '=', sha256(sessionToken(expired))).execute();
      const cases: [string, Record<string, string>][] = [
        ['visitor', anonymous.headers],
        ['no cookies at all', {}],
        ['expired', expired.headers],
        ['test header', { ...anonymous.headers, ...staffHeader }],
      ];
      for (const [label, headers] of cases) {
        const response = await probe(headers, `unauthorised ${label}`);
        expect({ label, status: response.statusCode }).toEqual({ label, status: 401 });
        expect(await written(`unauthorised ${label}`)).toBe(false);
      }
    });

    it('names an unknown body field with a 400 and writes nothing', async () => {
      const response = await probe(editor.headers, 'extra', { note: 'extra', version: 3 });
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe('body.version');
      expect(await written('extra')).toBe(false);
    });

    it('hands a logged-in browser a token for its session on GET /api/csrf/, and public writes take it', async () => {
      const anonymousToken = (await browserSession(ctx.app)).headers['x-csrftoken'];
      const renewed = await ctx.app.inject({ method: 'GET', url: '/de/api/csrf/', headers: { cookie: `${session()}; csrftoken=${anonymousToken}` } });
      const token = cookieFrom(renewed.headers['set-cookie'], 'csrftoken')!;
      expect(token).toBeDefined();
      const headers = { ...editor.headers, cookie: `${session()}; csrftoken=${token}`, 'x-csrftoken': token };
      expect((await probe(headers, 'renewed')).statusCode).toBe(201);
      const publicWrite = await ctx.app.inject({ method: 'POST', url: '/de/api/probe/', headers, payload: { email: 'staff@example.org' }, remoteAddress: nextIp() });
      expect(publicWrite.statusCode).toBe(202);
      // A session's own valid token is kept, not replaced on every read.
      const again = await ctx.app.inject({ method: 'GET', url: '/de/api/csrf/', headers });
      expect(cookieFrom(again.headers['set-cookie'], 'csrftoken')).toBeUndefined();
    });
  });
});

describeEachDialect('session cookie on a public https site', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false, config: { publicUrl: 'https://konzertfreunde.example' } });
  });
  afterAll(() => ctx?.close());

  it('is Secure', async () => {
    const { headers } = await loginAs(ctx.app);
    expect(headers.origin).toBe('https://konzertfreunde.example');
    const response = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/logout/', headers });
    expect(response.statusCode).toBe(204);
    expect(cookieLine(response, 'kf_session')!.split('; ')).toContain('Secure');
    // The login's cookie was Secure as well: log in again and look.
    const anonymous = await browserSession(ctx.app);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/en/pageeditor-api/login/',
      headers: anonymous.headers,
      payload: { login: testStaff.editor.username, password: testStaff.editor.password },
    });
    expect(login.statusCode).toBe(200);
    expect(cookieLine(login, 'kf_session')!.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(json(login).admin_menus).toContainEqual({ key: 'pages', title: 'Pages', url: '/cms-hub/pages' });
  });
});

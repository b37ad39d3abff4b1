import { findStaffUserByLogin } from '../db/repositories/staff-users';
import { describeEachDialect } from '../test/dialects';
import { browserSession } from '../test/browser-session';
import { testStaff, type StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';

/** The hub's users, redirects (admin only) and navigation (every staff member) calls, ADR 020, on both dialects. */
describeEachDialect('hub: users, redirects and navigation', (dialect) => {
  const hub = '/de/pageeditor-api/hub';
  const setup = hubTest(dialect, hub);
  const { call, lastSeq, changesAfter } = setup;
  let ctx: TestContext;
  let editor: StaffSession;
  let admin: StaffSession;
  beforeAll(() => void ({ ctx, editor, admin } = setup));

  const userRow = (id: number) => ctx.db.selectFrom('staff_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sessionsOf = async (id: number) => (await ctx.db.selectFrom('staff_session').select('id').where('user_id', '=', id).execute()).length;
  const logIn = async (login: string, password: string) => {
    const anonymous = await browserSession(ctx.app);
    return ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/login/', headers: anonymous.headers, payload: { login, password } });
  };

  describe('admin-only sections', () => {
    it.each([
      ['GET', '/users/'],
      ['GET', '/users/1/'],
      ['POST', '/users/'],
      ['POST', '/users/1/'],
      ['DELETE', '/users/1/'],
      ['GET', '/redirects/'],
      ['GET', '/redirects/1/'],
      ['POST', '/redirects/'],
      ['POST', '/redirects/1/'],
      ['DELETE', '/redirects/1/'],
      ['GET', '/settings/'],
      ['POST', '/settings/de/'],
    ] as const)('refuses an editor %s %s with 403, changing nothing', async (method, url) => {
      const seq = await lastSeq();
      const users = await ctx.db.selectFrom('staff_user').selectAll().orderBy('id').execute();
      const redirects = await ctx.db.selectFrom('redirect').selectAll().orderBy('id').execute();
      const payloads: Record<string, object> = {
        '/users/': { email: 'x@konzertfreunde.example', username: 'x-user', password: 'ein-langes-passwort', role: 'admin' },
        '/users/1/': { role: 'admin' },
        '/redirects/': { old_path: '/de/editor-alt', new_path: '/de/kontakt' },
        '/redirects/1/': { old_path: '/de/editor-alt', new_path: '/de/kontakt' },
        '/settings/de/': { address: 'x', phone: '1', phone_hours: 'x', info_email: '' },
      };
      const response = await call(method, url, editor, method === 'POST' ? payloads[url] : undefined);
      expect(response.statusCode).toBe(403);
      expect(json(response).message).toContain('administrators');
      expect(await lastSeq()).toBe(seq);
      expect(await ctx.db.selectFrom('staff_user').selectAll().orderBy('id').execute()).toEqual(users);
      expect(await ctx.db.selectFrom('redirect').selectAll().orderBy('id').execute()).toEqual(redirects);
    });
  });

  describe('users', () => {
    const newUser = { email: 'Kasse@Konzertfreunde.example', username: 'kasse', password: 'ein-langes-passwort', role: 'editor' };
    let id: number;

    it('creates an account that can log in, never answering a password hash', async () => {
      const created = await call('POST', '/users/', admin, newUser);
      expect(created.statusCode).toBe(201);
      const body = json(created);
      expect(body).toMatchObject({ email: 'kasse@konzertfreunde.example', username: 'kasse', role: 'editor', is_active: true });
      expect(JSON.stringify(body)).not.toMatch(/password|scrypt/);
      id = body.id;
      expect(json(await call('GET', `/users/${id}/`, admin))).toEqual(body);
      const list = json(await call('GET', '/users/?search=kasse', admin));
      expect(list.results.map((row: { id: number }) => row.id)).toEqual([id]);
      expect(JSON.stringify(list)).not.toMatch(/password|scrypt/);
      expect((await logIn('kasse', newUser.password)).statusCode).toBe(200);
    });

    it.each([
      ['a taken email', { ...newUser, username: 'kasse-2' }, 409, 'body.email'],
      ['a taken username', { ...newUser, email: 'kasse2@konzertfreunde.example' }, 409, 'body.username'],
      ['a short password', { ...newUser, email: 'k3@konzertfreunde.example', username: 'k3', password: 'kurz' }, 400, 'body.password'],
      ['a bad email', { ...newUser, email: 'keine adresse', username: 'k4' }, 400, 'body.email'],
      ['an unknown role', { ...newUser, email: 'k5@konzertfreunde.example', username: 'k5', role: 'owner' }, 400, 'body.role'],
      ['an unknown field', { ...newUser, email: 'k6@konzertfreunde.example', username: 'k6', is_superuser: true }, 400, 'body.is_superuser'],
    ])('refuses creating with %s, naming the field', async (_case, payload, status, field) => {
      const before = await ctx.db.selectFrom('staff_user').select('id').execute();
      const response = await call('POST', '/users/', admin, payload);
      expect(response.statusCode).toBe(status);
      expect(json(response).field).toBe(field);
      expect(await ctx.db.selectFrom('staff_user').select('id').execute()).toHaveLength(before.length);
    });

    it('updates login names and role; a new password replaces the old one and ends the sessions', async () => {
      expect((await logIn('kasse', newUser.password)).statusCode).toBe(200);
      expect(await sessionsOf(id)).toBeGreaterThan(0);
      const renamed = await call('POST', `/users/${id}/`, admin, { email: 'abendkasse@konzertfreunde.example', username: 'abendkasse', role: 'admin' });
      expect(renamed.statusCode).toBe(200);
      expect(json(renamed)).toMatchObject({ email: 'abendkasse@konzertfreunde.example', username: 'abendkasse', role: 'admin', is_active: true });
      // Renaming alone keeps the sessions.
      expect(await sessionsOf(id)).toBeGreaterThan(0);
      const hash = (await userRow(id)).password_hash;

      // An empty password (an untouched form field) keeps the current one.
      expect((await call('POST', `/users/${id}/`, admin, { password: '' })).statusCode).toBe(200);
      expect((await userRow(id)).password_hash).toBe(hash);

      const short = await call('POST', `/users/${id}/`, admin, { password: 'zu-kurz' });
      expect(short.statusCode).toBe(400);
      expect(json(short).field).toBe('body.password');
      expect((await userRow(id)).password_hash).toBe(hash);

      expect((await call('POST', `/users/${id}/`, admin, { password: 'ein-neues-langes-passwort' })).statusCode).toBe(200);
      expect(await sessionsOf(id)).toBe(0);
      expect((await logIn('abendkasse', newUser.password)).statusCode).toBe(401);
      expect((await logIn('abendkasse', 'ein-neues-langes-passwort')).statusCode).toBe(200);
    });

    it('refuses another account’s email or username (409 naming the field), writing nothing', async () => {
      const before = await userRow(id);
      const email = await call('POST', `/users/${id}/`, admin, { email: 'TEST-EDITOR@konzertfreunde.example' });
      expect(email.statusCode).toBe(409);
      expect(json(email).field).toBe('body.email');
      const username = await call('POST', `/users/${id}/`, admin, { username: 'test-editor' });
      expect(username.statusCode).toBe(409);
      expect(json(username).field).toBe('body.username');
      expect(await userRow(id)).toEqual(before);
    });

    it('disables an account: its sessions end and its logins are refused', async () => {
      const login = await logIn('abendkasse', 'ein-neues-langes-passwort');
      const cookie = String([login.headers['set-cookie']].flat().find((line) => String(line).startsWith('kf_session='))).split(';')[0];
      expect((await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/user', headers: { cookie } })).statusCode).toBe(200);

      const disabled = await call('POST', `/users/${id}/`, admin, { is_active: false });
      expect(disabled.statusCode).toBe(200);
      expect(json(disabled).is_active).toBe(false);
      expect(await sessionsOf(id)).toBe(0);
      expect((await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/user', headers: { cookie } })).statusCode).toBe(401);
      expect((await logIn('abendkasse', 'ein-neues-langes-passwort')).statusCode).toBe(403);
      expect(json(await call('GET', '/users/?is_active=false', admin)).results.map((row: { id: number }) => row.id)).toContain(id);

      expect((await call('POST', `/users/${id}/`, admin, { is_active: true })).statusCode).toBe(200);
      expect((await logIn('abendkasse', 'ein-neues-langes-passwort')).statusCode).toBe(200);
    });

    it('an administrator setting their own password stays logged in here, and only here (ADR 033)', async () => {
      const self = admin.user.id;
      const elsewhere = await logIn(testStaff.admin.email, testStaff.admin.password);
      expect(elsewhere.statusCode).toBe(200);
      const otherCookie = String([elsewhere.headers['set-cookie']].flat().find((line) => String(line).startsWith('kf_session='))).split(';')[0];
      expect(await sessionsOf(self)).toBeGreaterThanOrEqual(2);

      const newPassword = 'ein-neues-admin-passwort';
      expect((await call('POST', `/users/${self}/`, admin, { password: newPassword })).statusCode).toBe(200);
      // This session goes on (the hub stays open); the one on the other computer has ended.
      expect(await sessionsOf(self)).toBe(1);
      expect((await call('GET', '/users/', admin)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/user', headers: { cookie: otherCookie } })).statusCode).toBe(401);
      expect((await logIn(testStaff.admin.email, testStaff.admin.password)).statusCode).toBe(401);
      expect((await logIn(testStaff.admin.email, newPassword)).statusCode).toBe(200);
      // Another administrator's new password for them still ends all of their sessions (the test above).
    });

    it('refuses an administrator disabling or demoting their own account, and any delete', async () => {
      const self = admin.user.id;
      const before = await userRow(self);
      const disable = await call('POST', `/users/${self}/`, admin, { is_active: false });
      expect(disable.statusCode).toBe(409);
      expect(json(disable).field).toBe('body.is_active');
      const demote = await call('POST', `/users/${self}/`, admin, { role: 'editor' });
      expect(demote.statusCode).toBe(400);
      expect(json(demote).field).toBe('body.role');
      expect(await userRow(self)).toEqual(before);
      expect(await sessionsOf(self)).toBeGreaterThan(0);

      const remove = await call('DELETE', `/users/${id}/`, admin);
      expect(remove.statusCode).toBe(409);
      expect(json(remove).message).toContain('disable');
      expect(await findStaffUserByLogin(ctx.db, 'abendkasse')).toBeDefined();
      expect((await call('POST', '/users/999999/', admin, { is_active: false })).statusCode).toBe(404);
    });
  });

  describe('redirects', () => {
    it('names body.old_path and body.new_path when refusing loops and chains', async () => {
      const first = await call('POST', '/redirects/', admin, { old_path: '/de/admin-alt', new_path: '/de/admin-neu' });
      expect(first.statusCode).toBe(201);
      const id = json(first).id;
      const cases = [
        [{ old_path: '/de/admin-neu', new_path: '/de/admin-alt' }, 400, 'body.new_path'],
        [{ old_path: '/de/admin-neu', new_path: '/de/admin-neuer' }, 400, 'body.old_path'],
        [{ old_path: '/de/admin-x', new_path: '/de/admin-x/' }, 400, 'body.new_path'],
        [{ old_path: '/de/admin-alt', new_path: '/de/kontakt' }, 409, 'body.old_path'],
        [{ old_path: 'kein-pfad', new_path: '/de/kontakt' }, 400, 'body.old_path'],
      ] as const;
      for (const [payload, status, field] of cases) {
        const seq = await lastSeq();
        const response = await call('POST', '/redirects/', admin, payload);
        expect([response.statusCode, json(response).field]).toEqual([status, field]);
        expect(await lastSeq()).toBe(seq);
      }
      // A change keeps the same rules, leaving the redirect itself out of the comparison.
      const second = json(await call('POST', '/redirects/', admin, { old_path: '/de/admin-zwei', new_path: '/de/kontakt' }));
      const loop = await call('POST', `/redirects/${second.id}/`, admin, { old_path: '/de/admin-neu', new_path: '/de/admin-alt' });
      expect([loop.statusCode, json(loop).field]).toEqual([400, 'body.new_path']);
      const taken = await call('POST', `/redirects/${second.id}/`, admin, { old_path: '/de/admin-alt', new_path: '/de/kontakt' });
      expect([taken.statusCode, json(taken).field]).toEqual([409, 'body.old_path']);
      const seqBefore = await lastSeq();
      const moved = await call('POST', `/redirects/${second.id}/`, admin, { old_path: '/de/admin-zwei/', new_path: '/de/presse' });
      expect(moved.statusCode).toBe(200);
      expect(json(moved)).toMatchObject({ id: second.id, old_path: '/de/admin-zwei', new_path: '/de/presse' });
      expect(await changesAfter(seqBefore)).toEqual([{ entity: 'redirect', entity_id: String(second.id), op: 'upsert', changed_by: admin.user.id }]);
      expect((await call('DELETE', `/redirects/${second.id}/`, admin)).statusCode).toBe(204);

      // The visitors' lookup follows it.
      expect(json(await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/redirect/de/admin-alt' })).new_path).toBe('/de/admin-neu');
      const seq = await lastSeq();
      expect((await call('DELETE', `/redirects/${id}/`, admin)).statusCode).toBe(204);
      expect(await changesAfter(seq)).toEqual([{ entity: 'redirect', entity_id: String(id), op: 'delete', changed_by: admin.user.id }]);
      expect((await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/redirect/de/admin-alt' })).statusCode).toBe(404);
    });
  });

  describe('navigation', () => {
    const stored = async (locale: 'de' | 'en') =>
      ctx.db.selectFrom('nav_item').select(['menu', 'parent_id', 'position', 'title', 'url', 'is_highlight', 'in_burger_menu', 'external']).where('locale', '=', locale).orderBy('id').execute();

    it('reads a locale’s menu and footer in the shape the write takes', async () => {
      const navigation = json(await call('GET', '/navigation/en/'));
      expect(Object.keys(navigation).sort()).toEqual(['footer', 'menu']);
      const about = navigation.menu.find((item: { title: string }) => item.title === 'About us');
      expect(about).toMatchObject({ url: '/en/about-us', is_highlight: true, in_burger_menu: true });
      expect(about.children.map((child: { title: string }) => child.title)).toEqual(['History', 'Board', 'Statutes']);
      expect(about.children[0]).toEqual({ title: 'History', url: '/en/about-us/history', is_highlight: false, in_burger_menu: false });
      expect(navigation.footer[0]).toEqual({ title: 'Imprint', url: '/en/imprint' });
      expect((await call('GET', '/navigation/en/', null)).statusCode).toBe(401);
    });

    it('replaces one locale’s menu and footer for an editor, logged with the editor as author; the visitors’ call follows', async () => {
      const navigation = json(await call('GET', '/navigation/en/'));
      const english = await stored('en');
      const german = await stored('de');
      const changed = {
        menu: [
          { ...navigation.menu[1], is_highlight: false, children: [...navigation.menu[1].children].reverse() },
          navigation.menu[0],
          { title: 'Shop', url: 'https://shop.example.org', is_highlight: false, in_burger_menu: true, children: [] },
          ...navigation.menu.slice(2),
        ],
        footer: [navigation.footer[1], navigation.footer[0], ...navigation.footer.slice(2)],
      };
      const seq = await lastSeq();
      const saved = await call('POST', '/navigation/en/', editor, changed);
      expect(saved.statusCode).toBe(200);
      expect(json(saved)).toEqual(changed);
      expect(json(await call('GET', '/navigation/en/'))).toEqual(changed);
      expect(await changesAfter(seq)).toEqual([{ entity: 'nav', entity_id: 'en', op: 'upsert', changed_by: editor.user.id }]);
      expect(await stored('de')).toEqual(german);
      const visitors = json(await ctx.app.inject({ method: 'GET', url: '/en/pageeditor-api/nav' }));
      expect(visitors.footer.map((link: { title: string }) => link.title).slice(0, 2)).toEqual([navigation.footer[1].title, navigation.footer[0].title]);
      expect(visitors.menu[2]).toMatchObject({ title: 'Shop', in_burger_menu: true });

      // And back as it was.
      expect((await call('POST', '/navigation/en/', editor, navigation)).statusCode).toBe(200);
      expect((await stored('en')).map(({ parent_id: _parent, ...row }) => row)).toEqual(english.map(({ parent_id: _parent, ...row }) => row));
    });

    /* eslint-disable @typescript-eslint/no-explicit-any -- the answer's shape, changed freely to be refused */
    it.each([
      ['an empty title', (nav: any) => ({ ...nav, menu: nav.menu.map((item: object, i: number) => (i === 2 ? { ...item, title: '' } : item)) }), 'body.menu.2.title'],
      ['a title of spaces', (nav: any) => ({ ...nav, footer: nav.footer.map((link: object, i: number) => (i === 1 ? { ...link, title: '   ' } : link)) }), 'body.footer.1.title'],
      ['a link that is no link', (nav: any) => ({ ...nav, footer: [{ title: 'X', url: 'javascript:alert(1)' }] }), 'body.footer.0.url'],
      ['an unknown field', (nav: any) => ({ ...nav, footer: nav.footer.map((link: object, i: number) => (i === 0 ? { ...link, target: '_blank' } : link)) }), 'body.footer.0.target'],
      ['a missing footer', (nav: any) => ({ menu: nav.menu }), 'body.footer'],
    /* eslint-enable @typescript-eslint/no-explicit-any */
    ])('refuses %s with 400 naming the field, writing nothing', async (_case, change, field) => {
      const navigation = json(await call('GET', '/navigation/de/'));
      const before = await stored('de');
      const seq = await lastSeq();
      const response = await call('POST', '/navigation/de/', editor, change(navigation));
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe(field);
      expect(json(response).message).toContain(field);
      expect(await stored('de')).toEqual(before);
      expect(await lastSeq()).toBe(seq);
    });

    it('refuses a second level of children by naming it', async () => {
      const navigation = json(await call('GET', '/navigation/de/'));
      const index = navigation.menu.findIndex((item: { children: unknown[] }) => item.children.length);
      navigation.menu[index].children[0].children = [];
      const response = await call('POST', '/navigation/de/', editor, navigation);
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe(`body.menu.${index}.children.0.children`);
    });

    it('refuses a write without the CSRF token, without a session, and for a locale the site lacks', async () => {
      const navigation = json(await call('GET', '/navigation/de/'));
      const before = await stored('de');
      const { 'x-csrftoken': _token, ...withoutToken } = editor.headers;
      expect((await ctx.app.inject({ method: 'POST', url: `${hub}/navigation/de/`, headers: withoutToken, payload: navigation })).statusCode).toBe(403);
      expect((await call('POST', '/navigation/de/', null, navigation)).statusCode).toBe(401);
      const french = await call('POST', '/navigation/fr/', editor, navigation);
      expect(french.statusCode).toBe(400);
      expect(json(french).field).toBe('params.navLocale');
      expect(await stored('de')).toEqual(before);
    });
  });
});

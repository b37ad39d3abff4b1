/**
 * The staff language (ADR 061): every account reads the editor and the hub in German until the person chooses
 * English for themselves through `POST /{locale}/pageeditor-api/user/language/`. The call changes the caller's own
 * account only, needs the CSRF token like every staff write, and refuses anything but `de` or `en` naming the field.
 */
import { browserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

describeEachDialect('the staff language preference', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let admin: StaffSession;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
    editor = await loginAs(ctx.app, 'editor');
    admin = await loginAs(ctx.app, 'admin');
  });
  afterAll(() => ctx?.close());

  const languageOf = async (id: number) =>
    (await ctx.db.selectFrom('staff_user').select('staff_language').where('id', '=', id).executeTakeFirstOrThrow()).staff_language;
  const choose = (headers: Record<string, string>, payload: unknown, locale = 'de') =>
    ctx.app.inject({ method: 'POST', url: `/${locale}/pageeditor-api/user/language/`, headers, payload: payload as Record<string, unknown> });
  const user = (headers: Record<string, string>, locale = 'de') => ctx.app.inject({ method: 'GET', url: `/${locale}/pageeditor-api/user`, headers });

  afterEach(async () => {
    await ctx.db.updateTable('staff_user').set({ staff_language: 'de' }).execute();
  });

  it('is German for every account until the person chooses, on either language of the site', async () => {
    expect(editor.user.staff_language).toBe('de');
    for (const locale of ['de', 'en']) expect(json(await user(editor.headers, locale)).staff_language).toBe('de');
  });

  it('sets the caller’s own language: the user call answers it in either site language, other accounts keep theirs', async () => {
    const response = await choose(editor.headers, { staff_language: 'en' }, 'en');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: editor.user.id, staff_language: 'en', role: 'editor' });
    expect(response.headers['cache-control']).toMatch(/no-store/);
    expect(await languageOf(editor.user.id)).toBe('en');
    expect(await languageOf(admin.user.id)).toBe('de');
    for (const locale of ['de', 'en']) expect(json(await user(editor.headers, locale)).staff_language).toBe('en');
    expect(json(await user(admin.headers)).staff_language).toBe('de');

    const back = await choose(editor.headers, { staff_language: 'de' });
    expect(json(back).staff_language).toBe('de');
    expect(await languageOf(editor.user.id)).toBe('de');
  });

  it('has no way to name another account: an id in the body is refused, and the hub’s account screen does not take the field', async () => {
    const withId = await choose(editor.headers, { staff_language: 'en', id: admin.user.id });
    expect(withId.statusCode).toBe(400);
    expect(json(withId).field).toBe('body.id');
    const viaHub = await ctx.app.inject({
      method: 'POST',
      url: `/de/pageeditor-api/hub/users/${editor.user.id}/`,
      headers: admin.headers,
      payload: { staff_language: 'en' },
    });
    expect(viaHub.statusCode).toBe(400);
    expect(json(viaHub).field).toBe('body.staff_language');
    expect(await languageOf(editor.user.id)).toBe('de');
    expect(await languageOf(admin.user.id)).toBe('de');
  });

  it('needs a session (401) and the CSRF token (403), and writes nothing without them', async () => {
    const anonymous = await browserSession(ctx.app);
    expect((await choose(anonymous.headers, { staff_language: 'en' })).statusCode).toBe(401);
    const noHeader = await choose({ cookie: editor.headers.cookie, origin: editor.headers.origin }, { staff_language: 'en' });
    expect(noHeader.statusCode).toBe(403);
    expect(json(noHeader)).toMatchObject({ message: 'CSRF check failed' });
    const foreign = await choose({ ...editor.headers, origin: 'https://evil.example' }, { staff_language: 'en' });
    expect(foreign.statusCode).toBe(403);
    const otherToken = await choose({ ...editor.headers, 'x-csrftoken': admin.headers['x-csrftoken'] }, { staff_language: 'en' });
    expect(otherToken.statusCode).toBe(403);
    expect(await languageOf(editor.user.id)).toBe('de');
  });

  it.each([
    ['another language', 'fr'],
    ['a capitalised code', 'EN'],
    ['a locale tag', 'en-GB'],
    ['padding', ' en'],
    ['an empty string', ''],
    ['markup', '<script>alert(1)</script>'],
    ['SQL', "en'; drop table staff_user; --"],
    ['a control character', 'en\u0000'],
    ['a very long text', 'e'.repeat(100_000)],
    ['a number', 1],
    ['null', null],
    ['a list', ['en']],
    ['an object', { de: 'en' }],
    ['a boolean', true],
  ])('refuses %s with 400 naming staff_language, changing nothing', async (_label, value) => {
    const response = await choose(editor.headers, { staff_language: value });
    expect(response.statusCode).toBe(400);
    expect(json(response).field).toBe('body.staff_language');
    expect(await languageOf(editor.user.id)).toBe('de');
  });

  it('refuses a body without the field, or no body at all, with 400 naming it', async () => {
    for (const payload of [{}, undefined]) {
      const response = await choose(editor.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toMatch(/^body(\.staff_language)?$/);
    }
    expect(await languageOf(editor.user.id)).toBe('de');
  });
});

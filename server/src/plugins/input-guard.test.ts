import { createEvent } from '../db/repositories';
import { hubResources } from '../hub/definitions';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, testNow, type TestContext } from '../test/test-context';
import { multipartBody } from '../test/upload-fixtures';

/**
 * ADR 027, item by item (the fuzz suite in test/fuzz/ sweeps the rest): every case is a 400 naming the
 * field — never a 500 and never a row — on SQLite and PostgreSQL alike.
 */
describeEachDialect('strict input (ADR 027)', (dialect) => {
  let ctx: TestContext;
  let session: BrowserSession;
  let staff: StaffSession;
  let eventId = 0;
  let client = 0;
  const nextClient = () => `198.51.100.${(client = (client % 250) + 1)}`;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    session = await browserSession(ctx.app);
    staff = await loginAs(ctx.app, 'admin');
    eventId = await createEvent(ctx.db, {
      slug: { de: 'eingabe-test', en: 'input-test' },
      title: { de: 'Eingabetest', en: 'Input test' },
      start_at: new Date(testNow.getTime() + 10 * 86_400_000).toISOString(),
      price_categories: [{ label: { de: 'Kategorie I', en: 'Category I' }, amount_cents: 4500 }],
    });
  });
  afterAll(() => ctx?.close());

  const count = async (table: 'consent_log' | 'ticket_ad' | 'newsletter_subscriber' | 'form_entry' | 'mail_outbox' | 'temp_file') =>
    Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const post = async (url: string, body: Record<string, unknown>, { formToken = true } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: formToken ? { ...body, form_token: await session.formToken() } : body,
      headers: session.headers,
      remoteAddress: nextClient(),
    });
  const answer = (response: { statusCode: number; json(): { field?: string; message?: string } }) => ({
    status: response.statusCode,
    field: response.json().field,
  });

  const validAd = (extra: Record<string, unknown> = {}) => ({
    event: eventId,
    kind: 'offer',
    quantity: 2,
    price_category: 0,
    price_cents: 4000,
    message: 'Zwei Plätze nebeneinander.',
    name: 'Clara Wieck',
    email: 'clara@example.org',
    consent: true,
    ...extra,
  });
  const consent = (revision: unknown) => ({ consent_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', categories: ['required'], revision, action: 'first' });
  const contact = (values: Record<string, unknown>) => ({
    name: 'Anna Berger',
    email: 'anna@example.org',
    subject: 'karten',
    message: 'Gibt es noch Karten?',
    privacy: true,
    ...values,
  });
  const formId = async () => (await ctx.db.selectFrom('form').select('id').where('slug', '=', 'kontakt').executeTakeFirstOrThrow()).id;

  describe('numbers are parsed strictly', () => {
    it.each(['Infinity', '-Infinity', '1e400', 'NaN', '1e3', '0x10', ' 1'])('consent revision %j → 400 body.revision, no row', async (revision) => {
      const before = await count('consent_log');
      const response = await post('/de/api/consent/', consent(revision), { formToken: false });
      expect(answer(response)).toEqual({ status: 400, field: 'body.revision' });
      expect(response.json().message).toMatch(/^body\.revision must be/);
      expect(await count('consent_log')).toBe(before);
    });

    it('consent revision 1e400 written as a JSON number (it parses to Infinity) → 400 body.revision', async () => {
      const payload = JSON.stringify(consent(1)).replace('"revision":1', '"revision":1e400');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/de/api/consent/',
        payload,
        headers: { ...session.headers, 'content-type': 'application/json' },
        remoteAddress: nextClient(),
      });
      expect(answer(response)).toEqual({ status: 400, field: 'body.revision' });
    });

    it.each(['Infinity', '1e400', '2147483648', '1e1'])('ticket ad quantity/event %j → 400 naming it, no ad', async (value) => {
      const before = await count('ticket_ad');
      expect(answer(await post('/de/api/exchange/ads/', validAd({ quantity: value })))).toEqual({ status: 400, field: 'body.quantity' });
      expect(answer(await post('/de/api/exchange/ads/', validAd({ event: value })))).toEqual({ status: 400, field: 'body.event' });
      expect(await count('ticket_ad')).toBe(before);
    });

    it.each([
      ['/media/Infinity/640.webp', 'params.id'],
      ['/media/1e3/640.webp', 'params.id'],
      ['/de/api/subscriptions/Infinity/', 'params.id'],
      ['/de/api/subscriptions/1e0/', 'params.id'],
      ['/de/api/events/?subscription=Infinity', 'query.subscription'],
      ['/de/api/events/?page=1e400', 'query.page'],
      ['/de/api/exchange/ads/?event=Infinity', 'query.event'],
      ['/de/api/exchange/ads/?event=2147483648', 'query.event'],
      ['/de/api/exchange/ads/?page=99999999999', 'query.page'],
      ['/de/api/articles/?category=99999999999', 'query.category'],
    ])('GET %s → 400 naming %s', async (url, field) => {
      expect(answer(await ctx.app.inject({ method: 'GET', url }))).toEqual({ status: 400, field });
    });

    it.each(hubResources('').map((resource) => resource.key))('hub list %s: page_size and page Infinity/1e400/hex → 400', async (key) => {
      for (const [name, value] of [
        ['page_size', 'Infinity'],
        ['page_size', '1e1'],
        ['page', 'Infinity'],
        ['page', '1e400'],
        ['page', '0x10'],
        ['page', '2147483648'],
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url: `/de/pageeditor-api/hub/${key}/?${name}=${value}`, headers: staff.headers });
        expect({ key, name, value, ...answer(response) }).toEqual({ key, name, value, status: 400, field: `query.${name}` });
      }
    });

    it('plain decimal numbers still work', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: `/de/api/exchange/ads/?event=${eventId}&page=1` })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/de/pageeditor-api/hub/events/?page_size=5&page=1', headers: staff.headers })).statusCode).toBe(200);
    });
  });

  describe('control characters are refused with a 400 naming the field', () => {
    it.each([
      ['U+0000', '\u0000'],
      ['U+0007', '\u0007'],
      ['U+001B', '\u001b'],
      ['U+007F', '\u007f'],
      ['U+0085', '\u0085'],
      ['U+2028', '\u2028'],
      ['a lone surrogate', '\ud800'],
    ])('newsletter e-mail with %s → 400 body.email, nothing stored', async (_name, char) => {
      const before = await count('newsletter_subscriber');
      const response = await post('/de/api/newsletter/subscribe/', { email: `a${char}b@example.org`, consent: true });
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'body.email' });
      expect(await count('newsletter_subscriber')).toBe(before);
    });

    it('a NUL in a form entry field → 400 naming it, no entry and no mail', async () => {
      const before = [await count('form_entry'), await count('mail_outbox')];
      const response = await post('/de/api/forms-entries/', { form: await formId(), field_values: contact({ message: 'Hallo\u0000Welt' }) });
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'body.field_values.message', message: 'body.field_values.message contains a control character' });
      expect([await count('form_entry'), await count('mail_outbox')]).toEqual(before);
    });

    it('a NUL in a ticket ad name or message → 400 naming it, no ad', async () => {
      const before = await count('ticket_ad');
      expect(answer(await post('/de/api/exchange/ads/', validAd({ name: 'Clara\u0000' })))).toEqual({ status: 400, field: 'body.name' });
      expect(answer(await post('/de/api/exchange/ads/', validAd({ message: '\u0000' })))).toEqual({ status: 400, field: 'body.message' });
      expect(await count('ticket_ad')).toBe(before);
    });

    it('a control character in a query or address → 400 naming it', async () => {
      expect(answer(await ctx.app.inject({ method: 'GET', url: '/de/api/search/?query=a%00b' }))).toEqual({ status: 400, field: 'query.query' });
      expect(answer(await ctx.app.inject({ method: 'GET', url: '/de/api/forms/a%0Ab/' }))).toEqual({ status: 400, field: 'params.slug' });
    });

    it('a multi-line text keeps its line breaks and tabs', async () => {
      const before = await count('form_entry');
      const response = await post('/de/api/forms-entries/', { form: await formId(), field_values: contact({ message: 'Zeile 1\r\nZeile 2\n\tEingerückt' }) });
      expect(response.statusCode).toBe(201);
      expect(await count('form_entry')).toBe(before + 1);
    });
  });

  describe('one e-mail rule', () => {
    const bad = ['a<b@example.org', 'a>b@example.org', 'a,b@example.org', 'a;b@example.org', '"a"@example.org', 'a(b)@example.org', 'a[b]@example.org', 'a\\b@example.org', 'a b@example.org', 'a@exa mple.org', 'a@example.org>'];

    it.each(bad)('%j is refused by the newsletter (400 body.email, no row)', async (email) => {
      const before = await count('newsletter_subscriber');
      expect(answer(await post('/de/api/newsletter/subscribe/', { email, consent: true }))).toEqual({ status: 400, field: 'body.email' });
      expect(await count('newsletter_subscriber')).toBe(before);
    });

    it.each(bad)('%j is refused by the contact form and by a ticket ad', async (email) => {
      const beforeEntries = await count('form_entry');
      const entry = await post('/de/api/forms-entries/', { form: await formId(), field_values: contact({ email }) });
      expect(entry.statusCode).toBe(400);
      expect(entry.json().errors?.email ?? entry.json().field).toBeTruthy();
      expect(await count('form_entry')).toBe(beforeEntries);
      expect(answer(await post('/de/api/exchange/ads/', validAd({ email })))).toEqual({ status: 400, field: 'body.email' });
    });

    it('the settings\' info address and a staff account follow the same rule (400 naming the field, nothing changed)', async () => {
      const settings = {
        address: 'Konzertfreunde, Hauptstraße 1',
        phone: '+49 761 123456',
        phone_hours: 'Mo–Fr 10–12',
        info_email: 'info<x>@example.org',
        imprint_url: '/de/impressum',
        privacy_url: '/de/datenschutz',
      };
      const stored = await ctx.db.selectFrom('site_settings').select('info_email').where('locale', '=', 'de').executeTakeFirst();
      const refused = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/hub/settings/de/', headers: staff.headers, payload: settings });
      expect(answer(refused)).toEqual({ status: 400, field: 'body.info_email' });
      expect(await ctx.db.selectFrom('site_settings').select('info_email').where('locale', '=', 'de').executeTakeFirst()).toEqual(stored);
      const user = await ctx.app.inject({
        method: 'POST',
        url: '/de/pageeditor-api/hub/users/',
        headers: staff.headers,
        payload: { email: 'neu;x@example.org', username: 'neu', password: 'ein langes Passwort 123', role: 'editor' },
      });
      expect(user.statusCode).toBe(400);
      expect(user.json().field).toMatch(/email/);
    });

    it('a good address still signs up', async () => {
      expect((await post('/de/api/newsletter/subscribe/', { email: 'gut.adresse+kf@example.org', consent: true })).statusCode).toBe(202);
    });
  });

  describe('multipart', () => {
    it('a file part without a filename → 400 naming it, nothing stored', async () => {
      const before = await count('temp_file');
      for (const disposition of ['form-data; name="file"; filename=""', 'form-data; name="file"']) {
        const boundary = '----kf-input-guard';
        const payload = Buffer.from(
          `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
        );
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/de/api/temp-files/',
          payload,
          headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-form-token': await session.formToken() },
          remoteAddress: nextClient(),
        });
        expect({ disposition, ...answer(response) }).toEqual({ disposition, status: 400, field: 'file' });
      }
      expect(await count('temp_file')).toBe(before);
    });

    it('the hub media upload refuses a file part without a filename too', async () => {
      const body = multipartBody('', Buffer.from('x'), { fields: {} });
      const response = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/hub/media/upload/', payload: body.payload, headers: { ...staff.headers, ...body.headers } });
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'file', message: expect.stringMatching(/no file name/) });
    });
  });
});

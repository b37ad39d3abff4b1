import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { createEvent } from '../db/repositories';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, testNow, type TestContext } from '../test/test-context';
import { multipartBody } from '../test/upload-fixtures';

/**
 * ADR 066 case by case (the fuzz suite in test/fuzz/ sweeps every public write): bodies are not converted to the
 * schema's types, only UTF-8 bodies are read, and every refusal is a 4xx naming the field — with no row written —
 * on SQLite and PostgreSQL alike.
 */
describeEachDialect('strict parsing: no conversion, UTF-8 bodies only', (dialect) => {
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
      slug: { de: 'streng', en: 'strict' },
      title: { de: 'Streng', en: 'Strict' },
      start_at: new Date(testNow.getTime() + 10 * 86_400_000).toISOString(),
      price_categories: [{ label: { de: 'Kategorie I', en: 'Category I' }, amount_cents: 4500 }],
    });
  });
  afterAll(() => ctx?.close());

  const tables = ['newsletter_subscriber', 'ticket_ad', 'consent_log', 'form_entry', 'temp_file', 'media', 'error_event'] as const;
  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of tables) result[table] = Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return result;
  };

  const send = (url: string, payload: string | Buffer, contentType: string, headers: Record<string, string> = session.headers) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'sec-fetch-site': 'same-origin', 'content-type': contentType },
      remoteAddress: nextClient(),
    } as InjectOptions);
  const answer = (response: { statusCode: number; json(): { field?: string; code?: string } }) => ({ status: response.statusCode, field: response.json().field, code: response.json().code });

  const subscribe = async (extra: Record<string, unknown> = {}) => ({ email: `streng${(client += 1)}@example.org`, consent: true, form_token: await session.formToken(), ...extra });
  const ad = async (extra: Record<string, unknown> = {}) => ({
    event: eventId,
    kind: 'offer',
    quantity: 2,
    price_category: 0,
    price_cents: 4000,
    message: 'Zwei Plätze nebeneinander.',
    name: 'Clara Wieck',
    email: 'clara@example.org',
    consent: true,
    form_token: await session.formToken(),
    ...extra,
  });
  const consent = (extra: Record<string, unknown> = {}) => ({ consent_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', categories: ['required'], revision: 1, action: 'first', ...extra });
  const entry = async (extra: Record<string, unknown> = {}) => ({
    form: (await ctx.db.selectFrom('form').select('id').where('slug', '=', 'kontakt').executeTakeFirstOrThrow()).id,
    field_values: { name: 'Anna Berger', email: 'anna@example.org', subject: 'karten', message: 'Gibt es noch Karten?', privacy: true },
    form_token: await session.formToken(),
    ...extra,
  });
  const report = (extra: Record<string, unknown> = {}) => ({ kind: 'error', area: 'site', message: 'TypeError: x is undefined', place: 'f (app.js)', path: '/de/', release: 'site@1.0.0', stack: 'at f (/app.js:1:2)', status: 500, reloaded: false, ...extra });

  describe('JSON bodies are not converted to the schema\'s types', () => {
    const json = 'application/json';
    it.each([
      ['a list around the address', { email: ['a@example.org'] }, 'body.email'],
      ['"true" for consent', { consent: 'true' }, 'body.consent'],
      ['1 for consent', { consent: 1 }, 'body.consent'],
      ['[true] for consent', { consent: [true] }, 'body.consent'],
      ['null for consent', { consent: null }, 'body.consent'],
    ])('newsletter: %s → 400 naming it, nobody subscribed', async (_name, extra, field) => {
      const before = await counts();
      expect(answer(await send('/de/api/newsletter/subscribe/', JSON.stringify(await subscribe(extra)), json))).toMatchObject({ status: 400, field });
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['"2"', { quantity: '2' }, 'body.quantity'],
      ['[2]', { quantity: [2] }, 'body.quantity'],
      ['true', { quantity: true }, 'body.quantity'],
      ['null', { quantity: null }, 'body.quantity'],
      ['a number for a name', { name: 1 }, 'body.name'],
      ['null for a message', { message: null }, 'body.message'],
      ['"4000" for a price', { price_cents: '4000' }, 'body.price_cents'],
      ['true for an event', { event: true }, 'body.event'],
    ])('ticket ad: %s → 400 naming it, no ad', async (_name, extra, field) => {
      const before = await counts();
      expect(answer(await send('/de/api/exchange/ads/', JSON.stringify(await ad(extra)), json))).toMatchObject({ status: 400, field });
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['"1"', { revision: '1' }, 'body.revision'],
      ['[1]', { revision: [1] }, 'body.revision'],
      ['true', { revision: true }, 'body.revision'],
      ['one category without its list', { categories: 'required' }, 'body.categories'],
    ])('consent: %s → 400 naming it, nothing logged', async (_name, extra, field) => {
      const before = await counts();
      expect(answer(await send('/de/api/consent/', JSON.stringify(consent(extra)), json))).toMatchObject({ status: 400, field });
      expect(await counts()).toEqual(before);
    });

    it('form entry: the form id as text, in a list or as true → 400 body.form, no entry', async () => {
      const before = await counts();
      const { form } = await entry();
      for (const value of [String(form), [form], true]) {
        expect({ value, ...answer(await send('/de/api/forms-entries/', JSON.stringify(await entry({ form: value })), json)) }).toMatchObject({ value, status: 400, field: 'body.form' });
      }
      expect(await counts()).toEqual(before);
    });

    it('error report: the status as text or false for reloaded as 0 → 400 naming it, nothing kept', async () => {
      const before = await counts();
      expect(answer(await send('/de/api/error-reports/', JSON.stringify(report({ status: '500' })), json))).toMatchObject({ status: 400, field: 'body.status' });
      expect(answer(await send('/de/api/error-reports/', JSON.stringify(report({ reloaded: 0 })), json))).toMatchObject({ status: 400, field: 'body.reloaded' });
      expect(await counts()).toEqual(before);
    });

    it('staff bodies too: a page moved under a parent id written as text → 400 body.parent_id', async () => {
      const [page, parent] = await ctx.db.selectFrom('page_translation').select('page_id').where('path', 'in', ['/de/kontakt', '/de/presse']).orderBy('path').execute();
      const response = await send(`/de/pageeditor-api/hub/pages/${page.page_id}/move/`, JSON.stringify({ parent_id: String(parent.page_id) }), json, staff.headers);
      expect(answer(response)).toMatchObject({ status: 400, field: 'body.parent_id' });
    });

    it('the values as they should be are taken', async () => {
      const before = await counts();
      expect((await send('/de/api/newsletter/subscribe/', JSON.stringify(await subscribe()), json)).statusCode).toBe(202);
      expect((await send('/de/api/exchange/ads/', JSON.stringify(await ad()), json)).statusCode).toBe(202);
      expect((await send('/de/api/consent/', JSON.stringify(consent()), json)).statusCode).toBe(201);
      expect((await send('/de/api/forms-entries/', JSON.stringify(await entry()), json)).statusCode).toBe(201);
      const after = await counts();
      expect([after.newsletter_subscriber, after.ticket_ad, after.consent_log, after.form_entry]).toEqual([
        before.newsletter_subscriber + 1,
        before.ticket_ad + 1,
        before.consent_log + 1,
        before.form_entry + 1,
      ]);
    });
  });

  describe('query and address values are read from their text, a list is not unwrapped', () => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    it.each([
      ['/de/api/events/?page=1&page=2', 'query.page'],
      ['/de/api/events/?page=1&page=1', 'query.page'],
      [`/de/api/exchange/ads/?event=${1}&event=${2}`, 'query.event'],
      ['/de/api/search/?query=a&query=b', 'query.query'],
    ])('GET %s → 400 naming %s', async (url, field) => {
      expect(answer(await get(url))).toMatchObject({ status: 400, field });
    });

    it('a hub list reads is_online from true/false only', async () => {
      for (const value of ['1', '0', '', 'yes', 'null', 'true&is_online=false']) {
        expect({ value, ...answer(await get(`/de/pageeditor-api/hub/pages/?is_online=${value}`, staff.headers)) }).toMatchObject({ value, status: 400, field: 'query.is_online' });
      }
      expect((await get('/de/pageeditor-api/hub/pages/?is_online=true', staff.headers)).statusCode).toBe(200);
      expect((await get('/de/pageeditor-api/hub/pages/?is_online=false&page=1', staff.headers)).statusCode).toBe(200);
    });

    it('numbers in the query and the address still arrive as numbers', async () => {
      expect((await get(`/de/api/exchange/ads/?event=${eventId}&page=1`)).statusCode).toBe(200);
      expect((await get('/de/api/events/?page=1')).statusCode).toBe(200);
    });
  });

  describe('only UTF-8 bodies', () => {
    it.each(['utf-16', 'UTF-16LE', 'utf-16be', 'latin1', 'iso-8859-1', 'windows-1252', 'utf-7', 'us-ascii', '"utf-16"', 'utf8', '', 'utf-8; charset=latin1'])(
      'application/json; charset=%s → 415 naming the content type, nothing stored',
      async (charset) => {
        const before = await counts();
        const contentType = `application/json; charset=${charset}`;
        const response = await send('/de/api/newsletter/subscribe/', JSON.stringify(await subscribe()), contentType);
        expect(answer(response)).toEqual({ status: 415, field: 'headers.content-type', code: 'unsupported_media_type' });
        expect(response.json().message).toContain(contentType);
        expect(await counts()).toEqual(before);
      },
    );

    it('a body encoded as UTF-16 or Latin-1 with its own label → 415, nothing stored', async () => {
      const before = await counts();
      const text = JSON.stringify(await ad({ message: 'Zwei Plätze, 40 €' }));
      for (const [encoding, label] of [['utf16le', 'utf-16le'], ['latin1', 'iso-8859-1']] as const) {
        const response = await send('/de/api/exchange/ads/', Buffer.from(text, encoding), `application/json; charset=${label}`);
        expect({ label, ...answer(response) }).toMatchObject({ label, status: 415, field: 'headers.content-type' });
      }
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['an overlong slash', [0xc0, 0xaf]],
      ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
      ['a lone continuation byte', [0x80]],
      ['an encoded surrogate', [0xed, 0xa0, 0x80]],
      ['a cut-off sequence', [0xe2, 0x82]],
      ['a byte that never occurs', [0xff]],
      ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
      ['Latin-1 for ä', [0xe4]],
    ])('JSON with %s in a text → 400 body, nothing stored', async (_name, bytes) => {
      const before = await counts();
      const [head, tail] = JSON.stringify(await ad({ message: 'Zwei Plätze|' })).split('|');
      const response = await send('/de/api/exchange/ads/', Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]), 'application/json');
      expect(answer(response)).toEqual({ status: 400, field: 'body', code: 'malformed_request' });
      expect(response.json().message).toBe('body is not valid UTF-8');
      expect(await counts()).toEqual(before);
    });

    it('a byte order mark before JSON → 400 body (decided in ADR 066), nothing stored', async () => {
      const before = await counts();
      const response = await send('/de/api/consent/', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(consent()))]), 'application/json');
      expect(answer(response)).toEqual({ status: 400, field: 'body', code: 'malformed_request' });
      expect(await counts()).toEqual(before);
    });

    it('UTF-8 labelled or not, with letters, symbols and emoji, is taken', async () => {
      for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf-8"']) {
        const response = await send('/de/api/exchange/ads/', Buffer.from(JSON.stringify(await ad({ message: 'Zwei Plätze, 40 € 🎻' })), 'utf8'), contentType);
        expect({ contentType, status: response.statusCode }).toEqual({ contentType, status: 202 });
      }
    });

    it.each([
      ['text/plain', 'text/plain; charset=utf-8'],
      ['form-encoded', 'application/x-www-form-urlencoded'],
    ])('a %s body → 415, nothing stored', async (_name, contentType) => {
      const before = await counts();
      const response = await send('/de/api/newsletter/subscribe/', 'email=a%40example.org&consent=true', contentType);
      expect(response.json()).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
      expect(await counts()).toEqual(before);
    });

    it('a multipart upload labelled with a foreign charset → 415, no file kept', async () => {
      const before = await counts();
      const body = multipartBody('brief.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { fields: { website: '' } });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/de/api/temp-files/',
        payload: body.payload,
        headers: { ...session.headers, 'content-type': `${body.headers['content-type']}; charset=iso-8859-1`, 'x-form-token': await session.formToken() },
        remoteAddress: nextClient(),
      });
      expect(answer(response)).toMatchObject({ status: 415, field: 'headers.content-type' });
      expect(await counts()).toEqual(before);
    });

    it('a hub media upload whose alt text is not UTF-8 → 400 naming it, no media', async () => {
      const before = await counts();
      const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png().toBuffer();
      const boundary = '----kf-strict-parsing';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt_de"\r\n\r\nEin Bild `),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bild.png"\r\nContent-Type: image/png\r\n\r\n`),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/de/pageeditor-api/hub/media/upload/',
        payload,
        headers: { ...staff.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(answer(response)).toEqual({ status: 400, field: 'body.alt_de', code: 'malformed_request' });
      expect(await counts()).toEqual(before);
    });
  });
});

import type { Paged } from '../../../contract/schemas/programme';
import type { AdState, ExchangeEvent, TicketAd } from '../../../contract/schemas/exchange';
import { createEvent, updateEvent, type EventInput } from '../db/repositories';
import { sweepTicketAds } from '../db/repositories/ticket-ads';
import { hashToken } from '../services/exchange/ad-tokens';
import { pageSize } from '../../../contract/paging';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';

const day = 24 * 3_600_000;
const inDays = (days: number) => new Date(testNow.getTime() + days * day).toISOString();

const prices = [
  { label: { de: 'Kategorie I', en: 'Category I' }, amount_cents: 4500 },
  { label: { de: 'Kategorie II', en: 'Category II' }, amount_cents: 3000 },
];

/** Links in a mail's text, by the page they open. */
function linksIn(text: string) {
  const find = (path: string) => {
    const match = new RegExp(`http://localhost:8000${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    return match?.[1];
  };
  return {
    confirmDe: find('/de/kartenboerse/anzeige-bestaetigen'),
    withdrawDe: find('/de/kartenboerse/anzeige-zurueckziehen'),
    confirmEn: find('/en/kartenboerse/confirm-ad'),
    withdrawEn: find('/en/kartenboerse/withdraw-ad'),
  };
}

describeEachDialect('ticket exchange API', (dialect) => {
  let ctx: TestContext;
  let session: BrowserSession;
  /** Each test posts from an address of its own, so the per-client rate limits do not add up across tests. */
  let client = 0;
  let remoteAddress = '';
  const ids: Record<'upcoming' | 'second' | 'past' | 'cancelled' | 'offline' | 'free' | 'postponedOpen', number> = {
    upcoming: 0,
    second: 0,
    past: 0,
    cancelled: 0,
    offline: 0,
    free: 0,
    postponedOpen: 0,
  };

  const event = (key: string, start: string, extra: Partial<EventInput> = {}): EventInput => ({
    slug: { de: `boerse-${key}`, en: `exchange-${key}` },
    title: { de: `Börsentest ${key}`, en: `Exchange test ${key}` },
    start_at: start,
    price_categories: prices,
    ...extra,
  });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    session = await browserSession(ctx.app, 'de');
    ids.upcoming = await createEvent(ctx.db, event('upcoming', inDays(10)));
    ids.second = await createEvent(ctx.db, event('second', inDays(20)));
    ids.past = await createEvent(ctx.db, event('past', inDays(-1)));
    ids.cancelled = await createEvent(ctx.db, event('cancelled', inDays(12), { status: 'cancelled' }));
    ids.offline = await createEvent(ctx.db, event('offline', inDays(12), { is_online: false }));
    ids.free = await createEvent(ctx.db, event('free', inDays(12), { price_categories: [] }));
    ids.postponedOpen = await createEvent(ctx.db, event('postponed', inDays(-3), { status: 'postponed', postponed_to: null }));
  });
  afterAll(() => ctx?.close());
  beforeEach(() => {
    client += 1;
    remoteAddress = `10.0.${Math.floor(client / 250)}.${client % 250}`;
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const post = async (url: string, body: Record<string, unknown>, options: { formToken?: boolean; headers?: Record<string, string> } = {}) => {
    const payload = options.formToken === false || 'form_token' in body ? body : { ...body, form_token: await session.formToken() };
    return ctx.app.inject({ method: 'POST', url, payload, headers: options.headers ?? session.headers, remoteAddress });
  };
  const validAd = (extra: Record<string, unknown> = {}) => ({
    event: ids.upcoming,
    kind: 'offer',
    quantity: 2,
    price_category: 0,
    price_cents: 4000,
    message: 'Zwei Plätze nebeneinander, Reihe 7.',
    name: 'Clara Wieck',
    email: 'clara@example.org',
    consent: true,
    ...extra,
  });
  const counts = async () => {
    const [ads, mails] = await Promise.all([
      ctx.db.selectFrom('ticket_ad').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ads: Number(ads.n), mails: Number(mails.n) };
  };
  const lastMail = () => ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const lastAd = () => ctx.db.selectFrom('ticket_ad').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  /** Places an ad and returns the tokens from its mail. */
  const place = async (extra: Record<string, unknown> = {}, locale: 'de' | 'en' = 'de') => {
    const response = await post(`/${locale}/api/exchange/ads/`, validAd(extra));
    expect(response.statusCode).toBe(202);
    const mail = await lastMail();
    const links = linksIn(mail.text_body);
    const confirm = locale === 'de' ? links.confirmDe : links.confirmEn;
    const withdraw = locale === 'de' ? links.withdrawDe : links.withdrawEn;
    expect(confirm).toBeDefined();
    expect(withdraw).toBeDefined();
    return { id: (await lastAd()).id, confirm: confirm!, withdraw: withdraw! };
  };
  // The mailed links send their token alone: no form token (ADR 074).
  const confirm = (token: string, locale = 'de', extra: Record<string, unknown> = {}) =>
    post(`/${locale}/api/exchange/ads/confirm/`, { token, ...extra }, { formToken: false });
  const withdraw = (token: string, locale = 'de', extra: Record<string, unknown> = {}) =>
    post(`/${locale}/api/exchange/ads/withdraw/`, { token, ...extra }, { formToken: false });
  const listed = async (query = '') => {
    const response = await get(`/de/api/exchange/ads/${query}`);
    expect(response.statusCode).toBe(200);
    return json<Paged<TicketAd>>(response);
  };
  const expectError = (response: { statusCode: number; body: string }, status: number, field?: string, message?: RegExp) => {
    expect(response.statusCode).toBe(status);
    const body = json(response);
    expect(body.statusCode).toBe(status);
    if (field !== undefined) expect(body.field).toBe(field);
    if (message) expect(body.message).toMatch(message);
  };

  describe('GET /:locale/api/exchange/events/', () => {
    it('lists the online events that have not begun, are not cancelled and have prices, soonest first', async () => {
      const response = await get('/de/api/exchange/events/');
      expect(response.statusCode).toBe(200);
      const events = json<ExchangeEvent[]>(response);
      const listedIds = events.map((entry) => entry.id);
      expect(listedIds).toEqual(expect.arrayContaining([ids.upcoming, ids.second, ids.postponedOpen]));
      for (const excluded of [ids.past, ids.cancelled, ids.offline, ids.free]) expect(listedIds).not.toContain(excluded);
      expect(events.every((entry) => entry.status !== 'cancelled' && entry.price_categories.length > 0)).toBe(true);
      const upcoming = events.find((entry) => entry.id === ids.upcoming)!;
      expect(upcoming).toMatchObject({
        title: 'Börsentest upcoming',
        url: `/de/programm/boerse-upcoming/${ids.upcoming}`,
        price_categories: [
          { index: 0, label: 'Kategorie I', amount_cents: 4500 },
          { index: 1, label: 'Kategorie II', amount_cents: 3000 },
        ],
      });
      // The seeded programme has events before and after the tests' day; only upcoming ones are here.
      type Summary = { id: number; start: string; status: string; postponed_to: string | null };
      const begun = json<Summary[]>(await get('/de/api/all-events/')).filter(
        (entry) => !(entry.status === 'postponed' && entry.postponed_to === null) && (entry.postponed_to ?? entry.start) <= testNow.toISOString(),
      );
      expect(begun.length).toBeGreaterThan(1);
      for (const entry of begun) expect(listedIds).not.toContain(entry.id);
      const starts = events.filter((entry) => entry.status !== 'postponed').map((entry) => entry.start);
      expect(starts).toEqual([...starts].sort());
    });

    it('names events and categories in the request’s language', async () => {
      const events = json<ExchangeEvent[]>(await get('/en/api/exchange/events/'));
      expect(events.find((entry) => entry.id === ids.upcoming)).toMatchObject({
        title: 'Exchange test upcoming',
        url: `/en/events/exchange-upcoming/${ids.upcoming}`,
        price_categories: [{ label: 'Category I' }, { label: 'Category II' }],
      });
    });
  });

  describe('placing, confirming and withdrawing an ad', () => {
    it('stores a pending ad, mails working confirm and withdraw links, and lists the ad once confirmed', async () => {
      const before = await counts();
      const response = await post('/de/api/exchange/ads/', validAd());
      expect(response.statusCode).toBe(202);
      expect(json(response)).toEqual({ detail: expect.stringContaining('E-Mail') });
      expect(await counts()).toEqual({ ads: before.ads + 1, mails: before.mails + 1 });

      const ad = await lastAd();
      expect(ad).toMatchObject({
        event_id: ids.upcoming,
        kind: 'offer',
        quantity: 2,
        price_category: 0,
        category_label_de: 'Kategorie I',
        face_value_cents: 4500,
        price_cents: 4000,
        status: 'pending',
        locale: 'de',
        confirmed_at: null,
      });
      expect(ad.confirm_expires_at).toBe(new Date(testNow.getTime() + 2 * day).toISOString());

      const mail = await lastMail();
      // Queued by the request; the outbox's sender may already have delivered it on a slow machine.
      expect(mail).toMatchObject({ kind: 'ticket-ad-confirm', locale: 'de', status: expect.stringMatching(/^(pending|sent)$/) });
      expect(JSON.parse(mail.to_addresses)).toEqual(['clara@example.org']);
      expect(mail.subject).toMatch(/Kartenbörse/);
      expect(mail.text_body).toContain('Börsentest upcoming');
      expect(mail.text_body).toContain('2 Karten, Kategorie I, je 40,00');
      const links = linksIn(mail.text_body);
      expect(links.confirmDe).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(links.withdrawDe).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.html_body).toContain(`href="http://localhost:8000/de/kartenboerse/anzeige-bestaetigen?token=${links.confirmDe}"`);
      // Only hashes are stored.
      expect(ad.confirm_token_hash).toBe(hashToken(links.confirmDe!));
      expect(ad.withdraw_token_hash).toBe(hashToken(links.withdrawDe!));
      expect(JSON.stringify(ad)).not.toContain(links.confirmDe!);

      await ctx.app.mail.flush();
      expect((await lastMail()).status).toBe('sent');

      expect((await listed(`?event=${ids.upcoming}`)).results.map((entry) => entry.id)).not.toContain(ad.id);
      const confirmed = await confirm(links.confirmDe!);
      expect(confirmed.statusCode).toBe(200);
      expect(json<AdState>(confirmed)).toMatchObject({
        id: ad.id,
        status: 'confirmed',
        event: { id: ids.upcoming, title: 'Börsentest upcoming', url: `/de/programm/boerse-upcoming/${ids.upcoming}` },
        list_url: `/de/kartenboerse?event=${ids.upcoming}`,
      });
      expect(await lastAd()).toMatchObject({ status: 'confirmed', confirmed_at: testNow.toISOString() });

      const list = await listed(`?event=${ids.upcoming}`);
      const shown = list.results.find((entry) => entry.id === ad.id);
      expect(shown).toEqual({
        id: ad.id,
        event: expect.objectContaining({ id: ids.upcoming, title: 'Börsentest upcoming' }),
        kind: 'offer',
        quantity: 2,
        price_category: { index: 0, label: 'Kategorie I', face_value_cents: 4500 },
        price_cents: 4000,
        message: 'Zwei Plätze nebeneinander, Reihe 7.',
        first_name: 'Clara',
        confirmed_at: testNow.toISOString(),
      });
      const english = json<Paged<TicketAd>>(await get(`/en/api/exchange/ads/?event=${ids.upcoming}`));
      expect(english.results.find((entry) => entry.id === ad.id)?.price_category.label).toBe('Category I');
      for (const body of [JSON.stringify(list), JSON.stringify(english)]) {
        expect(body).not.toContain('clara@example.org');
        expect(body).not.toContain('Wieck');
      }
    });

    it('mails an ad placed in English in English, with the English pages', async () => {
      const { confirm: token } = await place({ name: 'Robert Schumann', email: 'robert@example.org' }, 'en');
      const mail = await lastMail();
      expect(mail.locale).toBe('en');
      expect(mail.subject).toMatch(/Ticket exchange/);
      expect(mail.text_body).toContain('2 tickets, Category I, €40.00 each');
      const response = await confirm(token, 'en');
      expect(json<AdState>(response)).toMatchObject({ status: 'confirmed', list_url: `/en/kartenboerse?event=${ids.upcoming}` });
    });

    it('takes a search without a price', async () => {
      const { id, confirm: token } = await place({ kind: 'search', price_cents: null, quantity: 1, price_category: 1 });
      expect(await lastAd()).toMatchObject({ id, kind: 'search', price_cents: null, face_value_cents: 3000 });
      expect((await confirm(token)).statusCode).toBe(200);
      const ad = (await listed(`?event=${ids.upcoming}&kind=search`)).results.find((entry) => entry.id === id);
      expect(ad).toMatchObject({ kind: 'search', price_cents: null, quantity: 1 });
    });

    it('refuses a confirmation link used before, and changes nothing', async () => {
      const { id, confirm: token } = await place();
      expect((await confirm(token)).statusCode).toBe(200);
      const stored = await lastAd();
      expectError(await confirm(token), 410, 'body.token', /confirmed already/);
      expect(await lastAd()).toEqual(stored);
      expect(stored.id).toBe(id);
    });

    it('refuses an expired confirmation link and leaves the ad pending and unlisted', async () => {
      const { id, confirm: token } = await place();
      await ctx.db.updateTable('ticket_ad').set({ confirm_expires_at: inDays(-0.01) }).where('id', '=', id).execute();
      expectError(await confirm(token), 410, 'body.token', /expired/);
      expect(await lastAd()).toMatchObject({ id, status: 'pending', confirmed_at: null });
      expect((await listed(`?event=${ids.upcoming}`)).results.map((entry) => entry.id)).not.toContain(id);
    });

    it('refuses unknown and malformed tokens naming the field', async () => {
      expectError(await confirm('A'.repeat(43)), 400, 'body.token', /not a confirmation link/);
      expectError(await withdraw('A'.repeat(43)), 400, 'body.token', /not a withdrawal link/);
      expectError(await confirm('too-short'), 400, 'body.token', /token from the link/);
      expectError(await post('/de/api/exchange/ads/confirm/', {}, { formToken: false }), 400, 'body.token', /required/);
      expectError(await post('/de/api/exchange/ads/confirm/', { token: 'A'.repeat(43), extra: 1 }, { formToken: false }), 400, 'body.extra');
    });

    it('takes the mailed token as the proof of a person: confirms and withdraws without a form token, at once (ADR 074)', async () => {
      const { id, confirm: confirmToken, withdraw: withdrawToken } = await place();
      const confirmed = await confirm(confirmToken);
      expect(confirmed.statusCode).toBe(200);
      expect(json<AdState>(confirmed)).toMatchObject({ id, status: 'confirmed' });
      expect(await lastAd()).toMatchObject({ id, status: 'confirmed', confirmed_at: testNow.toISOString() });
      expect((await listed(`?event=${ids.upcoming}`)).results.map((entry) => entry.id)).toContain(id);
      expect(json<AdState>(await withdraw(withdrawToken))).toMatchObject({ id, status: 'withdrawn' });
      expect((await listed(`?event=${ids.upcoming}`)).results.map((entry) => entry.id)).not.toContain(id);
    });

    it('refuses a form token or honeypot on a mailed link as an unknown field, changing nothing', async () => {
      const { id, confirm: confirmToken, withdraw: withdrawToken } = await place();
      const formToken = await session.formToken();
      for (const [field, value] of [['website', 'x'], ['form_token', formToken], ['form_token', 'forged.token']] as const) {
        expectError(await confirm(confirmToken, 'de', { [field]: value }), 400, `body.${field}`);
        expectError(await withdraw(withdrawToken, 'de', { [field]: value }), 400, `body.${field}`);
      }
      expect(await lastAd()).toMatchObject({ id, status: 'pending', confirmed_at: null, withdrawn_at: null });
    });

    it('logs an ad going on and off the exchange as a change and asks for a publish, so the built exchange follows (ADR 074)', async () => {
      const adChanges = async (id: number) =>
        (await ctx.db.selectFrom('change_log').select('entity_id').where('entity', '=', 'ticket_ad').where('entity_id', '=', String(id)).execute()).length;
      const publishRequests = async () => Number((await ctx.db.selectFrom('publish_request').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const { id, confirm: confirmToken, withdraw: withdrawToken } = await place();
      // Placed but not confirmed: nothing a visitor sees changed.
      expect(await adChanges(id)).toBe(0);
      let requests = await publishRequests();
      expect((await confirm(confirmToken)).statusCode).toBe(200);
      expect(await adChanges(id)).toBe(1);
      expect(await publishRequests()).toBe(requests + 1);
      requests += 1;
      // A refused link changes nothing and asks for nothing.
      expect((await confirm(confirmToken)).statusCode).toBe(410);
      expect(await adChanges(id)).toBe(1);
      expect(await publishRequests()).toBe(requests);
      expect((await withdraw(withdrawToken)).statusCode).toBe(200);
      expect(await adChanges(id)).toBe(2);
      expect(await publishRequests()).toBe(requests + 1);
      // A pending ad withdrawn was never listed: no change to build.
      const pending = await place();
      expect((await withdraw(pending.withdraw)).statusCode).toBe(200);
      expect(await adChanges(pending.id)).toBe(0);
    });

    it('withdraws a confirmed ad once; it leaves the list and cannot be confirmed again', async () => {
      const { id, confirm: confirmToken, withdraw: withdrawToken } = await place();
      expect((await confirm(confirmToken)).statusCode).toBe(200);
      expect((await listed(`?event=${ids.upcoming}`)).results.map((entry) => entry.id)).toContain(id);
      const response = await withdraw(withdrawToken);
      expect(response.statusCode).toBe(200);
      expect(json<AdState>(response)).toMatchObject({ id, status: 'withdrawn' });
      expect(await lastAd()).toMatchObject({ id, status: 'withdrawn', withdrawn_at: testNow.toISOString() });
      expect((await listed(`?event=${ids.upcoming}`)).results.map((entry) => entry.id)).not.toContain(id);
      expectError(await withdraw(withdrawToken), 410, 'body.token', /withdrawn already/);
      expectError(await confirm(confirmToken), 410, 'body.token');
    });

    it('withdraws a pending ad, whose confirmation link then no longer works', async () => {
      const { id, confirm: confirmToken, withdraw: withdrawToken } = await place();
      expect((await withdraw(withdrawToken)).statusCode).toBe(200);
      expectError(await confirm(confirmToken), 410, 'body.token', /withdrawn/);
      expect(await lastAd()).toMatchObject({ id, status: 'withdrawn', confirmed_at: null });
    });
  });

  describe('bad input to POST ads/', () => {
    const cases: [string, Record<string, unknown>, string, RegExp?][] = [
      ['a missing name', { name: undefined }, 'body.name', /required/],
      ['a blank name', { name: '   ' }, 'body.name', /required/],
      ['a missing email', { email: undefined }, 'body.email', /required/],
      ['a malformed email', { email: 'clara.example.org' }, 'body.email', /email address/],
      ['a quantity that is text', { quantity: 'zwei' }, 'body.quantity', /integer/],
      ['a quantity of 11', { quantity: 11 }, 'body.quantity', /<= 10/],
      ['a quantity of 0', { quantity: 0 }, 'body.quantity', />= 1/],
      ['an unknown kind', { kind: 'sell' }, 'body.kind', /offer, search/],
      ['an unknown field', { phone: '0761 123' }, 'body.phone', /not a known field/],
      ['a message over 500 characters', { message: 'x'.repeat(501) }, 'body.message', /500/],
      ['no consent', { consent: false }, 'body.consent', /consent/],
      ['consent as text', { consent: 'yes' }, 'body.consent', /boolean/],
      ['an unknown event', { event: 999_999 }, 'body.event', /not an event/],
      ['an event id that is text', { event: 'mahler' }, 'body.event', /integer/],
      ['an offer without a price', { price_cents: undefined }, 'body.price_cents', /required for an offer/],
      ['a price above face value', { price_cents: 4501 }, 'body.price_cents', /at most 4500/],
      ['a search price above face value', { kind: 'search', price_category: 1, price_cents: 3500 }, 'body.price_cents', /at most 3000/],
      ['a negative price', { price_cents: -1 }, 'body.price_cents', />= 0/],
      ['a category the event does not have', { price_category: 2 }, 'body.price_category', /0 to 1/],
    ];
    it.each(cases)('refuses %s with a 400 naming the field, writing and mailing nothing', async (_name, change, field, message) => {
      const before = await counts();
      const body = Object.fromEntries(Object.entries(validAd(change)).filter(([, value]) => value !== undefined));
      expectError(await post('/de/api/exchange/ads/', body), 400, field, message);
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['past', 'has already begun'],
      ['cancelled', 'is cancelled'],
      ['offline', 'not an event'],
      ['free', 'no price categories'],
    ] as const)('refuses an ad for a %s event', async (key, message) => {
      const before = await counts();
      expectError(await post('/de/api/exchange/ads/', validAd({ event: ids[key] })), 400, 'body.event', new RegExp(message));
      expect(await counts()).toEqual(before);
    });

    it('takes an ad for a postponed event whose new date is not known yet', async () => {
      expect((await post('/de/api/exchange/ads/', validAd({ event: ids.postponedOpen }))).statusCode).toBe(202);
    });
  });

  describe('abuse guards', () => {
    it('answers a filled honeypot like a success, storing and mailing nothing', async () => {
      const before = await counts();
      const response = await post('/de/api/exchange/ads/', validAd({ website: 'https://spam.example' }));
      expect(response.statusCode).toBe(202);
      const real = await post('/de/api/exchange/ads/', validAd());
      expect(json(response)).toEqual(json(real));
      expect(await counts()).toEqual({ ads: before.ads + 1, mails: before.mails + 1 });
    });

    it('answers a submission without a form token like a success, storing nothing', async () => {
      const before = await counts();
      const response = await post('/de/api/exchange/ads/', validAd(), { formToken: false });
      expect(response.statusCode).toBe(202);
      expect(await counts()).toEqual(before);
    });

    it('refuses a post without the CSRF header with 403, storing nothing', async () => {
      const before = await counts();
      const { 'x-csrftoken': _header, ...headers } = session.headers;
      expectError(await post('/de/api/exchange/ads/', validAd(), { headers }), 403, 'headers.x-csrftoken');
      expect(await counts()).toEqual(before);
    });

    it('limits ads per client: the 11th within an hour gets 429 with Retry-After and is not stored', async () => {
      for (let n = 0; n < 10; n += 1) expect((await post('/de/api/exchange/ads/', validAd())).statusCode).toBe(202);
      const before = await counts();
      const response = await post('/de/api/exchange/ads/', validAd());
      expectError(response, 429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(await counts()).toEqual(before);
      remoteAddress = '10.99.0.1';
      expect((await post('/de/api/exchange/ads/', validAd())).statusCode).toBe(202);
    });

    it('limits token links per client', async () => {
      for (let n = 0; n < 30; n += 1) expect((await confirm('B'.repeat(43))).statusCode).toBe(400);
      expectError(await confirm('B'.repeat(43)), 429);
    });
  });

  describe('POST /:locale/api/exchange/ads/{id}/contact/', () => {
    const message = { name: 'Johannes Brahms', email: 'johannes@example.org', message: 'Ich nehme beide Karten.\nWo treffen wir uns?' };

    it('mails the message to the ad’s placer in the ad’s language, without telling the writer the address', async () => {
      const { id, confirm: token } = await place({ name: 'Clara Wieck', email: 'clara@example.org' });
      await confirm(token);
      const before = await counts();
      const response = await post(`/en/api/exchange/ads/${id}/contact/`, message);
      expect(response.statusCode).toBe(202);
      expect(response.body).not.toContain('clara@example.org');
      expect(await counts()).toEqual({ ads: before.ads, mails: before.mails + 1 });
      const mail = await lastMail();
      expect(mail.kind).toBe('ticket-ad-contact');
      expect(mail.locale).toBe('de');
      expect(JSON.parse(mail.to_addresses)).toEqual(['clara@example.org']);
      expect(mail.subject).toContain('Johannes Brahms');
      expect(mail.text_body).toContain('Guten Tag Clara Wieck');
      expect(mail.text_body).toContain('Ich nehme beide Karten.');
      expect(mail.text_body).toContain('Wo treffen wir uns?');
      expect(mail.text_body).toContain('johannes@example.org');
      expect(mail.html_body).toContain('Ich nehme beide Karten.');
    });

    it('refuses ads that are not listed: pending, withdrawn or unknown (404), mailing nothing', async () => {
      const pending = await place();
      const withdrawn = await place();
      await confirm(withdrawn.confirm);
      await withdraw(withdrawn.withdraw);
      const before = await counts();
      for (const id of [pending.id, withdrawn.id, 999_999]) {
        expectError(await post(`/de/api/exchange/ads/${id}/contact/`, message), 404, 'params.id');
      }
      expectError(await post('/de/api/exchange/ads/abc/contact/', message), 400, 'params.id');
      expect(await counts()).toEqual(before);
    });

    it('refuses bad input naming the field, and ignores a bot, mailing nothing', async () => {
      const { id, confirm: token } = await place();
      await confirm(token);
      const before = await counts();
      const url = `/de/api/exchange/ads/${id}/contact/`;
      expectError(await post(url, { ...message, message: undefined }), 400, 'body.message', /required/);
      expectError(await post(url, { ...message, message: '  ' }), 400, 'body.message', /required/);
      expectError(await post(url, { ...message, email: 'nope' }), 400, 'body.email');
      expectError(await post(url, { ...message, message: 'x'.repeat(2001) }), 400, 'body.message', /2000/);
      expectError(await post(url, { ...message, cc: 'x@example.org' }), 400, 'body.cc');
      const bot = await post(url, { ...message, website: 'x' });
      expect(bot.statusCode).toBe(202);
      expect(await counts()).toEqual(before);
    });
  });

  describe('GET /:locale/api/exchange/ads/', () => {
    it('pages like DRF, filters by event and kind, and refuses unknown events and pages', async () => {
      for (let n = 0; n < pageSize + 1; n += 1) {
        // Ten ads an hour per client: this test is several clients.
        if (n % 10 === 0) remoteAddress = `10.97.0.${n}`;
        const { confirm: token } = await place({ event: ids.second, quantity: (n % 10) + 1 });
        expect((await confirm(token)).statusCode).toBe(200);
      }
      remoteAddress = '10.98.0.1';
      const { confirm: token } = await place({ event: ids.second, kind: 'search', price_cents: null });
      await confirm(token);

      const first = await listed(`?event=${ids.second}`);
      expect(first.count).toBe(pageSize + 2);
      expect(first.results).toHaveLength(pageSize);
      expect(first.next).toBe(`/de/api/exchange/ads/?event=${ids.second}&page=2`);
      const second = await listed(`?event=${ids.second}&page=2`);
      expect(second.previous).toBe(`/de/api/exchange/ads/?event=${ids.second}`);
      expect(second.results).toHaveLength(2);
      expect(new Set([...first.results, ...second.results].map((entry) => entry.event.id))).toEqual(new Set([ids.second]));
      expect((await listed(`?event=${ids.second}&kind=search`)).count).toBe(1);
      expect((await listed(`?event=${ids.second}&kind=offer`)).count).toBe(pageSize + 1);

      // All events: soonest event first.
      const all = await listed();
      const starts = all.results.map((entry) => entry.event.start);
      expect(starts).toEqual([...starts].sort());

      expectError(await get(`/de/api/exchange/ads/?event=${ids.second}&page=3`), 404, 'query.page', /Invalid page/);
      expectError(await get('/de/api/exchange/ads/?event=999999'), 400, 'query.event');
      expectError(await get(`/de/api/exchange/ads/?event=${ids.offline}`), 400, 'query.event');
      expectError(await get('/de/api/exchange/ads/?kind=sell'), 400, 'query.kind');
      expectError(await get('/de/api/exchange/ads/?page=0'), 400, 'query.page');
      // A past event is a valid filter with nothing in it.
      expect((await listed(`?event=${ids.past}`)).count).toBe(0);
    });

    it('drops an ad when its event begins or is cancelled; the sweep then marks begun ones expired', async () => {
      const key = `moving-${dialect}`;
      const id = await createEvent(ctx.db, event(key, inDays(5)));
      const { id: adId, confirm: token, withdraw: withdrawToken } = await place({ event: id });
      await confirm(token);
      expect((await listed(`?event=${id}`)).count).toBe(1);

      await updateEvent(ctx.db, id, { status: 'cancelled' });
      expect((await listed(`?event=${id}`)).count).toBe(0);
      expect(json<ExchangeEvent[]>(await get('/de/api/exchange/events/')).map((entry) => entry.id)).not.toContain(id);
      await updateEvent(ctx.db, id, { status: 'scheduled' });
      expect((await listed(`?event=${id}`)).count).toBe(1);

      await updateEvent(ctx.db, id, { start_at: inDays(-0.1) });
      expect((await listed(`?event=${id}`)).count).toBe(0);
      expectError(await post(`/de/api/exchange/ads/${adId}/contact/`, { name: 'A', email: 'a@example.org', message: 'Hallo' }), 404, 'params.id');

      const changesBefore = await ctx.db.selectFrom('change_log').select('seq').where('entity', '=', 'ticket_ad').where('entity_id', '=', String(adId)).execute();
      const { expired, expiredListed } = await sweepTicketAds(ctx.db, testNow.toISOString(), 30 * day);
      expect(expired).toBeGreaterThanOrEqual(1);
      expect(await ctx.db.selectFrom('ticket_ad').select(['status', 'expired_at']).where('id', '=', adId).executeTakeFirstOrThrow()).toEqual({
        status: 'expired',
        expired_at: testNow.toISOString(),
      });
      // The listed ad's expiry is a change the built exchange must follow (ADR 074); a second sweep finds none.
      expect(expiredListed).toContain(adId);
      const changesAfter = await ctx.db.selectFrom('change_log').select('seq').where('entity', '=', 'ticket_ad').where('entity_id', '=', String(adId)).execute();
      expect(changesAfter).toHaveLength(changesBefore.length + 1);
      expect((await sweepTicketAds(ctx.db, testNow.toISOString(), 30 * day)).expiredListed).toEqual([]);
      expectError(await withdraw(withdrawToken), 410, 'body.token', /expired/);
    });
  });

  describe('the sweep', () => {
    it('deletes unconfirmed ads some time after their link lapsed, and ended ads some time after they ended', async () => {
      const lapsed = await place();
      const fresh = await place();
      const ended = await place();
      await withdraw(ended.withdraw);
      await ctx.db.updateTable('ticket_ad').set({ confirm_expires_at: inDays(-31) }).where('id', '=', lapsed.id).execute();
      await ctx.db.updateTable('ticket_ad').set({ withdrawn_at: inDays(-31) }).where('id', '=', ended.id).execute();
      const { deleted } = await sweepTicketAds(ctx.db, testNow.toISOString(), 30 * day);
      expect(deleted).toBe(2);
      const left = await ctx.db.selectFrom('ticket_ad').select('id').where('id', 'in', [lapsed.id, fresh.id, ended.id]).execute();
      expect(left.map((row) => row.id)).toEqual([fresh.id]);
    });
  });
});

describeEachDialect('ticket exchange mail over SMTP', (dialect) => {
  let smtp: SmtpSink;
  let ctx: TestContext;
  let eventId = 0;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext(dialect, { seed: false, config: { smtpUrl: smtp.url } });
    eventId = await createEvent(ctx.db, {
      slug: { de: 'smtp-test', en: 'smtp-test' },
      title: { de: 'Post-Test', en: 'Mail test' },
      start_at: inDays(4),
      price_categories: prices,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.stop();
  });

  it('delivers the confirmation mail whose links confirm and withdraw the ad, and a message to its placer', async () => {
    const session = await browserSession(ctx.app, 'en');
    const post = async (url: string, body: Record<string, unknown>, formToken = true) =>
      ctx.app.inject({ method: 'POST', url, headers: session.headers, payload: formToken ? { ...body, form_token: await session.formToken() } : body });
    const placed = await post('/en/api/exchange/ads/', {
      event: eventId,
      kind: 'search',
      quantity: 3,
      price_category: 1,
      name: 'Fanny Hensel',
      email: 'fanny@example.org',
      consent: true,
    });
    expect(placed.statusCode).toBe(202);
    await ctx.app.mail.flush();
    const mail = await smtp.waitFor('fanny@example.org', /please confirm/);
    expect(mail.text).toContain('Wanted: 3 tickets, Category II – “Mail test”');
    const confirmUrl = /http:\/\/localhost:8000\/en\/kartenboerse\/confirm-ad\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    const withdrawUrl = /http:\/\/localhost:8000\/en\/kartenboerse\/withdraw-ad\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(mail.html).toContain(`href="${confirmUrl}"`);
    const token = (url: string | undefined) => new URL(url!).searchParams.get('token');

    expect((await post('/en/api/exchange/ads/confirm/', { token: token(confirmUrl) }, false)).statusCode).toBe(200);
    const list = json<Paged<TicketAd>>(await ctx.app.inject({ method: 'GET', url: `/en/api/exchange/ads/?event=${eventId}` }));
    expect(list.results).toHaveLength(1);

    const contact = await post(`/de/api/exchange/ads/${list.results[0].id}/contact/`, { name: 'Felix', email: 'felix@example.org', message: 'I have three.' });
    expect(contact.statusCode).toBe(202);
    await ctx.app.mail.flush();
    const message = await smtp.waitFor('fanny@example.org', /message from Felix/);
    expect(message.text).toContain('I have three.');
    expect(message.text).toContain('felix@example.org');

    expect((await post('/en/api/exchange/ads/withdraw/', { token: token(withdrawUrl) }, false)).statusCode).toBe(200);
    expect(json<Paged<TicketAd>>(await ctx.app.inject({ method: 'GET', url: `/en/api/exchange/ads/?event=${eventId}` })).count).toBe(0);
  });
});

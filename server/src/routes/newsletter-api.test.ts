import type { ParsedMail } from 'mailparser';
import { confirmSubscription, purgeUnconfirmed, signUp } from '../db/repositories/newsletter';
import { hashToken } from '../db/rules/newsletter-tokens';
import { CONSENT_TEXT_VERSION } from '../../../contract/newsletter';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';
import { subscribeLimit } from './newsletter';

let client = 0;
/** Every test sends from its own address, so the rate limits never couple tests. */
const nextIp = () => `203.0.113.${++client}`;
const hoursLater = (hours: number) => new Date(testNow.getTime() + hours * 3_600_000);

const linksOf = (mail: ParsedMail) => [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describeEachDialect('newsletter calls', (dialect) => {
  let smtp: SmtpSink;
  let ctx: TestContext;
  let session: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext(dialect, { seed: false, config: { smtpUrl: smtp.url } });
    session = await browserSession(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });

  const subscriber = (email: string) => ctx.db.selectFrom('newsletter_subscriber').selectAll().where('email', '=', email).executeTakeFirst();
  const outbox = (email: string) => ctx.db.selectFrom('mail_outbox').selectAll().where('to_addresses', '=', JSON.stringify([email])).execute();

  async function subscribe(body: Record<string, unknown>, { locale = 'de', ip = nextIp(), headers = session.headers } = {}) {
    return ctx.app.inject({ method: 'POST', url: `/${locale}/api/newsletter/subscribe/`, payload: body, headers, remoteAddress: ip });
  }
  async function signUpBody(email: string) {
    return { email, consent: true, form_token: await session.formToken() };
  }
  /** Sends a token from a mail's link as the page behind the link does: with a form token and an empty honeypot. */
  const post = async (path: 'confirm' | 'unsubscribe', token: string, locale = 'de', extra: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/${locale}/api/newsletter/${path}/`,
      payload: { token, form_token: await session.formToken(), ...extra },
      headers: session.headers,
      remoteAddress: nextIp(),
    });

  /** Signs up, reads the confirmation mail and returns its link. */
  async function signUpAndRead(email: string, locale: 'de' | 'en' = 'de') {
    expect((await subscribe(await signUpBody(email), { locale })).statusCode).toBe(202);
    await ctx.app.mail.flush();
    const mail = await smtp.waitFor(email, locale === 'de' ? /bestätigen/ : /confirm/);
    return { mail, link: linksOf(mail)[0] };
  }

  it('stores a pending sign-up with proof of consent and mails a confirmation link, storing only its hash', async () => {
    const response = await subscribe(await signUpBody('Anna@Example.org'), { ip: '203.0.113.200' });
    expect(response.statusCode).toBe(202);
    expect(json(response)).toEqual({ status: 'received' });
    await ctx.app.mail.flush();
    const mail = await smtp.waitFor('anna@example.org');
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Newsletter-Anmeldung');
    // No advertising: the confirmation link (as button and as address) is the only link.
    const links = [...new Set(linksOf(mail))];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^http:\/\/localhost:8000\/de\/newsletter\/bestaetigen\?token=[A-Za-z0-9_-]{22}$/);
    expect(mail.text).toContain(links[0]);
    const token = tokenOf(links[0]);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await subscriber('anna@example.org');
    expect(row).toMatchObject({
      status: 'pending',
      locale: 'de',
      consent_text_version: CONSENT_TEXT_VERSION,
      signup_ip: '203.0.113.200',
      signed_up_at: testNow.toISOString(),
      confirm_token_hash: hashToken(token),
      confirm_token_expires_at: hoursLater(48).toISOString(),
      confirmed_at: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('confirms once with the link from the mail, then mails the unsubscribe link; the link cannot be used again', async () => {
    const { link } = await signUpAndRead('ben@example.org');
    const confirmed = await post('confirm', tokenOf(link));
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed)).toEqual({ status: 'confirmed' });
    const row = await subscriber('ben@example.org');
    expect(row).toMatchObject({ status: 'confirmed', confirmed_at: testNow.toISOString(), confirm_ip: expect.stringMatching(/^203\.0\.113\./) });

    await ctx.app.mail.flush();
    const welcome = await smtp.waitFor('ben@example.org', /bestätigt/);
    const unsubscribeLink = linksOf(welcome).find((href) => href.includes('/de/newsletter/abmelden?token='));
    expect(unsubscribeLink).toBeDefined();
    expect(welcome.text).toContain(unsubscribeLink);
    expect(row!.unsubscribe_token_hash).toBe(hashToken(tokenOf(unsubscribeLink!)));

    const again = await post('confirm', tokenOf(link));
    expect(again.statusCode).toBe(410);
    expect(json(again)).toMatchObject({ field: 'body.token', message: 'This confirmation link has already been used.' });
    expect(await subscriber('ben@example.org')).toEqual(row);
  });

  it('refuses unknown, malformed and expired tokens without changing anything', async () => {
    const unknown = await post('confirm', 'A'.repeat(22));
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({ field: 'body.token', message: expect.stringMatching(/not valid/) });
    const malformed = await post('confirm', 'no spaces allowed here');
    expect(json(malformed)).toMatchObject({ statusCode: 400, field: 'body.token' });

    const early = await signUp(ctx.db, { email: 'carla@example.org', locale: 'en', ip: '203.0.113.9', now: hoursLater(-49) });
    if (early.outcome !== 'confirm') throw new Error('expected a confirmation');
    const before = await subscriber('carla@example.org');
    const expired = await post('confirm', early.confirmToken, 'en');
    expect(expired.statusCode).toBe(410);
    expect(json(expired).message).toMatch(/expired/);
    expect(await subscriber('carla@example.org')).toEqual(before);
  });

  it('answers a repeated sign-up the same way: a pending address gets a new link, a subscribed one nothing', async () => {
    const first = await signUpAndRead('dora@example.org');
    const second = await signUpAndRead('dora@example.org');
    expect(second.link).not.toBe(first.link);
    expect((await post('confirm', tokenOf(first.link))).statusCode).toBe(400);
    expect((await post('confirm', tokenOf(second.link))).statusCode).toBe(200);

    const row = await subscriber('dora@example.org');
    const mailsBefore = (await outbox('dora@example.org')).length;
    const repeat = await subscribe(await signUpBody('dora@example.org'));
    expect(repeat.statusCode).toBe(202);
    expect(repeat.body).toBe((await subscribe(await signUpBody('new-person@example.org'))).body);
    expect(await subscriber('dora@example.org')).toEqual(row);
    expect(await outbox('dora@example.org')).toHaveLength(mailsBefore);
  });

  it('unsubscribes with the link from the welcome mail, repeatably, without login; a new sign-up starts over', async () => {
    const { link } = await signUpAndRead('emil@example.org', 'en');
    expect((await post('confirm', tokenOf(link), 'en')).statusCode).toBe(200);
    await ctx.app.mail.flush();
    const welcome = await smtp.waitFor('emil@example.org', /confirmed/);
    expect(welcome.subject).toBe('Your newsletter sign-up is confirmed');
    const leave = tokenOf(linksOf(welcome).find((href) => href.includes('/en/newsletter/unsubscribe?token='))!);

    const response = await post('unsubscribe', leave, 'en');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'unsubscribed' });
    expect(await subscriber('emil@example.org')).toMatchObject({ status: 'unsubscribed', unsubscribed_at: testNow.toISOString() });
    expect((await post('unsubscribe', leave, 'en')).statusCode).toBe(200);
    expect((await post('unsubscribe', 'B'.repeat(22))).statusCode).toBe(400);

    const back = await signUpAndRead('emil@example.org', 'en');
    expect(await subscriber('emil@example.org')).toMatchObject({ status: 'pending' });
    expect((await post('confirm', tokenOf(back.link), 'en')).statusCode).toBe(200);
    // The unsubscribe link of older mails keeps working after the new confirmation.
    expect((await post('unsubscribe', leave, 'en')).statusCode).toBe(200);
    expect(await subscriber('emil@example.org')).toMatchObject({ status: 'unsubscribed' });
  });

  it.each([
    ['consent not given', { email: 'f@example.org', consent: false }, 'body.consent'],
    ['consent missing', { email: 'f@example.org' }, 'body.consent'],
    ['an address without domain', { email: 'f@example', consent: true }, 'body.email'],
    ['no address', { consent: true }, 'body.email'],
    ['consent of the wrong type', { email: 'f@example.org', consent: 'yes' }, 'body.consent'],
    ['an unknown field', { email: 'f@example.org', consent: true, name: 'F' }, 'body.name'],
  ])('refuses %s with 400 naming the field, storing and mailing nothing', async (_name, body, field) => {
    const response = await subscribe({ ...body, form_token: await session.formToken() });
    expect(response.statusCode).toBe(400);
    expect(json(response).field).toBe(field);
    expect(await subscriber('f@example.org')).toBeUndefined();
    expect(await outbox('f@example.org')).toHaveLength(0);
  });

  it('answers a bot (honeypot filled, no form token) like a person but stores and mails nothing', async () => {
    for (const body of [{ email: 'g@example.org', consent: true, website: 'x', form_token: await session.formToken() }, { email: 'g@example.org', consent: true }]) {
      const response = await subscribe(body);
      expect(response.statusCode).toBe(202);
      expect(json(response)).toEqual({ status: 'received' });
    }
    expect(await subscriber('g@example.org')).toBeUndefined();
    expect(await outbox('g@example.org')).toHaveLength(0);
  });

  it('answers a bot on the links from the mail like a person but confirms, unsubscribes and mails nothing', async () => {
    const { link } = await signUpAndRead('bot-link@example.org');
    const before = await subscriber('bot-link@example.org');
    for (const extra of [{ website: 'x' }, { form_token: undefined }, { form_token: 'forged.token' }]) {
      const response = await post('confirm', tokenOf(link), 'de', extra);
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ status: 'confirmed' });
    }
    expect(await subscriber('bot-link@example.org')).toEqual(before);
    expect(await outbox('bot-link@example.org')).toHaveLength(1); // the confirmation mail only, no welcome
    // A bot is told what a person would be told about a link of nobody: nothing is given away either way.
    expect((await post('confirm', 'C'.repeat(22), 'de', { website: 'x' })).statusCode).toBe(400);
    // The person's own click still works afterwards, once.
    expect((await post('confirm', tokenOf(link))).statusCode).toBe(200);
    const welcome = await smtp.waitFor('bot-link@example.org', /bestätigt/);
    const leave = tokenOf(linksOf(welcome).find((href) => href.includes('/de/newsletter/abmelden?token='))!);
    expect(json(await post('unsubscribe', leave, 'de', { website: 'x' }))).toEqual({ status: 'unsubscribed' });
    expect(await subscriber('bot-link@example.org')).toMatchObject({ status: 'confirmed', unsubscribed_at: null });
  });

  it('treats a link posted sooner than the minimum fill time as a bot: the answer is a success, nothing changes', async () => {
    const slow = await createTestContext(dialect, { seed: false, config: { minFillMs: 60_000 } });
    try {
      const tab = await browserSession(slow.app);
      const issued = json(await slow.app.inject({ method: 'GET', url: '/de/api/form-token/' }));
      expect(issued).toMatchObject({ token: expect.any(String), min_fill_ms: 60_000 });
      const signedUp = await signUp(slow.db, { email: 'hasty@example.org', locale: 'de', ip: '203.0.113.7', now: testNow });
      if (signedUp.outcome !== 'confirm') throw new Error('expected a confirmation');
      const response = await slow.app.inject({
        method: 'POST',
        url: '/de/api/newsletter/confirm/',
        payload: { token: signedUp.confirmToken, form_token: await tab.formToken() },
        headers: tab.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ status: 'confirmed' });
      const row = await slow.db.selectFrom('newsletter_subscriber').selectAll().where('email', '=', 'hasty@example.org').executeTakeFirst();
      expect(row).toMatchObject({ status: 'pending', confirmed_at: null });
    } finally {
      await slow.close();
    }
  });

  it('refuses a request without the CSRF header with 403, storing nothing', async () => {
    const { 'x-csrftoken': _, ...headers } = session.headers;
    const response = await subscribe(await signUpBody('h@example.org'), { headers });
    expect(response.statusCode).toBe(403);
    expect(await subscriber('h@example.org')).toBeUndefined();
  });

  it(`limits sign-ups to ${subscribeLimit.limit} an hour per client`, async () => {
    const ip = nextIp();
    for (let i = 0; i < subscribeLimit.limit; i++) expect((await subscribe(await signUpBody(`limit${i}@example.org`), { ip })).statusCode).toBe(202);
    const refused = await subscribe(await signUpBody('limit-x@example.org'), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await subscriber('limit-x@example.org')).toBeUndefined();
  });

  it('succeeds while the mail relay is down; the confirmation goes out once it is back', async () => {
    await smtp.stop();
    try {
      const response = await subscribe(await signUpBody('ida@example.org'));
      expect(response.statusCode).toBe(202);
      await ctx.app.mail.flush();
      const [queued] = await outbox('ida@example.org');
      expect(queued).toMatchObject({ kind: 'newsletter-confirm', status: 'pending', attempts: 1 });
      expect(await subscriber('ida@example.org')).toMatchObject({ status: 'pending' });
    } finally {
      await smtp.start();
    }
    await ctx.app.mail.flush(hoursLater(1));
    const mail = await smtp.waitFor('ida@example.org');
    expect((await post('confirm', tokenOf(linksOf(mail)[0]))).statusCode).toBe(200);
  });

  it('purges sign-ups left unconfirmed for a week, and nothing else', async () => {
    for (const [email, daysAgo] of [['old@example.org', 8], ['recent@example.org', 6]] as const) {
      await signUp(ctx.db, { email, locale: 'de', ip: '203.0.113.1', now: hoursLater(-24 * daysAgo) });
    }
    const confirmedEarly = await signUp(ctx.db, { email: 'kept@example.org', locale: 'de', ip: '203.0.113.1', now: hoursLater(-24 * 30) });
    if (confirmedEarly.outcome !== 'confirm') throw new Error('expected a confirmation');
    await confirmSubscription(ctx.db, confirmedEarly.confirmToken, { ip: '203.0.113.1', now: hoursLater(-24 * 30 + 1), secret: 's'.repeat(40) });
    const deleted = await purgeUnconfirmed(ctx.db, testNow);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await subscriber('old@example.org')).toBeUndefined();
    expect(await subscriber('recent@example.org')).toMatchObject({ status: 'pending' });
    expect(await subscriber('kept@example.org')).toMatchObject({ status: 'confirmed' });
  });
});

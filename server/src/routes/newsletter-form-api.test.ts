import { promises as fs } from 'node:fs';
import path from 'node:path';
import { browserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createTestContext, type TestContext } from '../test/test-context';

let client = 0;
/** Every test sends from its own address, so the rate limits never couple tests. */
const nextIp = () => `198.51.100.${++client}`;

const mainOf = (body: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
const formTokenOf = (body: string) => /name="form_token" value="([^"]+)"/.exec(body)?.[1];
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The built newsletter pages the answers are framed by (reduced). */
async function writeSite(root: string) {
  for (const locale of ['de', 'en']) {
    const file = path.join(root, locale, 'newsletter', 'index.html');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, `<!DOCTYPE html><html lang="${locale}"><head><title>Newsletter | Konzertfreunde</title></head><body><header class="site-header">Konzertfreunde</header><main id="main-content"><h1>Newsletter</h1><form></form></main><script src="/app.js"></script></body></html>`);
  }
}

describeEachDialect('the newsletter form without script (ADR 073)', (dialect) => {
  let smtp: SmtpSink;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext(dialect, { seed: false, config: { smtpUrl: smtp.url } });
    await writeSite(ctx.config.publicDir);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });

  const subscriber = (email: string) => ctx.db.selectFrom('newsletter_subscriber').selectAll().where('email', '=', email).executeTakeFirst();
  const formToken = async () => (JSON.parse((await ctx.app.inject({ method: 'GET', url: '/de/api/form-token/' })).body) as { token: string }).token;

  /** The form as a browser sends it without script: a form body, the site's Origin, no CSRF header or cookie. */
  const send = (body: string, { locale = 'de', ip = nextIp(), headers = {} as Record<string, string> } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/${locale}/api/newsletter/`,
      payload: body,
      headers: Object.fromEntries(
        Object.entries({ 'content-type': 'application/x-www-form-urlencoded', origin: ctx.app.publicUrl(), ...headers }).filter(([, value]) => value !== undefined),
      ),
      remoteAddress: ip,
    });
  /** The fields of the built page: its form token is empty. */
  const fromBuiltPage = (email: string, consent = true) => encode({ email, ...(consent ? { consent: 'yes' } : {}), website: '', form_token: '' });

  it('asks to check and send a form without a usable token, then takes the sign-up as the JSON call does and mails the link', async () => {
    const ip = nextIp();
    const first = await send(fromBuiltPage(' Clara@Example.org '), { ip });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(titleOf(first.body)).toBe('Bitte prüfen und absenden | Konzertfreunde');
    expect(first.body).toContain('<header class="site-header">Konzertfreunde</header>');
    expect(first.body).not.toMatch(/<script/i);
    const main = mainOf(first.body);
    expect(main).toContain('<form class="newsletter-form" aria-label="Newsletter-Anmeldung" method="post" action="/de/api/newsletter/">');
    expect(main).toContain('<dd>Clara@Example.org</dd>');
    expect(main).toContain('<input type="hidden" name="email" value="Clara@Example.org"><input type="hidden" name="consent" value="yes"><input type="hidden" name="website" value>');
    expect(main).toContain('<a href="/de/newsletter">Angaben ändern</a>');
    expect(await subscriber('clara@example.org')).toBeUndefined();

    // The second sending, with the values and the token the page holds.
    const token = formTokenOf(first.body)!;
    expect(token).toBeTruthy();
    const second = await send(encode({ email: 'Clara@Example.org', consent: 'yes', website: '', form_token: token }), { ip });
    expect(second.statusCode).toBe(200);
    expect(titleOf(second.body)).toBe('Fast geschafft! | Konzertfreunde');
    expect(mainOf(second.body)).toContain('<div role="status" class="newsletter-result newsletter-result--success"><h2>Fast geschafft!</h2><p>Wir haben Ihnen eine E-Mail geschickt.');
    expect(await subscriber('clara@example.org')).toMatchObject({ status: 'pending', locale: 'de', signup_ip: ip });
    await ctx.app.mail.flush();
    const mail = await smtp.waitFor('clara@example.org', /bestätigen/);
    expect(String(mail.html)).toMatch(/\/de\/newsletter\/bestaetigen\?token=/);

    // The same page sent again (a double press) was taken the first time: the same answer, and nothing more is sent.
    const again = await send(encode({ email: 'Clara@Example.org', consent: 'yes', website: '', form_token: token }), { ip });
    expect(again.statusCode).toBe(200);
    expect(mainOf(again.body)).toContain('<h2>Fast geschafft!</h2>');
    await ctx.app.mail.flush();
    expect(await ctx.db.selectFrom('mail_outbox').selectAll().where('to_addresses', '=', JSON.stringify(['clara@example.org'])).execute()).toHaveLength(1);
  });

  it('answers in English on the English address', async () => {
    const first = await send(fromBuiltPage('dora@example.org'), { locale: 'en' });
    expect(titleOf(first.body)).toBe('Please check and send | Konzertfreunde');
    const second = await send(encode({ email: 'dora@example.org', consent: 'yes', website: '', form_token: formTokenOf(first.body)! }), { locale: 'en' });
    expect(mainOf(second.body)).toContain('<h2>Almost done!</h2>');
    await ctx.app.mail.flush();
    expect((await smtp.waitFor('dora@example.org', /confirm/)).subject).toBe('Please confirm your newsletter sign-up');
  });

  it.each([
    ['no address', encode({ email: '', consent: 'yes', website: '', form_token: '' }), { email: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' }],
    ['no address at all', encode({ consent: 'yes' }), { email: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' }],
    ['a refused address', encode({ email: 'nobody@', consent: 'yes', website: '', form_token: '' }), { email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' }],
    ['no consent', encode({ email: 'eva@example.org', website: '', form_token: '' }), { consent: 'Bitte willigen Sie ein' }],
    ['a consent value of its own', encode({ email: 'eva@example.org', consent: 'true', form_token: '' }), { consent: 'Bitte willigen Sie ein' }],
  ] as [string, string, { email?: string; consent?: string }][])('refuses %s with the message beside its field and a way back (400), writing nothing', async (_, body, messages) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    const main = mainOf(response.body);
    expect(main).toContain('<p class="newsletter-form__error" role="alert">Bitte korrigieren Sie die markierten Angaben.</p>');
    if (messages.email) expect(main).toMatch(new RegExp(`aria-invalid="true" aria-describedby="newsletter-email-hint newsletter-email-error"[^>]*>.*<p id="newsletter-email-error" class="form-field__error">${messages.email}`));
    else expect(main).not.toContain('newsletter-email-error');
    if (messages.consent) expect(main).toContain(`<p id="newsletter-consent-error" class="form-field__error">${messages.consent}`);
    else expect(main).not.toContain('newsletter-consent-error');
    expect(main).toContain('<a href="/de/newsletter">Zur Newsletter-Anmeldung</a>');
    // The form again, to correct and send at once.
    expect(formTokenOf(response.body)).toBeTruthy();
    expect(await subscriber('eva@example.org')).toBeUndefined();
  });

  it('keeps the values of a refused form, escaped', async () => {
    const typed = '"><script>alert(1)</script>@x';
    const response = await send(encode({ email: typed, consent: 'yes', form_token: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/<script/i);
    expect(mainOf(response.body)).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@x"');
    expect(mainOf(response.body)).toMatch(/<input type="checkbox" name="consent" value="yes" id="newsletter-consent" aria-required="true" checked>/);
  });

  it('answers a filled honeypot like a success and writes nothing', async () => {
    const response = await send(encode({ email: 'bot@example.org', consent: 'yes', website: 'https://spam.example', form_token: await formToken() }));
    expect(response.statusCode).toBe(200);
    expect(mainOf(response.body)).toContain('<h2>Fast geschafft!</h2>');
    expect(await subscriber('bot@example.org')).toBeUndefined();
    const empty = await send(encode({ email: 'bot2@example.org', consent: 'yes', website: 'x', form_token: '' }));
    expect(mainOf(empty.body)).toContain('<h2>Fast geschafft!</h2>');
    expect(await subscriber('bot2@example.org')).toBeUndefined();
  });

  it.each([
    [{ origin: 'https://evil.example' }, 'headers.origin'],
    [{ origin: 'null' }, 'headers.origin'],
    [{ origin: undefined as unknown as string, referer: 'https://evil.example/page' }, 'headers.referer'],
  ])('refuses a form from another site (%o) with 403, writing nothing', async (headers, field) => {
    const response = await send(encode({ email: 'frieda@example.org', consent: 'yes', form_token: await formToken() }), { headers });
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ field });
    expect(await subscriber('frieda@example.org')).toBeUndefined();
  });

  it.each([
    ['bytes that are not UTF-8', 'email=a%C0%AF%40example.org&consent=yes'],
    ['a field sent twice', 'email=a%40example.org&email=b%40example.org&consent=yes'],
    ['a field the form has not', 'email=a%40example.org&consent=yes&admin=1'],
    ['a control character', 'email=a%00b%40example.org&consent=yes'],
    ['an endless address', `email=${'a'.repeat(1001)}%40example.org&consent=yes`],
  ])('refuses %s with a 4xx, never a 500', async (_, body) => {
    const response = await send(body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('takes no form body on the JSON call', async () => {
    const session = await browserSession(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/de/api/newsletter/subscribe/',
      payload: encode({ email: 'gina@example.org', consent: 'yes' }),
      headers: { ...session.headers, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(415);
  });
});

describeEachDialect('the newsletter form sent too soon (ADR 073)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false, config: { minFillMs: 60_000 } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('asks again, with a new token, when the token is younger than the minimum fill time', async () => {
    const token = (JSON.parse((await ctx.app.inject({ method: 'GET', url: '/de/api/form-token/' })).body) as { token: string }).token;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/de/api/newsletter/',
      payload: encode({ email: 'hans@example.org', consent: 'yes', website: '', form_token: token }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.app.publicUrl() },
    });
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Bitte prüfen und absenden | Konzertfreunde');
    expect(formTokenOf(response.body)).not.toBe(token);
    expect(await ctx.db.selectFrom('newsletter_subscriber').selectAll().where('email', '=', 'hans@example.org').executeTakeFirst()).toBeUndefined();
  });
});

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { formRecipients } from '../seed/forms';
import { describeEachDialect } from '../test/dialects';
import { entryAndMailCounts } from '../test/entry-counts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createTestContext, type TestContext } from '../test/test-context';
import { entryRateLimit } from './forms';

/** The contact form as a browser without script sends it from the built page (ADR 072). */
const contactFields = {
  name: 'Clara Wieck',
  email: 'clara@example.org',
  email2: 'clara@example.org',
  subject: 'karten',
  message: 'Gibt es noch Karten für das Neujahrskonzert?\r\nViele Grüße',
  privacy: 'on',
};
/** Each sending comes from its own client address (TEST-NET-1), so one test's rate limit never touches another. */
const clients = { next: 0 };
const nextClient = () => `192.0.2.${(clients.next = (clients.next % 250) + 1)}`;
/** What the built page adds: the honeypot and an empty form token. */
const builtExtras = { website: '', form_token: '' };

const encode = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) params.append(name, item);
  return params.toString();
};

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

/** The hidden fields of the "check and send" page's form, in order, as the browser would send them. */
function hiddenFieldsOf(page: string): [string, string][] {
  const form = /<form method="post" action="([^"]+)">(.*?)<\/form>/s.exec(page);
  if (!form) throw new Error('no form on the page');
  return [...form[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((match) => [unescape(match[1]), unescape(match[2])]);
}

const mainOf = (page: string) => /<main[^>]*>(.*)<\/main>/s.exec(page)?.[1] ?? '';

/** A page of the build, in the parts an answer keeps: what the answers to the contact form are framed by. */
const builtContactPage = `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"/><title>Kontakt | Konzertfreunde</title></head><body><header class="site-header"><a href="/de">Konzertfreunde</a></header><main id="main-content"><h1>Kontakt</h1><form method="post" action="/de/api/forms/kontakt/"></form></main><footer class="site-footer">Impressum</footer><script src="/app.js"></script></body></html>`;

describeEachDialect('forms sent without script', (dialect) => {
  let ctx: TestContext;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext(dialect, { config: { smtpUrl: smtp.url } });
    const page = path.join(ctx.config.publicDir, 'de', 'forms', 'kontakt', 'index.html');
    await fs.mkdir(path.dirname(page), { recursive: true });
    await fs.writeFile(page, builtContactPage);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.stop();
  });

  const counts = () => entryAndMailCounts(ctx.db);

  interface PostOptions {
    locale?: string;
    slug?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
  }
  function post(payload: string, { locale = 'de', slug = 'kontakt', headers = {}, remoteAddress = nextClient() }: PostOptions = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: `/${locale}/api/forms/${slug}/`,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.app.publicUrl(), ...headers },
      remoteAddress,
    });
  }

  it('answers the built form with "check and send", then stores and mails the entry and shows the thank-you', async () => {
    const before = await counts();
    const client = nextClient();
    const first = await post(encode({ ...contactFields, ...builtExtras }), { remoteAddress: client });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    // Framed by the form's built page, without its scripts.
    expect(first.body).toContain('<header class="site-header">');
    expect(first.body).not.toContain('<script');
    expect(first.body).toContain('<title>Prüfen und senden | Konzertfreunde</title>');
    const main = mainOf(first.body);
    expect(main).toContain('<h1 class="page-title">Prüfen und senden</h1>');
    // The values as a person reads them: the choice's label, the ticked box as "Ja".
    expect(main).toContain('<dt>Worum geht es?</dt><dd>Karten und Kartenbörse</dd>');
    expect(main).toMatch(/<dt>Ich habe die Datenschutzerklärung gelesen[^<]*<\/dt><dd>Ja<\/dd>/);
    expect(await counts()).toEqual(before);

    const hidden = hiddenFieldsOf(first.body);
    const token = hidden.find(([name]) => name === 'form_token')?.[1];
    expect(token).toMatch(/\S{20,}/);
    expect(hidden.filter(([name]) => name !== 'form_token')).toEqual(Object.entries(contactFields));

    const second = await post(new URLSearchParams(hidden).toString(), { remoteAddress: client });
    expect(second.statusCode).toBe(200);
    expect(mainOf(second.body)).toContain('Vielen Dank für Ihre Nachricht! Wir melden uns in den nächsten Tagen bei Ihnen.');
    expect(await counts()).toEqual({ entries: before.entries + 1, mails: before.mails + 1 });
    const row = await ctx.db.selectFrom('form_entry').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    // As the JSON route stores it: a checked box is true, the confirmation is not kept.
    expect(JSON.parse(row.field_values)).toEqual({
      name: 'Clara Wieck',
      email: 'clara@example.org',
      subject: 'karten',
      message: contactFields.message,
      privacy: true,
    });
    expect(row).toMatchObject({ locale: 'de', ip: client });
    await ctx.app.mail.flush();
    const delivered = await smtp.waitFor(formRecipients[0], new RegExp(`neuer Eintrag Nr\\. ${row.id}$`));
    expect(delivered.text).toContain('Worum geht es?: Karten und Kartenbörse');

    // The same page sent once more: its token is used.
    const again = await post(new URLSearchParams(hidden).toString(), { remoteAddress: client });
    expect(again.statusCode).toBe(403);
    expect(mainOf(again.body)).toContain('Dieses Formular wurde bereits gesendet.');
    expect(await counts()).toEqual({ entries: before.entries + 1, mails: before.mails + 1 });
  });

  it('names each refused field by its label with its message, in the page language, and writes nothing', async () => {
    const before = await counts();
    const de = await post(encode({ name: '', email: 'kein-at', email2: '', subject: 'gibtsnicht', message: '', ...builtExtras }));
    expect(de.statusCode).toBe(400);
    const main = mainOf(de.body);
    expect(main).toContain('<li><strong>Name</strong>: Bitte füllen Sie dieses Feld aus.</li>');
    expect(main).toMatch(/<li><strong>E-Mail-Adresse<\/strong>: [^<]*gültige E-Mail-Adresse/);
    expect(main).toMatch(/<li><strong>Worum geht es\?<\/strong>: [^<]+<\/li>/);
    expect(main).toMatch(/<li><strong>Ich habe die Datenschutzerklärung gelesen[^<]*<\/strong>: [^<]+<\/li>/);
    // In the form's order, with a way back to the form.
    expect(main.indexOf('<strong>Name</strong>')).toBeLessThan(main.indexOf('<strong>Ihre Nachricht</strong>'));
    expect(main).toContain('<a class="button" href="/de/forms/kontakt">Zurück zum Formular</a>');

    const en = await post(encode({ ...contactFields, email2: 'other@example.org', ...builtExtras }), { locale: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('<title>Please check your details | Konzertfreunde</title>');
    expect(mainOf(en.body)).toContain('<li><strong>Repeat email address</strong>: The two email addresses do not match.</li>');
    expect(mainOf(en.body)).toContain('href="/en/forms/kontakt">Back to the form</a>');
    expect(await counts()).toEqual(before);
  });

  it('escapes what a visitor typed, and refuses control characters, huge and malformed values at their field', async () => {
    const before = await counts();
    const script = '<script>alert(1)</script>';
    const echoed = await post(encode({ ...contactFields, name: `${script}"'&`, ...builtExtras }));
    expect(echoed.statusCode).toBe(200);
    expect(echoed.body).not.toContain(script);
    expect(mainOf(echoed.body)).toContain('<dd>&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;</dd>');
    expect(hiddenFieldsOf(echoed.body)).toContainEqual(['name', `${script}"'&`]);

    const control = await post(encode({ ...contactFields, message: 'Hallo\u0007', ...builtExtras }));
    expect(control.statusCode).toBe(400);
    expect(mainOf(control.body)).toMatch(/<li><strong>Ihre Nachricht<\/strong>: [^<]*Steuerzeichen/);

    const long = await post(encode({ ...contactFields, message: 'x'.repeat(3001), ...builtExtras }));
    expect(long.statusCode).toBe(400);
    expect(mainOf(long.body)).toMatch(/<li><strong>Ihre Nachricht<\/strong>: [^<]*3000/);

    // Two values for one text field, a checkbox sent as anything but "on", a name the form does not have.
    const shapes = await post(`${encode({ ...contactFields, privacy: 'yes', extra: 'x', ...builtExtras })}&name=zwei`);
    expect(shapes.statusCode).toBe(400);
    const refused = [...mainOf(shapes.body).matchAll(/<li><strong>([^<]+)<\/strong>/g)].map((match) => match[1]);
    expect(refused).toEqual(['Name', expect.stringMatching(/^Ich habe die Datenschutzerklärung gelesen/), 'extra']);

    // Not UTF-8, and a body past the limit: the page says the form could not be read.
    const invalid = await post(`${encode({ ...contactFields, ...builtExtras })}&message=%C0%AF`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(mainOf(invalid.body)).toContain('Das Formular kam unvollständig oder unlesbar bei uns an.');
    const huge = await post(encode({ ...contactFields, message: 'x'.repeat(300 * 1024), ...builtExtras }));
    expect(huge.statusCode).toBe(413);
    expect(mainOf(huge.body)).toContain('unlesbar');
    expect(await counts()).toEqual(before);
  });

  it('answers a filled honeypot like a success and writes and mails nothing', async () => {
    const before = await counts();
    const response = await post(encode({ ...contactFields, website: 'https://spam.example', form_token: '' }));
    expect(response.statusCode).toBe(200);
    expect(mainOf(response.body)).toContain('Vielen Dank für Ihre Nachricht!');
    expect(await counts()).toEqual(before);
  });

  it('refuses a form sent from another site (Origin, else Referer) with 403, and takes one from ours', async () => {
    const before = await counts();
    const body = encode({ ...contactFields, ...builtExtras });
    const foreign = await post(body, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(mainOf(foreign.body)).toContain('Dieses Formular wurde von einer anderen Website aus gesendet.');
    const withReferer = (referer: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/de/api/forms/kontakt/',
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer },
        remoteAddress: nextClient(),
      });
    expect((await withReferer('https://evil.example/page')).statusCode).toBe(403);
    expect((await withReferer(`${ctx.app.publicUrl()}/de/forms/kontakt`)).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('answers an unknown or offline form with a 404 page', async () => {
    const response = await post(encode({ ...contactFields, ...builtExtras }), { slug: 'gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(mainOf(response.body)).toContain('Dieses Formular gibt es nicht oder nicht mehr.');
    expect(mainOf(response.body)).toContain('href="/de/forms"');
  });

  it(`answers 429 with a page after ${entryRateLimit.limit} sendings from one client`, async () => {
    const client = nextClient();
    for (let i = 0; i < entryRateLimit.limit; i += 1) expect((await post(encode(builtExtras), { remoteAddress: client })).statusCode).toBe(400);
    const refused = await post(encode({ ...contactFields, ...builtExtras }), { remoteAddress: client, locale: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(mainOf(refused.body)).toContain('Many forms came from your connection in a short time.');
  });

  describe('with a minimum fill time', () => {
    let slow: TestContext;
    beforeAll(async () => {
      slow = await createTestContext(dialect, { config: { minFillMs: 60_000 } });
    });
    afterAll(() => slow?.close());

    it('answers a sending too soon after the check page with that page again, keeping its token, and stores nothing', async () => {
      const send = (payload: string) =>
        slow.app.inject({
          method: 'POST',
          url: '/de/api/forms/kontakt/',
          payload,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: slow.app.publicUrl() },
          remoteAddress: nextClient(),
        });
      const entries = async () => (await slow.db.selectFrom('form_entry').select('id').execute()).length;
      const before = await entries();
      const first = await send(encode({ ...contactFields, ...builtExtras }));
      const hidden = hiddenFieldsOf(first.body);
      const again = await send(new URLSearchParams(hidden).toString());
      expect(again.statusCode).toBe(200);
      expect(mainOf(again.body)).toContain('<h1 class="page-title">Prüfen und senden</h1>');
      // The same token, so it comes of age: a moment later the same page sends.
      expect(hiddenFieldsOf(again.body)).toEqual(hidden);
      expect(await entries()).toBe(before);
    });
  });
});

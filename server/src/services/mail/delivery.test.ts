import { promises as fs } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { describeEachDialect } from '../../test/dialects';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createTestContext, testNow, type TestContext } from '../../test/test-context';
import { until } from '../../test/until';
import { CLAIM_MS, MailDelivery, MAX_ATTEMPTS, retryDelayMs } from './delivery';
import { mailLayout } from './layout';
import { queueMail } from './outbox';

const link = 'http://localhost:8000/de/newsletter/bestaetigen?token=abc';

async function queue(ctx: TestContext, to: string) {
  const body = mailLayout({ locale: 'de', heading: 'Willkommen', paragraphs: ['Bitte bestätigen.'], action: { label: 'Bestätigen', url: link } });
  return ctx.db.transaction().execute((trx) => queueMail(trx, { kind: 'test', locale: 'de', to: [to], subject: `Probe für ${to}`, ...body }));
}

const row = (ctx: TestContext, id: number) => ctx.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const at = (ms: number) => new Date(testNow.getTime() + ms);
const attemptOf = (mail: ParsedMail) => mail.headers.get('x-outbox-attempt');

test('back-off doubles from 30 s up to an hour', () => {
  expect([1, 2, 3, 4, 8, 9, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000]);
});

describeEachDialect('mail delivery over SMTP', (dialect) => {
  let smtp: SmtpSink;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext(dialect, { seed: false, config: { smtpUrl: smtp.url, mailFrom: 'Konzertfreunde <noreply@kf.example>' } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });

  it('delivers a queued mail with subject, text, HTML and link, and marks it sent', async () => {
    const id = await queue(ctx, 'anna@example.org');
    expect(await row(ctx, id)).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: null });
    await ctx.app.mail.flush();
    const mail = await smtp.waitFor('anna@example.org');
    expect(mail.subject).toBe('Probe für anna@example.org');
    expect(mail.from?.value).toEqual([{ name: 'Konzertfreunde', address: 'noreply@kf.example' }]);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(await row(ctx, id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: testNow.toISOString(), last_error: null });
    await ctx.app.mail.flush();
    expect(smtp.received.filter((m) => m.subject === 'Probe für anna@example.org')).toHaveLength(1);
  });

  it('keeps a mail pending with back-off while the relay is down and delivers it once it is back', async () => {
    await smtp.stop();
    try {
      const id = await queue(ctx, 'ben@example.org');
      await ctx.app.mail.flush();
      const failed = await row(ctx, id);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: at(30_000).toISOString() });
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
      // Not due yet: nothing is tried.
      await ctx.app.mail.flush(at(29_000));
      expect(await row(ctx, id)).toMatchObject({ attempts: 1 });
      await ctx.app.mail.flush(at(30_000));
      expect(await row(ctx, id)).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: at(30_000 + 60_000).toISOString() });
    } finally {
      await smtp.start();
    }
    const id = (await ctx.db.selectFrom('mail_outbox').select('id').where('to_addresses', '=', '["ben@example.org"]').executeTakeFirstOrThrow()).id;
    await ctx.app.mail.flush(at(90_000));
    expect((await smtp.waitFor('ben@example.org')).text).toContain(link);
    expect(await row(ctx, id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('sends a mail whose 250 reply was lost again after 30 s with the same Message-ID and the next attempt number', async () => {
    // The relay takes the whole message, then the connection drops before its reply: the sender cannot know.
    smtp.misbehave('drop');
    const id = await queue(ctx, 'emil@example.org');
    await ctx.app.mail.flush();
    const first = await smtp.waitFor('emil@example.org');
    const failed = await row(ctx, id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sending_since: null, next_attempt_at: at(30_000).toISOString() });
    expect(failed.message_id).toMatch(/^outbox\.[0-9a-f-]{36}$/);
    await ctx.app.mail.flush(at(30_000));
    const second = await smtp.waitFor('emil@example.org');
    expect(first.messageId).toBe(`<${failed.message_id}@kf.example>`);
    expect(second.messageId).toBe(first.messageId);
    expect([attemptOf(first), attemptOf(second)]).toEqual(['1', '2']);
    expect(await row(ctx, id)).toMatchObject({ status: 'sent', attempts: 2, sending_since: null, message_id: failed.message_id });
  });

  it('resends a mail whose sender stopped mid-send once its claim ran out: same Message-ID, attempt recorded and logged', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const config = { smtpUrl: smtp.url, mailFrom: 'Konzertfreunde <noreply@kf.example>', dataDir: ctx.dataDir };
    // Two processes on one database; the first hands the mail over and then hears nothing (as if it had died).
    const stalled = new MailDelivery({ db: ctx.db, config, log, now: () => testNow, intervalMs: 0 });
    const other = new MailDelivery({ db: ctx.db, config, log, now: () => at(CLAIM_MS), intervalMs: 0 });
    smtp.misbehave('hold');
    const id = await queue(ctx, 'frieda@example.org');
    const stalledPass = stalled.flush();
    try {
      const first = await smtp.waitFor('frieda@example.org');
      expect(await row(ctx, id)).toMatchObject({ status: 'pending', attempts: 1, sending_since: testNow.toISOString(), next_attempt_at: at(CLAIM_MS).toISOString() });
      // While the claim lasts the other sender leaves the row alone …
      await other.flush(at(CLAIM_MS - 1));
      expect(smtp.received.filter((mail) => mail.subject === 'Probe für frieda@example.org')).toHaveLength(1);
      // … and takes it over once it has run out.
      await other.flush(at(CLAIM_MS));
      const second = await smtp.waitFor('frieda@example.org');
      expect(second.messageId).toBe(first.messageId);
      expect([attemptOf(first), attemptOf(second)]).toEqual(['1', '2']);
      expect(await row(ctx, id)).toMatchObject({ status: 'sent', attempts: 2, sending_since: null });
      expect(lines.join('')).toContain(
        `mail ${id}: attempt 1 (claimed ${testNow.toISOString()}) never finished and may have been delivered; sending again as attempt 2 with the same Message-ID ${first.messageId}`,
      );
    } finally {
      smtp.release();
      await stalledPass;
      await Promise.all([stalled.stop(), other.stop()]);
    }
    // The late answer to the first attempt changes nothing.
    expect(await row(ctx, id)).toMatchObject({ status: 'sent', attempts: 2, sent_at: at(CLAIM_MS).toISOString() });
  });

  it('renews the claim while a slow relay takes its time, so another sender does not send the mail again', async () => {
    const config = { smtpUrl: smtp.url, mailFrom: 'Konzertfreunde <noreply@kf.example>', dataDir: ctx.dataDir };
    const log = pino({ level: 'silent' });
    // Real time and a 1.5 s claim (renewed every 0.5 s) instead of a minute.
    const options = { db: ctx.db, config, log, now: () => new Date(), intervalMs: 0, claimMs: 1_500 };
    const slow = new MailDelivery(options);
    const other = new MailDelivery(options);
    smtp.misbehave('hold');
    const id = await queue(ctx, 'hanna@example.org');
    const started = new Date();
    const pass = slow.flush(started);
    try {
      await smtp.waitFor('hanna@example.org');
      // The claim is renewed while the relay holds the mail: it reaches past the first claim's end.
      const firstClaimEnds = new Date(started.getTime() + 1_500);
      await until(async () => (await row(ctx, id)).next_attempt_at! > firstClaimEnds.toISOString(), 'the claim was renewed', 10_000);
      // Another sender after the first claim has run out (the time is the flush's to name): the renewed claim holds.
      await other.flush(new Date(firstClaimEnds.getTime() + 100));
      expect(smtp.received.filter((mail) => mail.subject === 'Probe für hanna@example.org')).toHaveLength(1);
    } finally {
      smtp.release();
      await pass;
      await Promise.all([slow.stop(), other.stop()]);
    }
    expect(await row(ctx, id)).toMatchObject({ status: 'sent', attempts: 1, sending_since: null });
  });

  it('gives a row queued before Message-IDs existed one on its first attempt and keeps it', async () => {
    const id = await queue(ctx, 'gustav@example.org');
    await ctx.db.updateTable('mail_outbox').set({ message_id: null }).where('id', '=', id).execute();
    smtp.misbehave('drop');
    await ctx.app.mail.flush();
    const stored = (await row(ctx, id)).message_id;
    expect(stored).toMatch(/^outbox\./);
    await ctx.app.mail.flush(at(30_000));
    const copies = [await smtp.waitFor('gustav@example.org'), await smtp.waitFor('gustav@example.org')];
    expect(copies.map((mail) => mail.messageId)).toEqual([`<${stored}@kf.example>`, `<${stored}@kf.example>`]);
  });

  it('marks a row failed instead of sending it an extra time when its last attempt never finished', async () => {
    const id = await queue(ctx, 'ida@example.org');
    // As a sender that died during attempt MAX_ATTEMPTS leaves it: claimed, never recorded, the claim run out.
    await ctx.db
      .updateTable('mail_outbox')
      .set({ attempts: MAX_ATTEMPTS, sending_since: testNow.toISOString(), next_attempt_at: at(CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .execute();
    await ctx.app.mail.flush(at(CLAIM_MS));
    expect(await row(ctx, id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sending_since: null, next_attempt_at: null, last_error: `attempt ${MAX_ATTEMPTS} did not finish; it may have been delivered` });
    expect(smtp.received.filter((mail) => mail.subject === 'Probe für ida@example.org')).toHaveLength(0);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, keeping the row as failed`, async () => {
    await smtp.stop();
    try {
      const id = await queue(ctx, 'carla@example.org');
      for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt++) await ctx.app.mail.flush(at(attempt * 2 * 3_600_000));
      const gaveUp = await row(ctx, id);
      expect(gaveUp).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
      expect(gaveUp.last_error).toBeTruthy();
    } finally {
      await smtp.start();
    }
  });
});

describeEachDialect('mail delivery without SMTP_URL', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
  });
  afterAll(() => ctx.close());

  it('writes one .eml file per mail under DATA_DIR/mail', async () => {
    expect(ctx.app.mail.transport.kind).toBe('file');
    const id = await queue(ctx, 'dora@example.org');
    await ctx.app.mail.flush();
    const folder = path.join(ctx.dataDir, 'mail');
    const files = (await fs.readdir(folder)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`-${id}-test\\.eml$`));
    const mail = await simpleParser(await fs.readFile(path.join(folder, files[0])));
    expect(mail.subject).toBe('Probe für dora@example.org');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('dora@example.org');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(await row(ctx, id)).toMatchObject({ status: 'sent' });
  });
});

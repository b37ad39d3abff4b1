import { promises as fs } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describeEachDialect } from '../../test/dialects';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createTestContext, testNow, type TestContext } from '../../test/test-context';
import { MAX_ATTEMPTS, retryDelayMs } from './delivery';
import { mailLayout } from './layout';
import { queueMail } from './outbox';

const link = 'http://localhost:8000/de/newsletter/bestaetigen?token=abc';

async function queue(ctx: TestContext, to: string) {
  const body = mailLayout({ locale: 'de', heading: 'Willkommen', paragraphs: ['Bitte bestätigen.'], action: { label: 'Bestätigen', url: link } });
  return ctx.db.transaction().execute((trx) => queueMail(trx, { kind: 'test', locale: 'de', to: [to], subject: `Probe für ${to}`, ...body }));
}

const row = (ctx: TestContext, id: number) => ctx.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const at = (ms: number) => new Date(testNow.getTime() + ms);

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

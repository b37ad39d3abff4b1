import fc from 'fast-check';
import { smtpTransport, type MailTransport } from './transport';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { EMAIL_MAX_LENGTH, emailPattern, isEmailAddress } from '../../../../contract/email-rule';
import { isEmailAddress as newsletterRule } from '../../../../contract/newsletter';
import { isEmailAddress as adRule } from '../../../../contract/ad-limits';

const SEED = 20_261_125;

describe('the one e-mail rule (ADR 027)', () => {
  it.each([
    'name@example.org',
    'vorname.nachname+kf@example.org',
    "o'brien@example.co.uk",
    'a_b-c@sub.example-domain.de',
    'joerg@müller.de',
    '1@2.de',
  ])('takes %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    'a<b@example.org',
    'a>b@example.org',
    '<a@example.org>',
    'a,b@example.org',
    'a;b@example.org',
    '"a b"@example.org',
    'a(b)@example.org',
    'a[b]@example.org',
    'a\\b@example.org',
    'a:b@example.org',
    'a b@example.org',
    'a\tb@example.org',
    'a\u0000b@example.org',
    'a\u007f@example.org',
    'a@b@example.org',
    'a@example',
    'a@-example.org',
    'a@example-.org',
    '.a@example.org',
    'a.@example.org',
    'a..b@example.org',
    'jörg@example.org',
    'a@exam_ple.org',
    'a@example..org',
    `${'a'.repeat(65)}@example.org`,
    `a@${'b'.repeat(250)}.de`,
    '',
  ])('refuses %j', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('is the newsletter’s, the ticket exchange’s and the schemas’ rule alike', () => {
    for (const address of ['a<b@example.org', 'name@example.org', 'a;b@example.org']) {
      expect(newsletterRule(address)).toBe(isEmailAddress(address));
      expect(adRule(address)).toBe(isEmailAddress(address));
      expect(new RegExp(emailPattern, 'u').test(address) && address.length <= EMAIL_MAX_LENGTH).toBe(isEmailAddress(address));
    }
  });

  describe('every address it takes is one the mailer sends to', () => {
    let smtp: SmtpSink;
    let transport: MailTransport;
    beforeAll(async () => {
      smtp = await startSmtpSink();
      transport = smtpTransport(smtp.url);
    });
    afterAll(async () => {
      transport?.close();
      await smtp?.stop();
    });

    const atext = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-";
    const atom = fc.string({ unit: fc.constantFrom(...atext), minLength: 1, maxLength: 8 });
    const label = fc.string({ unit: fc.constantFrom(...'abcxyz019äöüéßж'), minLength: 1, maxLength: 8 });
    const address = fc
      .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.array(label, { minLength: 2, maxLength: 3 }))
      .map(([locals, labels]) => `${locals.join('.')}@${labels.join('.')}`)
      .filter(isEmailAddress);

    it('sends to 100 generated addresses without an error (seeded)', async () => {
      let id = 0;
      await fc.assert(
        fc.asyncProperty(address, async (to) => {
          id += 1;
          await transport.send({ id, kind: 'test', from: 'noreply@konzertfreunde.example', to: [to], subject: 'Test', text: 'Hallo', html: '<p>Hallo</p>', messageId: `<fuzz-${id}@konzertfreunde.example>`, attempt: 1 });
        }),
        { seed: SEED, numRuns: 100 },
      );
      expect(smtp.received.length).toBeGreaterThanOrEqual(100);
    });

    it('refuses what the old pattern took and the mailer then failed on', () => {
      for (const to of ['a<b@example.org', 'a,b@example.org', 'a;b@example.org', 'a>b@example.org']) expect(isEmailAddress(to)).toBe(false);
    });
  });
});

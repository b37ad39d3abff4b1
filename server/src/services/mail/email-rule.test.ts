import Ajv from 'ajv';
import fc from 'fast-check';
import { smtpTransport, type MailTransport } from './transport';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { checkStaffUserInput } from '../../db/repositories/staff-users';
import { createForm } from '../../db/repositories/forms';
import { upsertSettings } from '../../db/repositories/settings';
import { createTestContext, type TestContext } from '../../test/test-context';
import { checkFieldValue } from '../../../../contract/form-rules';
import { fieldTypes } from '../../../../contract/form-field-types';
import { emailSchema } from '../../../../contract/schemas/requests';
import { SubscribeBodySchema } from '../../../../contract/schemas/newsletter';
import { AdInputSchema, ContactInputSchema } from '../../../../contract/schemas/exchange';
import { EMAIL_MAX_LENGTH, emailPattern, isEmailAddress } from '../../../../contract/email-rule';

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
      expect(new RegExp(emailPattern, 'u').test(address) && address.length <= EMAIL_MAX_LENGTH).toBe(isEmailAddress(address));
    }
  });

  describe('every place that takes an address answers alike (ADR 044: once four copies with two patterns)', () => {
    // Addresses the old copies disagreed on (the loose `[^\s@]+@…` pattern took the first five), and plain ones.
    const addresses = ['name@example.org', 'joerg@müller.de', "o'brien@example.co.uk", 'a<b@example.org', 'a;b@example.org', 'a..b@example.org', 'jörg@example.org', 'a@exam_ple.org', 'a@example', ''];
    // Fastify's Ajv compiles patterns with the `u` flag, as a default Ajv 8 does.
    const ajv = new Ajv({ allErrors: true });
    const bodyTakes = (schema: object, wrap: (address: string) => unknown, at: string) => {
      const check = ajv.compile(schema);
      return async (address: string) => check(wrap(address)) || !(check.errors ?? []).some((error) => error.instancePath === at);
    };
    const takes = async (write: () => unknown) => {
      try {
        await write();
        return true;
      } catch {
        return false;
      }
    };
    // The form and the settings check addresses in their repositories, on a real database.
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext('sqlite', { seed: false });
    });
    afterAll(() => ctx?.close());
    let formNumber = 0;

    const users: Record<string, (address: string) => Promise<boolean>> = {
      'the request schema of an address': bodyTakes(emailSchema(), (address) => address, ''),
      'the newsletter sign-up': bodyTakes(SubscribeBodySchema, (email) => ({ email }), '/email'),
      'a ticket ad': bodyTakes(AdInputSchema, (email) => ({ email }), '/email'),
      'a message to a placer': bodyTakes(ContactInputSchema, (email) => ({ email }), '/email'),
      'a form’s recipients': (address) =>
        takes(() => createForm(ctx.db, { slug: `probe-${(formNumber += 1)}`, title: { de: 'Probe', en: 'Test' }, recipients: [address], fields: [{ slug: 'name', field_type: fieldTypes.text, label: { de: 'Name', en: 'Name' } }] })),
      // Empty is the settings' "no address".
      'the settings’ info address': (address) => (address ? takes(() => upsertSettings(ctx.db, 'de', { address: 'x', phone: '1', phone_hours: 'x', info_email: address })) : Promise.resolve(false)),
      'a staff account': (email) => takes(() => checkStaffUserInput({ email, username: 'someone', role: 'editor' })),
      'a form’s e-mail field': async (address) =>
        !checkFieldValue({ slug: 'email', field_type: fieldTypes.email, required: true, choices: [], default: '', constraints: { max_length: null, min: null, max: null, whole_number: false, accept: [], max_size: null } }, address, 'de').error,
    };

    it.each(Object.keys(users))('%s', async (user) => {
      const answers = [];
      for (const address of addresses) answers.push([address, await users[user](address)]);
      expect(answers).toEqual(addresses.map((address) => [address, isEmailAddress(address)]));
    });
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

import { existsSync } from 'node:fs';
import path from 'node:path';
import { createForm } from '../db/repositories/forms';
import type { PublicForm, PublicFormField } from '../../../contract/schemas/forms';
import { contactForm, formRecipients } from '../seed/forms';
import { subscriptionSpecs } from '../seed/programme/subscriptions';
import { fieldTypes } from '../../../contract/form-field-types';
import { addDays, berlinDate } from '../../../contract/berlin-time';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { entryAndMailCounts } from '../test/entry-counts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createTestContext, json, testNow, type TestContext } from '../test/test-context';
import { postUpload, sampleFiles } from '../test/upload-fixtures';
import { entryRateLimit } from './forms';

let address = 0;
/** Each test posts from its own client address, so one test's rate limit never touches another. */
const nextClient = () => `203.0.113.${++address}`;

const contactValues = {
  name: 'Anna Berger',
  email: 'anna@example.org',
  subject: 'karten',
  message: 'Gibt es noch Karten für das Neujahrskonzert?',
  privacy: true,
};

describeEachDialect('forms calls', (dialect) => {
  let ctx: TestContext;
  let smtp: SmtpSink;
  let session: BrowserSession;
  let forms: Record<string, number>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext(dialect, { config: { smtpUrl: smtp.url } });
    session = await browserSession(ctx.app);
    forms = Object.fromEntries((await ctx.db.selectFrom('form').select(['id', 'slug']).execute()).map((row) => [row.slug, row.id]));
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.stop();
  });

  const counts = () => entryAndMailCounts(ctx.db);

  async function postEntry(body: Record<string, unknown>, { locale = 'de', headers = session.headers, remoteAddress = nextClient() } = {}) {
    return ctx.app.inject({ method: 'POST', url: `/${locale}/api/forms-entries/`, payload: body, headers, remoteAddress });
  }
  const entry = async (form: string, values: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    form: forms[form],
    field_values: values,
    form_token: await session.formToken(),
    ...extra,
  });

  async function upload(filename: string, content: Buffer) {
    const response = await postUpload(ctx.app, session, filename, content, { remoteAddress: nextClient() });
    expect(response.statusCode).toBe(201);
    return json<{ id: string; name: string; size: number }>(response);
  }

  describe('GET /{locale}/api/forms/', () => {
    it('lists the online forms in the language asked', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/en/api/forms/' });
      expect(response.statusCode).toBe(200);
      expect(json(response).map((form: { slug: string; title: string }) => [form.slug, form.title])).toEqual([
        ['kontakt', 'Contact'],
        ['mitgliedsantrag', 'Become a member'],
        ['abo-bestellung', 'Order a subscription'],
      ]);
    });
  });

  describe('GET /{locale}/api/forms/{slug}/', () => {
    const get = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: json(response) };
    };
    const fieldOf = (form: PublicForm, slug: string) => form.fields.find((field) => field.slug === slug) as PublicFormField;

    it('answers the contact form with its fields in order and email2 appended', async () => {
      const { status, body } = await get('/de/api/forms/kontakt/');
      expect(status).toBe(200);
      const form = body as PublicForm;
      expect(form).toMatchObject({ id: forms.kontakt, slug: 'kontakt', title: 'Kontakt' });
      expect(form.intro).toMatch(/^Schreiben Sie uns/);
      expect(form.fields.map((field) => [field.slug, field.field_type])).toEqual([
        ['name', fieldTypes.text],
        ['email', fieldTypes.email],
        ['subject', fieldTypes.select],
        ['message', fieldTypes.textarea],
        ['privacy', fieldTypes.checkbox],
        ['email2', 'emailconfirm'],
      ]);
      expect(fieldOf(form, 'name')).toEqual({
        slug: 'name',
        label: 'Name',
        field_type: 1,
        required: true,
        visible: true,
        choices: [],
        default: '',
        placeholder_text: 'Vor- und Nachname',
        help_text: '',
        constraints: { max_length: 120, min: null, max: null, whole_number: false, accept: [], max_size: null },
      });
      expect(fieldOf(form, 'subject')).toMatchObject({ default: null, choices: expect.arrayContaining([{ value: 'karten', label: 'Karten und Kartenbörse' }]) });
      expect(fieldOf(form, 'privacy')).toMatchObject({ required: true, default: false });
      expect(fieldOf(form, 'email2')).toMatchObject({ label: 'E-Mail-Adresse wiederholen', required: false, visible: true, default: '' });
    });

    it('gives each type its default as its own kind of value, English texts under /en', async () => {
      const membership = (await get('/en/api/forms/mitgliedsantrag/')).body as PublicForm;
      expect(membership.title).toBe('Become a member');
      expect(fieldOf(membership, 'membership')).toMatchObject({ field_type: fieldTypes.radio, default: 'einzel', label: 'Membership' });
      expect(fieldOf(membership, 'birth_date')).toMatchObject({ field_type: fieldTypes.date, default: null });
      expect(fieldOf(membership, 'interests')).toMatchObject({ field_type: fieldTypes.multipleChoice, default: null });
      expect(fieldOf(membership, 'newsletter')).toMatchObject({ field_type: fieldTypes.checkbox, default: false });
      expect(fieldOf(membership, 'source')).toMatchObject({ field_type: fieldTypes.hidden, default: 'website' });
      expect(fieldOf(membership, 'student_proof')).toMatchObject({
        field_type: fieldTypes.file,
        default: null,
        constraints: expect.objectContaining({ accept: ['pdf', 'jpeg', 'png'], max_size: 5 * 1024 * 1024 }),
      });
      const order = (await get('/de/api/forms/abo-bestellung/')).body as PublicForm;
      expect(fieldOf(order, 'seats')).toMatchObject({ default: 2, constraints: expect.objectContaining({ min: 1, max: 10, whole_number: true }) });
      expect(fieldOf(order, 'series').choices).toEqual(subscriptionSpecs.map((spec) => ({ value: spec.slug.de, label: spec.title.de })));
    });

    it('answers 404 for an unknown or offline form and 400 for a malformed slug', async () => {
      await createForm(ctx.db, { ...contactForm, slug: 'entwurf', is_online: false });
      expect(await get('/de/api/forms/gibt-es-nicht/')).toMatchObject({ status: 404, body: { message: 'Form gibt-es-nicht not found', field: 'params.slug' } });
      expect((await get('/de/api/forms/entwurf/')).status).toBe(404);
      expect(await get('/de/api/forms/Nicht_So/')).toMatchObject({ status: 400, body: { field: 'params.slug' } });
    });
  });

  describe('POST /{locale}/api/forms-entries/', () => {
    it('stores a good entry, queues the notification in the same write and delivers it over SMTP', async () => {
      const before = await counts();
      const response = await postEntry(await entry('kontakt', { ...contactValues, email2: 'Anna@Example.org', name: '  Anna Berger ' }), {
        remoteAddress: '203.0.113.250',
      });
      expect(response.statusCode).toBe(201);
      const { id, message } = json(response);
      expect(message).toBe('Vielen Dank für Ihre Nachricht! Wir melden uns in den nächsten Tagen bei Ihnen.');
      const row = await ctx.db.selectFrom('form_entry').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ form_id: forms.kontakt, locale: 'de', ip: '203.0.113.250', created_at: testNow.toISOString() });
      // Trimmed, and the confirmation is not kept.
      expect(JSON.parse(row.field_values)).toEqual({ ...contactValues, name: 'Anna Berger' });
      expect(await counts()).toEqual({ entries: before.entries + 1, mails: before.mails + 1 });

      const mail = await ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ kind: 'form-entry', locale: 'de', subject: `Formular „Kontakt“: neuer Eintrag Nr. ${id}` });
      expect(JSON.parse(mail.to_addresses)).toEqual(formRecipients);
      expect(mail.text_body).toContain('Worum geht es?: Karten und Kartenbörse');
      expect(mail.text_body).toContain('Ihre Nachricht: Gibt es noch Karten für das Neujahrskonzert?');
      expect(mail.text_body).toMatch(/Ich habe die Datenschutzerklärung gelesen .*: ja/);

      await ctx.app.mail.flush();
      const delivered = await smtp.waitFor(formRecipients[0], /neuer Eintrag Nr\. \d+/);
      expect(delivered.subject).toBe(mail.subject);
      expect(delivered.text).toContain('Name: Anna Berger');
      expect(delivered.html).toContain('Worum geht es?: Karten und Kartenbörse');
    });

    it('has staff reply to the visitor: Reply-To is the entry’s checked e-mail address', async () => {
      const response = await postEntry(await entry('kontakt', { ...contactValues, email: 'Clara.Nguyen@example.org' }));
      expect(response.statusCode).toBe(201);
      const mail = await ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail.reply_to).toBe('Clara.Nguyen@example.org');
      await ctx.app.mail.flush();
      const delivered = await smtp.waitFor(formRecipients[0], new RegExp(`neuer Eintrag Nr\\. ${json(response).id}$`));
      expect(delivered.replyTo?.value.map((address) => address.address)).toEqual(['Clara.Nguyen@example.org']);
      expect(delivered.from?.value[0].address).not.toBe('Clara.Nguyen@example.org');
    });

    it('answers in English under /en, with the mail in English', async () => {
      const response = await postEntry(await entry('kontakt', contactValues), { locale: 'en' });
      expect(response.statusCode).toBe(201);
      expect(json(response).message).toBe('Thank you for your message! We will get back to you within the next few days.');
      const mail = await ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail.subject).toBe(`Form “Contact”: new entry no. ${json(response).id}`);
      expect(mail.text_body).toContain('What is it about?: Tickets and ticket exchange');
    });

    it('names every missing required field in the request language and writes nothing', async () => {
      const before = await counts();
      const response = await postEntry(await entry('kontakt', {}));
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Bitte prüfen Sie die markierten Felder.',
        code: 'invalid',
        field: 'name',
        errors: {
          name: 'Bitte füllen Sie dieses Feld aus.',
          email: 'Bitte füllen Sie dieses Feld aus.',
          subject: 'Bitte wählen Sie eine Option.',
          message: 'Bitte füllen Sie dieses Feld aus.',
          privacy: 'Bitte bestätigen Sie dies.',
        },
      });
      const english = await postEntry(await entry('kontakt', { ...contactValues, privacy: false }), { locale: 'en' });
      expect(json(english)).toMatchObject({ message: 'Please check the marked fields.', errors: { privacy: 'Please tick this box to confirm.' } });
      expect(await counts()).toEqual(before);
    });

    it('refuses values of the wrong type or outside the rules, field by field', async () => {
      const before = await counts();
      const contact = await postEntry(
        await entry('kontakt', { name: 42, email: 'anna(at)example.org', subject: 'spam', message: 'x'.repeat(3001), privacy: 'yes' }),
        { locale: 'en' },
      );
      expect(contact.statusCode).toBe(400);
      expect(json(contact).errors).toEqual({
        name: 'Please enter text.',
        email: 'Please enter a valid email address, e.g. name@example.com.',
        subject: 'Please choose one of the options offered.',
        message: 'Please enter at most 3000 characters.',
        privacy: 'The value must be yes or no.',
      });
      const order = await postEntry(
        await entry('abo-bestellung', {
          series: 'grosses-abonnement',
          seats: 11,
          price_category: 'ii',
          start_date: '2026-02-30',
          name: 'Ben',
          email: 'ben@example.org',
          delivery: 'post',
          privacy: true,
        }),
        { locale: 'en' },
      );
      expect(json(order).errors).toEqual({
        series: 'Please choose only among the options offered.',
        seats: 'Please enter at most 10.',
        start_date: 'Please enter a valid date (YYYY-MM-DD).',
      });
      const half = await postEntry(
        await entry('abo-bestellung', { series: ['sonntagsmatinee'], seats: 1.5, price_category: 'ii', name: 'Ben', email: 'ben@example.org', delivery: 'post', privacy: true }),
      );
      expect(json(half).errors).toEqual({ seats: 'Bitte geben Sie eine ganze Zahl ein.' });
      expect(await counts()).toEqual(before);
    });

    it('refuses a birth date after the day of sending, naming the field in the visitor’s language (ADR 069)', async () => {
      const membership = (birth_date: string) => ({
        first_name: 'Ida',
        last_name: 'Sommer',
        email: 'ida@example.org',
        address: 'Münsterplatz 1\n79098 Freiburg',
        membership: 'einzel',
        birth_date,
        privacy: true,
      });
      const form = json<PublicForm>(await ctx.app.inject({ method: 'GET', url: '/de/api/forms/mitgliedsantrag/' }));
      expect(form.fields.find((field) => field.slug === 'birth_date')?.constraints).toMatchObject({ min: null, max: 0 });
      const before = await counts();
      const german = await postEntry(await entry('mitgliedsantrag', membership('2999-12-31')));
      expect(german.statusCode).toBe(400);
      expect(json(german).errors).toEqual({ birth_date: 'Das Datum darf nicht in der Zukunft liegen.' });
      const tomorrow = addDays(berlinDate(new Date()), 1);
      const english = await postEntry(await entry('mitgliedsantrag', membership(tomorrow)), { locale: 'en' });
      expect(english.statusCode).toBe(400);
      expect(json(english).errors).toEqual({ birth_date: 'The date must not lie in the future.' });
      expect(await counts()).toEqual(before);
      expect((await postEntry(await entry('mitgliedsantrag', membership('2001-05-17')))).statusCode).toBe(201);
    });

    it('refuses an email2 that differs from the email', async () => {
      const before = await counts();
      const response = await postEntry(await entry('kontakt', { ...contactValues, email2: 'anna@example.com' }));
      expect(response.statusCode).toBe(400);
      expect(json(response).errors).toEqual({ email2: 'Die beiden E-Mail-Adressen stimmen nicht überein.' });
      expect(await counts()).toEqual(before);
    });

    it('refuses field slugs the form does not have, naming them, and unknown body fields', async () => {
      const before = await counts();
      const response = await postEntry(await entry('kontakt', { ...contactValues, is_admin: true, newsletter: true }), { locale: 'en' });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({
        message: 'The form has no fields named is_admin, newsletter.',
        errors: { is_admin: 'This form has no such field.', newsletter: 'This form has no such field.' },
      });
      const extra = await postEntry(await entry('kontakt', contactValues, { status: 'approved' }));
      expect(extra.statusCode).toBe(400);
      expect(json(extra)).toMatchObject({ field: 'body.status', message: 'body.status is not a known field' });
      const noValues = await postEntry({ form: forms.kontakt, form_token: await session.formToken() });
      expect(json(noValues)).toMatchObject({ field: 'body.field_values' });
      expect(await counts()).toEqual(before);
    });

    it('answers 404 for a form that does not exist or is offline', async () => {
      const offline = await ctx.db.selectFrom('form').select('id').where('is_online', '=', 0).executeTakeFirst();
      for (const form of [999_999, offline?.id ?? 999_998]) {
        const response = await postEntry({ form, field_values: contactValues, form_token: await session.formToken() });
        expect(response.statusCode).toBe(404);
        expect(json(response)).toMatchObject({ field: 'form', message: 'Dieses Formular gibt es nicht oder nicht mehr.' });
      }
    });

    it('answers a filled honeypot or a missing form token like a success and writes and mails nothing', async () => {
      const before = await counts();
      const honeypot = await postEntry(await entry('kontakt', contactValues, { website: 'https://spam.example' }));
      expect(honeypot.statusCode).toBe(201);
      expect(json(honeypot)).toEqual({ id: expect.any(Number), message: 'Vielen Dank für Ihre Nachricht! Wir melden uns in den nächsten Tagen bei Ihnen.' });
      const noToken = await postEntry({ form: forms.kontakt, field_values: contactValues });
      expect(noToken.statusCode).toBe(201);
      expect(await counts()).toEqual(before);
    });

    it('refuses a request without the CSRF header with 403 and writes nothing', async () => {
      const before = await counts();
      const { 'x-csrftoken': _dropped, ...headers } = session.headers;
      const response = await postEntry(await entry('kontakt', contactValues), { headers });
      expect(response.statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it(`answers 429 with Retry-After after ${entryRateLimit.limit} entries from one client`, async () => {
      const before = await counts();
      const client = nextClient();
      for (let i = 0; i < entryRateLimit.limit; i += 1) {
        expect((await postEntry(await entry('kontakt', {}), { remoteAddress: client })).statusCode).toBe(400);
      }
      const refused = await postEntry(await entry('kontakt', contactValues), { remoteAddress: client });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await counts()).toEqual(before);
      // Another client is not affected.
      expect((await postEntry(await entry('kontakt', contactValues))).statusCode).toBe(201);
    });

    describe('with an uploaded file', () => {
      const membership = (proof: string | null) => ({
        first_name: 'Clara',
        last_name: 'Dorn',
        email: 'clara@example.org',
        address: 'Kaiser-Joseph-Straße 1\n79098 Freiburg',
        membership: 'ermaessigt',
        student_proof: proof,
        interests: ['kammermusik', 'ehrenamt'],
        newsletter: false,
        source: 'website',
        privacy: true,
      });

      it('attaches the file to the entry, moves it out of the temp folder and lists its name in the mail', async () => {
        const { pdf } = await sampleFiles();
        const file = await upload('Studierendenausweis.pdf', pdf);
        const tmp = path.join(ctx.dataDir, 'uploads', 'tmp', `${file.id}.pdf`);
        expect(existsSync(tmp)).toBe(true);
        const response = await postEntry(await entry('mitgliedsantrag', membership(file.id)));
        expect(response.statusCode).toBe(201);
        const { id } = json(response);
        const row = await ctx.db.selectFrom('temp_file').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ attached_entry_id: id, mime: 'application/pdf', original_name: 'Studierendenausweis.pdf' });
        expect(existsSync(tmp)).toBe(false);
        expect(existsSync(path.join(ctx.dataDir, 'uploads', 'entries', `${file.id}.pdf`))).toBe(true);
        const stored = await ctx.db.selectFrom('form_entry').select('field_values').where('id', '=', id).executeTakeFirstOrThrow();
        expect(JSON.parse(stored.field_values)).toMatchObject({ student_proof: file.id, birth_date: null, phone: '' });
        const mail = await ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
        expect(mail.text_body).toContain(`Nachweis für den ermäßigten Beitrag: Studierendenausweis.pdf (${pdf.length} B)`);
        expect(mail.text_body).toContain('Was interessiert Sie besonders?: Kammermusik, Mithelfen bei Konzerten');
        expect(mail.text_body).not.toContain('%PDF');
        // The files open from the entry in the hub, which the mail links to (ADR 060).
        expect(mail.text_body).toContain(`Eintrag im Hub öffnen:\nhttp://localhost:8000/cms-hub/form-entries/${id}\n`);
        expect(mail.html_body).toContain(`href="http://localhost:8000/cms-hub/form-entries/${id}"`);
        expect(mail.text_body).toContain('Hochgeladene Dateien laden Sie beim Eintrag im Hub herunter (nach der Anmeldung).');

        // The same file cannot go with a second entry.
        const again = await postEntry(await entry('mitgliedsantrag', membership(file.id)));
        expect(again.statusCode).toBe(400);
        expect(json(again).errors).toEqual({ student_proof: 'Diese Datei wurde schon mit einem anderen Formular gesendet. Bitte laden Sie sie erneut hoch.' });
      });

      it('refuses a file id nobody uploaded, an expired upload, a kind or size the field does not take', async () => {
        const before = await counts();
        const unknown = await postEntry(await entry('mitgliedsantrag', membership('0b7c6a2e-3f4d-4c1b-9a8e-1d2c3b4a5f60')), { locale: 'en' });
        expect(json(unknown).errors).toEqual({ student_proof: 'The uploaded file is no longer there. Please upload it again.' });

        const { png, webp } = await sampleFiles();
        const old = await upload('ausweis.png', png);
        await ctx.db
          .updateTable('temp_file')
          .set({ created_at: new Date(testNow.getTime() - 25 * 60 * 60 * 1000).toISOString() })
          .where('id', '=', old.id)
          .execute();
        const expired = await postEntry(await entry('mitgliedsantrag', membership(old.id)), { locale: 'en' });
        expect(json(expired).errors).toEqual({ student_proof: 'The uploaded file is no longer there. Please upload it again.' });

        const image = await upload('ausweis.webp', webp);
        const wrongKind = await postEntry(await entry('mitgliedsantrag', membership(image.id)), { locale: 'en' });
        expect(json(wrongKind).errors).toEqual({ student_proof: 'This type of file is not possible here. Allowed: PDF, JPEG, PNG.' });

        const big = await upload('scan.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024 + 1, 0x20)]));
        const tooBig = await postEntry(await entry('mitgliedsantrag', membership(big.id)), { locale: 'en' });
        expect(json(tooBig).errors).toEqual({ student_proof: 'The file is too large. At most 5 MB are allowed.' });

        const malformed = await postEntry(await entry('mitgliedsantrag', membership('../../secret.pdf')), { locale: 'en' });
        expect(json(malformed).errors).toEqual({ student_proof: 'Please upload the file through the field.' });

        expect(await counts()).toEqual(before);
        const attached = await ctx.db.selectFrom('temp_file').select('id').where('id', 'in', [old.id, image.id, big.id]).where('attached_entry_id', 'is not', null).execute();
        expect(attached).toEqual([]);
      });

      it('takes the membership form without the optional file', async () => {
        const response = await postEntry(await entry('mitgliedsantrag', membership(null)), { locale: 'en' });
        expect(response.statusCode).toBe(201);
        expect(json(response).message).toMatch(/^Welcome!/);
      });
    });
  });
});

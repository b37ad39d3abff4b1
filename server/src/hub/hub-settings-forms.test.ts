import { insertFormEntry } from '../db/repositories/forms';
import type { FormFieldInput, FormInput } from '../../../contract/schemas/forms';
import { fieldTypes } from '../../../contract/form-field-types';
import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, testNow, type TestContext } from '../test/test-context';

const t = (de: string, en: string) => ({ de, en });

/** The hub's site settings (admin only, beside the factory) and form builder calls (ADR 018, 020), on both dialects. */
describeEachDialect('hub: settings and forms', (dialect) => {
  const hub = '/de/pageeditor-api/hub';
  const setup = hubTest(dialect, hub);
  const { call, lastSeq, changesAfter } = setup;
  let ctx: TestContext;
  let editor: StaffSession;
  let admin: StaffSession;
  beforeAll(() => void ({ ctx, editor, admin } = setup));

  const settingsRow = (locale: 'de' | 'en') => ctx.db.selectFrom('site_settings').selectAll().where('locale', '=', locale).executeTakeFirst();

  describe('settings', () => {
    const english = {
      address: 'Concert friends, Main street 1, 79098 Freiburg',
      phone: '+49 761 123456',
      phone_hours: 'Mon–Fri 10–12',
      info_email: 'info@konzertfreunde.example',
      imprint_url: '/en/imprint',
      privacy_url: '/en/privacy',
    };

    it('answers both locales to an admin and replaces one, logged with the admin as author', async () => {
      const before = json(await call('GET', '/settings/', admin));
      expect(Object.keys(before).sort()).toEqual(['de', 'en']);
      expect(before.de).toMatchObject({ info_email: (await settingsRow('de'))?.info_email });

      const seq = await lastSeq();
      const saved = await call('POST', '/settings/en/', admin, english);
      expect(saved.statusCode).toBe(200);
      expect(json(saved)).toEqual({ de: before.de, en: english });
      expect(await settingsRow('en')).toMatchObject(english);
      expect(await changesAfter(seq)).toEqual([{ entity: 'settings', entity_id: 'en', op: 'upsert', changed_by: admin.user.id }]);
      // The visitors' call shows it (its cache follows the change log).
      expect(json(await ctx.app.inject({ method: 'GET', url: '/en/api/settings/' }))).toMatchObject({ info_email: english.info_email });
      expect(json(await call('GET', '/settings/', admin)).en).toEqual(english);
    });

    it('refuses editors (403) and anonymous callers (401) on both calls, and a write without the CSRF token (403)', async () => {
      const seq = await lastSeq();
      const stored = await settingsRow('de');
      expect((await call('GET', '/settings/', editor)).statusCode).toBe(403);
      const byEditor = await call('POST', '/settings/de/', editor, english);
      expect(byEditor.statusCode).toBe(403);
      expect(json(byEditor).message).toContain('administrators');
      expect((await call('GET', '/settings/', null)).statusCode).toBe(401);
      expect((await call('POST', '/settings/de/', null, english)).statusCode).toBe(401);
      const { 'x-csrftoken': _token, ...withoutToken } = admin.headers;
      const noToken = await ctx.app.inject({ method: 'POST', url: `${hub}/settings/de/`, headers: withoutToken, payload: english });
      expect(noToken.statusCode).toBe(403);
      expect(await settingsRow('de')).toEqual(stored);
      expect(await lastSeq()).toBe(seq);
    });

    it.each([
      ['a bad email address', { info_email: 'not an address' }, 'body.info_email'],
      ['an imprint that is not a site path', { imprint_url: 'https://example.org/imprint' }, 'body.imprint_url'],
      ['a missing phone', { phone: undefined }, 'body.phone'],
      ['an unknown field', { fax: '0761 1' }, 'body.fax'],
    ])('refuses %s with 400 naming the field, writing nothing', async (_case, change, field) => {
      const seq = await lastSeq();
      const stored = await settingsRow('de');
      const response = await call('POST', '/settings/de/', admin, { ...english, ...change });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ field });
      expect(json(response).message).toContain(field);
      expect(await settingsRow('de')).toEqual(stored);
      expect(await lastSeq()).toBe(seq);
    });

    it('refuses a locale that is not one of the site', async () => {
      const response = await call('POST', '/settings/fr/', admin, english);
      expect(response.statusCode).toBe(400);
      expect(json(response).field).toBe('params.settingsLocale');
    });
  });

  describe('forms', () => {
    const name: FormFieldInput = { slug: 'name', field_type: fieldTypes.text, label: t('Name', 'Name'), required: true, placeholder: t('Vor- und Nachname', 'Full name'), help: t('', '') };
    const seat: FormFieldInput = {
      slug: 'seat',
      field_type: fieldTypes.radio,
      label: t('Platz', 'Seat'),
      choices: [
        { value: 'parkett', label: t('Parkett', 'Stalls') },
        { value: 'rang', label: t('Rang', 'Circle') },
      ],
      default: 'parkett',
    };
    const consent: FormFieldInput = { slug: 'consent', field_type: fieldTypes.checkbox, label: t('Einverstanden', 'I agree'), required: true };
    const input = (slug: string, fields: FormFieldInput[] = [name, seat, consent]): FormInput => ({
      slug,
      title: t(`Formular ${slug}`, `Form ${slug}`),
      intro: t('Bitte ausfüllen.', 'Please fill in.'),
      recipients: ['Kasse@Konzertfreunde.example'],
      fields,
    });
    const entry = (formId: number) => insertFormEntry(ctx.db, { formId, locale: 'de', values: { name: 'Ada' }, ip: '127.0.0.1', createdAt: testNow.toISOString() });
    const formCount = async () => (await ctx.db.selectFrom('form').select('id').execute()).length;

    it('creates with a text, a choice and a checkbox field, reads it back in the input shape and lists it with counts', async () => {
      const seq = await lastSeq();
      const created = await call('POST', '/forms/', editor, input('hub-probe'));
      expect(created.statusCode).toBe(201);
      const form = json(created);
      expect(form).toMatchObject({
        slug: 'hub-probe',
        title: t('Formular hub-probe', 'Form hub-probe'),
        intro: t('Bitte ausfüllen.', 'Please fill in.'),
        recipients: ['kasse@konzertfreunde.example'],
        is_online: true,
      });
      expect(form.fields.map((field: FormFieldInput) => [field.slug, field.field_type])).toEqual([
        ['name', fieldTypes.text],
        ['seat', fieldTypes.radio],
        ['consent', fieldTypes.checkbox],
      ]);
      expect(form.fields[0]).toMatchObject({ required: true, visible: true, placeholder: t('Vor- und Nachname', 'Full name'), choices: [], default: '' });
      expect(form.fields[1]).toMatchObject({ choices: seat.choices, default: 'parkett', required: false });
      expect(json(await call('GET', `/forms/${form.id}/`))).toEqual(form);
      // Forms load live on the site (ADR 011); the build only gives each online form its address, so the write
      // logs one change of the form (ADR 042).
      expect(await lastSeq()).toBe(seq + 1);
      expect(await ctx.db.selectFrom('change_log').select(['entity', 'entity_id']).orderBy('seq', 'desc').executeTakeFirstOrThrow()).toEqual({
        entity: 'form',
        entity_id: String(form.id),
      });
      // The public call serves it at once.
      expect(json(await ctx.app.inject({ method: 'GET', url: '/en/api/forms/hub-probe/' }))).toMatchObject({ title: 'Form hub-probe' });

      await entry(form.id);
      const listed = json(await call('GET', '/forms/?search=HUB-PROBE'));
      expect(listed.count).toBe(1);
      expect(listed.results[0]).toMatchObject({ id: form.id, slug: 'hub-probe', title_de: 'Formular hub-probe', field_count: 3, entry_count: 1, is_online: 1 });
      const all = json(await call('GET', '/forms/?page_size=100'));
      expect(all.count).toBe(await formCount());
      for (const row of all.results) expect(typeof row.field_count).toBe('number');
    });

    it('updates the whole form in one go: texts, recipients, fields replaced in their new order', async () => {
      const id = json(await call('POST', '/forms/', editor, input('hub-update'))).id;
      const read = json(await call('GET', `/forms/${id}/`));
      const { id: _id, ...saved } = read;
      const changed = {
        ...saved,
        title: t('Neu', 'New'),
        recipients: ['a@example.org', 'b@example.org'],
        is_online: false,
        fields: [
          { ...consent, required: false },
          { ...seat, field_type: fieldTypes.select, default: 'rang' },
          { ...name, slug: 'full_name' },
          { slug: 'tickets', field_type: fieldTypes.number, label: t('Karten', 'Tickets'), min: 1, max: 4, whole_number: true },
        ],
      };
      const response = await call('POST', `/forms/${id}/`, editor, changed);
      expect(response.statusCode).toBe(200);
      const after = json(response);
      expect(after).toMatchObject({ id, title: t('Neu', 'New'), recipients: ['a@example.org', 'b@example.org'], is_online: false });
      expect(after.fields.map((field: FormFieldInput) => `${field.slug}:${field.field_type}`)).toEqual(['consent:8', 'seat:6', 'full_name:1', 'tickets:4']);
      expect(after.fields[1].default).toBe('rang');
      expect(after.fields[3]).toMatchObject({ min: 1, max: 4, whole_number: true });
      // Limits a field does not set are left out, not null (a null would come back as 0 through Ajv's coercion).
      expect(after.fields[2]).not.toHaveProperty('min');
      const rows = await ctx.db.selectFrom('form_field').select(['slug', 'position']).where('form_id', '=', id).orderBy('position').execute();
      expect(rows).toEqual([
        { slug: 'consent', position: 0 },
        { slug: 'seat', position: 1 },
        { slug: 'full_name', position: 2 },
        { slug: 'tickets', position: 3 },
      ]);
      // Saving what was read changes nothing.
      const again = await call('POST', `/forms/${id}/`, editor, (({ id: _ignored, ...rest }) => rest)(after));
      expect(json(again)).toEqual(after);
    });

    it.each([
      ['a repeated field slug', (fields: FormFieldInput[]) => [...fields, { ...name, label: t('Noch mal', 'Again') }], 'body.fields.3.slug', 'repeats name'],
      ['a choice field without choices', (fields: FormFieldInput[]) => [fields[0], { ...seat, choices: [] }], 'body.fields.1.choices', 'at least one choice'],
      ['choices on a checkbox', (_fields: FormFieldInput[]) => [{ ...consent, choices: seat.choices }], 'body.fields.0.choices', 'only for choice fields'],
      ['a default the choices do not have', (_fields: FormFieldInput[]) => [{ ...seat, default: 'loge' }], 'body.fields.0.default', 'not a value'],
    ])('refuses %s on create and update with 400 naming it, writing nothing', async (_case, fieldsOf, field, words) => {
      const before = await formCount();
      const created = await call('POST', '/forms/', editor, input('hub-refused', fieldsOf([name, seat, consent])));
      expect(created.statusCode).toBe(400);
      expect(json(created)).toMatchObject({ field });
      expect(json(created).message).toContain(words);
      expect(await formCount()).toBe(before);

      const id = json(await call('POST', '/forms/', editor, input(`hub-kept-${field.replace(/\W/g, '-')}`))).id;
      const stored = json(await call('GET', `/forms/${id}/`));
      const { id: _id, ...body } = stored;
      const updated = await call('POST', `/forms/${id}/`, editor, { ...body, title: t('X', 'X'), fields: fieldsOf(body.fields) });
      expect(updated.statusCode).toBe(400);
      expect(json(updated)).toMatchObject({ field });
      expect(json(await call('GET', `/forms/${id}/`))).toEqual(stored);
    });

    it("refuses another form's slug (409) and unknown body fields (400)", async () => {
      const id = json(await call('POST', '/forms/', editor, input('hub-slug-a'))).id;
      const taken = await call('POST', `/forms/${id}/`, editor, input('kontakt'));
      expect(taken.statusCode).toBe(409);
      expect(json(taken)).toMatchObject({ field: 'body.slug', code: 'slug_taken' });
      const unknown = await call('POST', `/forms/${id}/`, editor, { ...input('hub-slug-a'), colour: 'red' });
      expect(unknown.statusCode).toBe(400);
      expect(json(unknown).field).toBe('body.colour');
      expect((await call('POST', '/forms/999999/', editor, input('hub-slug-z'))).statusCode).toBe(404);
    });

    it('refuses to delete a form with entries (409 with the count) unless cascade=true, which deletes them too', async () => {
      const id = json(await call('POST', '/forms/', editor, input('hub-delete-entries'))).id;
      const entries = [await entry(id), await entry(id)];
      const refused = await call('DELETE', `/forms/${id}/`);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toContain('2 entries');
      expect((await call('DELETE', `/forms/${id}/?cascade=false`)).statusCode).toBe(409);
      expect((await call('GET', `/forms/${id}/`)).statusCode).toBe(200);
      const badOption = await call('DELETE', `/forms/${id}/?force=true`);
      expect(badOption.statusCode).toBe(400);
      expect(json(badOption).field).toBe('query.force');

      expect((await call('DELETE', `/forms/${id}/?cascade=true`)).statusCode).toBe(204);
      expect((await call('GET', `/forms/${id}/`)).statusCode).toBe(404);
      expect(await ctx.db.selectFrom('form_entry').select('id').where('id', 'in', entries).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('form_field').select('id').where('form_id', '=', id).execute()).toEqual([]);
    });

    it('deletes a form without entries (204), and only for staff with the CSRF token', async () => {
      const id = json(await call('POST', '/forms/', editor, input('hub-delete-empty'))).id;
      expect((await call('DELETE', `/forms/${id}/`, null)).statusCode).toBe(401);
      const { 'x-csrftoken': _token, ...withoutToken } = editor.headers;
      expect((await ctx.app.inject({ method: 'DELETE', url: `${hub}/forms/${id}/`, headers: withoutToken })).statusCode).toBe(403);
      expect((await call('DELETE', `/forms/${id}/`)).statusCode).toBe(204);
      expect((await call('GET', `/forms/${id}/`)).statusCode).toBe(404);
      expect((await call('DELETE', `/forms/${id}/`)).statusCode).toBe(404);
    });
  });
});

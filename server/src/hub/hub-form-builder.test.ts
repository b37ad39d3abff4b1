import type { FormFieldInput, FormInput } from '../../../contract/schemas/forms';
import { fieldTypes } from '../../../contract/form-field-types';
import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';

const t = (de: string, en: string) => ({ de, en });

/**
 * What the hub's form builder may send that the repository must refuse by name (never a 500, never half a
 * form), on both dialects: what an editor types into the builder's inputs, sent as the builder sends it.
 */
describeEachDialect('hub: form builder input', (dialect) => {
  const setup = hubTest(dialect, '/de/pageeditor-api/hub/forms/');
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(() => void ({ ctx, editor } = setup));

  const url = '/de/pageeditor-api/hub/forms/';
  const post = (path: string, payload: object) => ctx.app.inject({ method: 'POST', url: `${url}${path}`, headers: editor.headers, payload });
  const text: FormFieldInput = { slug: 'name', field_type: fieldTypes.text, label: t('Name', 'Name'), required: true };
  const input = (slug: string, fields: FormFieldInput[] = [text], more: Partial<FormInput> = {}): FormInput => ({
    slug,
    title: t(`Formular ${slug}`, `Form ${slug}`),
    recipients: ['info@konzertfreunde.example'],
    fields,
    ...more,
  });
  const formCount = async () => (await ctx.db.selectFrom('form').select('id').execute()).length;

  it.each([
    ['a text with a NUL character', input('nul-title', [text], { intro: t('Konzert\u0000reise', 'Trip') }), 'intro.de'],
    ['a label with a NUL character', input('nul-label', [{ ...text, help: t('Hilfe', 'He\u0000lp') }]), 'fields.0.help.en'],
    ['a choice value with a NUL character', input('nul-choice', [{ ...text, field_type: fieldTypes.select, choices: [{ value: 'a\u0000', label: t('A', 'A') }] }]), 'fields.0.choices.0.value'],
    ['a recipient with a NUL character', input('nul-recipient', [text], { recipients: ['info@konzert\u0000freunde.example'] }), 'recipients.0'],
    ['a title of spaces only', input('blank-title', [text], { title: t('   ', 'Trip') }), 'title.de'],
    ['a label of spaces only', input('blank-label', [{ ...text, label: t('Name', ' ') }]), 'fields.0.label.en'],
    ['a choice label of spaces only', input('blank-choice', [{ ...text, field_type: fieldTypes.radio, choices: [{ value: 'a', label: t(' ', 'A') }] }]), 'fields.0.choices.0.label.de'],
    ['a choice value of spaces only', input('blank-value', [{ ...text, field_type: fieldTypes.radio, choices: [{ value: '  ', label: t('A', 'A') }] }]), 'fields.0.choices.0.value'],
  ])('refuses %s with 400 naming it, writing nothing', async (_case, body, field) => {
    const before = await formCount();
    const response = await post('', body);
    expect(response.statusCode).toBe(400);
    // The hub reads field names with or without the request part (`body.`): the input guard (ADR 027) names it.
    expect(String(json(response).field).replace(/^body\./, '')).toBe(field);
    expect(json(response).message).toContain(field);
    expect(await formCount()).toBe(before);
  });

  it('refuses the same on update, keeping the form as it was', async () => {
    const id = json(await post('', input('kept-on-update'))).id;
    const stored = json(await ctx.app.inject({ method: 'GET', url: `${url}${id}/`, headers: editor.headers }));
    const { id: _id, ...body } = stored;
    const refused = await post(`${id}/`, { ...body, title: t('Neu', 'New'), fields: [{ ...body.fields[0], label: t('\u0000', 'Name') }] });
    expect(refused.statusCode).toBe(400);
    expect(String(json(refused).field).replace(/^body\./, '')).toBe('fields.0.label.de');
    expect(json(await ctx.app.inject({ method: 'GET', url: `${url}${id}/`, headers: editor.headers }))).toEqual(stored);
  });

  it('keeps bounds as large as a number can be, and trims what it stores', async () => {
    const created = await post('', input('huge-bounds', [{ ...text, field_type: fieldTypes.number, required: false, label: t(' Zahl ', 'Number'), min: -1e308, max: 1e308 }]));
    expect(created.statusCode).toBe(201);
    expect(json(created).fields[0]).toMatchObject({ label: t('Zahl', 'Number'), min: -1e308, max: 1e308 });
  });
});

import type { FormFieldInput, FormInput } from '../../../../contract/schemas/forms';
import { demoForms } from '../../seed/forms';
import { fieldTypes } from '../../../../contract/form-field-types';
import { describeEachDialect } from '../../test/dialects';
import { createTestContext, type TestContext } from '../../test/test-context';
import { createForm, deleteForm, insertFormEntry, listFormFields, readFormInput, updateForm } from './forms';

const t = (de: string, en: string) => ({ de, en });
const form = (fields: FormFieldInput[], slug = 'probe'): FormInput => ({ slug, title: t('Probe', 'Test'), recipients: ['info@example.org'], fields });
const text: FormFieldInput = { slug: 'name', field_type: fieldTypes.text, label: t('Name', 'Name') };
const select = (rest: Partial<FormFieldInput> = {}): FormFieldInput => ({
  slug: 'colour',
  field_type: fieldTypes.select,
  label: t('Farbe', 'Colour'),
  choices: [
    { value: 'rot', label: t('Rot', 'Red') },
    { value: 'blau', label: t('Blau', 'Blue') },
  ],
  ...rest,
});

describeEachDialect('form repository', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  const formCount = async () => (await ctx.db.selectFrom('form').select('id').execute()).length;

  it('stores the demo forms with their fields in order', async () => {
    for (const input of demoForms) await createForm(ctx.db, { ...input, slug: `${input.slug}-copy` });
    const membership = await ctx.db.selectFrom('form').selectAll().where('slug', '=', 'mitgliedsantrag-copy').executeTakeFirstOrThrow();
    const fields = await listFormFields(ctx.db, membership.id);
    expect(fields.map((field) => field.slug)).toEqual(demoForms[1].fields.map((field) => field.slug));
    expect(fields.find((field) => field.slug === 'student_proof')).toMatchObject({ accept: '["pdf","jpeg","png"]', max_size: 5 * 1024 * 1024 });
  });

  it.each([
    ['a repeated field slug', [text, { ...text }], 'fields.1.slug', 'fields.1.slug repeats name'],
    ['the reserved slug email2', [{ ...text, slug: 'email2' }], 'fields.0.slug', 'fields.0.slug must not be email2: every form has that field already'],
    ['a choice field without choices', [select({ choices: [] })], 'fields.0.choices', 'fields.0.choices must list at least one choice for this field type'],
    ['repeated choice values', [select({ choices: [{ value: 'rot', label: t('Rot', 'Red') }, { value: 'rot', label: t('Rot', 'Red') }] })], 'fields.0.choices', 'fields.0.choices repeats the value rot'],
    ['choices on a text field', [{ ...text, choices: [{ value: 'a', label: t('A', 'A') }] }], 'fields.0.choices', 'fields.0.choices are only for choice fields (types 5, 6, 7 and 12)'],
    ['a default that is not a choice', [select({ default: 'grün' })], 'fields.0.default', 'fields.0.default is not a value this field accepts: Please choose one of the options offered.'],
    ['a default on a date', [{ ...text, field_type: fieldTypes.date, default: '2026-01-01' }], 'fields.0.default', 'fields.0.default is not possible for dates and files'],
    ['a checkbox default other than 1 or 0', [{ ...text, field_type: fieldTypes.checkbox, default: 'yes' }], 'fields.0.default', 'fields.0.default of a checkbox must be 1 or 0'],
    ['a number default outside its bounds', [{ ...text, field_type: fieldTypes.number, min: 1, max: 5, default: '7' }], 'fields.0.default', 'fields.0.default is not a value this field accepts: Please enter at most 5.'],
    ['a maximum length on a number', [{ ...text, field_type: fieldTypes.number, max_length: 3 }], 'fields.0.max_length', 'fields.0.max_length is only for text fields'],
    ['bounds on a text field', [{ ...text, min: 1 }], 'fields.0.min', 'fields.0.min is only for number and date fields'],
    ['whole numbers on a date', [{ ...text, field_type: fieldTypes.date, whole_number: true }], 'fields.0.whole_number', 'fields.0.whole_number is only for number fields'],
    ['a date bound in part of a day', [{ ...text, field_type: fieldTypes.date, max: 0.5 }], 'fields.0.max', 'fields.0.max of a date field is a whole number of days'],
    ['a date bound beyond a century', [{ ...text, field_type: fieldTypes.date, min: -40_000 }], 'fields.0.min', 'fields.0.min of a date field is at most 36500 days from today'],
    ['an earliest day after the latest', [{ ...text, field_type: fieldTypes.date, min: 3, max: 0 }], 'fields.0.max', 'fields.0.max must not be less than min'],
    ['a minimum above the maximum', [{ ...text, field_type: fieldTypes.number, min: 5, max: 1 }], 'fields.0.max', 'fields.0.max must not be less than min'],
    ['file kinds on a text field', [{ ...text, accept: ['pdf'] }], 'fields.0.accept', 'fields.0.accept is only for file fields'],
    ['a required hidden field without a default', [{ ...text, field_type: fieldTypes.hidden, required: true }], 'fields.0.required', 'fields.0.required needs a default when the field is not shown'],
    ['an unknown field type', [{ ...text, field_type: 15 as never }], 'fields.0.field_type', expect.stringMatching(/^fields\.0\.field_type must be one of: 1, 2, 3/)],
  ])('refuses %s, naming the field, and writes nothing', async (_name, fields, field, message) => {
    const before = await formCount();
    await expect(createForm(ctx.db, form(fields as FormFieldInput[]))).rejects.toMatchObject({ statusCode: 400, field, message });
    expect(await formCount()).toBe(before);
  });

  it('refuses a bad recipient address and a taken slug', async () => {
    await expect(createForm(ctx.db, { ...form([text]), recipients: ['info(at)example.org'] })).rejects.toMatchObject({ statusCode: 400, field: 'recipients.0' });
    await createForm(ctx.db, form([text], 'doppelt'));
    await expect(createForm(ctx.db, form([text], 'doppelt'))).rejects.toMatchObject({ statusCode: 409, field: 'slug' });
  });

  it('updates a form as a whole, reads it back in its input shape, and refuses what createForm refuses', async () => {
    const id = await createForm(ctx.db, form([text], 'wechsel'));
    await createForm(ctx.db, form([text], 'besetzt'));
    await updateForm(ctx.db, id, { ...form([select(), { ...text, field_type: fieldTypes.number, min: 0, max: 3 }], 'wechsel-neu'), recipients: ['B@Example.org'] });
    const read = await readFormInput(ctx.db, id);
    expect(read).toMatchObject({ id, slug: 'wechsel-neu', recipients: ['b@example.org'], is_online: true });
    expect(read?.fields.map((field) => field.slug)).toEqual(['colour', 'name']);
    expect(read?.fields[1]).toMatchObject({ min: 0, max: 3 });
    expect(read?.fields[0]).not.toHaveProperty('max_length');
    const { id: _id, ...input } = read!;
    await updateForm(ctx.db, id, input);
    expect(await readFormInput(ctx.db, id)).toEqual(read);

    await expect(updateForm(ctx.db, id, form([text, { ...text }], 'wechsel-neu'))).rejects.toMatchObject({ statusCode: 400, field: 'fields.1.slug' });
    await expect(updateForm(ctx.db, id, form([text], 'besetzt'))).rejects.toMatchObject({ statusCode: 409, field: 'slug' });
    await expect(updateForm(ctx.db, 999_999, form([text], 'nirgends'))).rejects.toMatchObject({ statusCode: 404 });
    expect(await readFormInput(ctx.db, id)).toEqual(read);
    expect(await readFormInput(ctx.db, 999_999)).toBeUndefined();
  });

  it('deletes a form only with its entries when asked to', async () => {
    const id = await createForm(ctx.db, form([text], 'weg'));
    const entry = await insertFormEntry(ctx.db, { formId: id, locale: 'en', values: { name: 'Ada' }, ip: '', createdAt: new Date().toISOString() });
    await expect(deleteForm(ctx.db, id)).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('has 1 entry'), referrers: { entity: 'form_entry', ids: [entry] } });
    expect(await readFormInput(ctx.db, id)).toBeDefined();
    expect(await deleteForm(ctx.db, id, { withEntries: true })).toEqual({ entries: 1, storedNames: [] });
    expect(await readFormInput(ctx.db, id)).toBeUndefined();
    expect(await ctx.db.selectFrom('form_entry').select('id').where('id', '=', entry).execute()).toEqual([]);
    await expect(deleteForm(ctx.db, id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('leaves the field type to the database CHECK when a row is written around the repository', async () => {
    const id = await createForm(ctx.db, form([text], 'check'));
    const write = ctx.db
      .insertInto('form_field')
      .values({
        ...(await listFormFields(ctx.db, id))[0],
        id: undefined,
        position: 1,
        slug: 'x',
        field_type: 99,
      })
      .execute();
    await expect(write).rejects.toMatchObject({ message: expect.stringMatching(/check constraint/i) });
  });
});

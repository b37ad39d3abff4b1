import { FORM_ERROR } from 'final-form';
import { fieldTypes } from '../../../contract/form-field-types';
import { submissionErrors } from '../fields';
import { bodyOf, emptyForm, formFieldOf, formValuesOf, moved, validateForm, without, type FormValues } from './form-values';
import type { FormRecord } from './forms-api';

const t = (de: string, en: string) => ({ de, en });

const record: FormRecord = {
  id: 7,
  slug: 'konzertreise',
  title: t('Konzertreise', 'Concert trip'),
  intro: t('Fahren Sie mit!', 'Join us!'),
  success_message: t('Danke.', 'Thanks.'),
  recipients: ['reise@example.org', 'info@example.org'],
  is_online: true,
  fields: [
    { slug: 'name', field_type: fieldTypes.text, label: t('Name', 'Name'), placeholder: t('Vor- und Nachname', 'Full name'), help: t('', ''), required: true, visible: true, choices: [], default: '', max_length: 80, whole_number: false, accept: [] },
    {
      slug: 'platz',
      field_type: fieldTypes.radio,
      label: t('Platz', 'Seat'),
      placeholder: t('', ''),
      help: t('', ''),
      required: false,
      visible: true,
      choices: [
        { value: 'bus', label: t('Bus', 'Coach') },
        { value: 'bahn', label: t('Bahn', 'Train') },
      ],
      default: 'bus',
      whole_number: false,
      accept: [],
    },
    { slug: 'personen', field_type: fieldTypes.number, label: t('Personen', 'People'), placeholder: t('', ''), help: t('', ''), required: true, visible: true, choices: [], default: '', min: 1, max: 4, whole_number: true, accept: [] },
    { slug: 'nachweis', field_type: fieldTypes.file, label: t('Nachweis', 'Proof'), placeholder: t('', ''), help: t('', ''), required: false, visible: true, choices: [], default: '', whole_number: false, accept: ['pdf', 'png'], max_size: 2 * 1024 * 1024 },
  ],
};

describe('the form builder values', () => {
  it('sends back what it read, field by field and in order', () => {
    const body = bodyOf(formValuesOf(record));
    const { id, ...input } = record;
    expect(id).toBe(7);
    expect(body).toEqual({
      ...input,
      fields: [
        { ...input.fields[0], whole_number: undefined, accept: undefined },
        { ...input.fields[1], whole_number: undefined, accept: undefined },
        { ...input.fields[2], placeholder: t('', ''), help: t('', ''), accept: undefined },
        { ...input.fields[3], placeholder: t('', ''), help: t('', ''), whole_number: undefined },
      ].map((field) => JSON.parse(JSON.stringify(field))),
    });
  });

  it('gives each field and choice a key of its own that is never sent', () => {
    const values = formValuesOf(record);
    const keys = [...values.fields.map((field) => field.key), ...values.fields.flatMap((field) => field.choices.map((choice) => choice.key))];
    expect(new Set(keys).size).toBe(keys.length);
    expect(JSON.stringify(bodyOf(values))).not.toMatch(/"key"/);
  });

  it('leaves out what a changed type does not have: choices, limits, a default of a date', () => {
    const values = formValuesOf(record);
    values.fields[1].field_type = String(fieldTypes.date);
    values.fields[2].field_type = String(fieldTypes.text);
    values.fields[3].field_type = String(fieldTypes.textarea);
    const [, date, text, textarea] = bodyOf(values).fields;
    expect(date).toMatchObject({ field_type: fieldTypes.date, choices: [], default: '' });
    expect(text).not.toHaveProperty('min');
    expect(text).not.toHaveProperty('whole_number');
    expect(textarea).not.toHaveProperty('accept');
    expect(textarea).not.toHaveProperty('max_size');
  });

  it('sends a date field’s earliest and latest day as days from sending, without whole numbers (ADR 069)', () => {
    const values = formValuesOf(record);
    values.fields[1] = { ...values.fields[1], field_type: String(fieldTypes.date), min: '', max: '0', whole_number: true };
    const [, date] = bodyOf(values).fields;
    expect(date).toMatchObject({ field_type: fieldTypes.date, max: 0 });
    expect(date).not.toHaveProperty('min');
    expect(date).not.toHaveProperty('whole_number');
    expect(formFieldOf(values)('body.fields.1.max')).toBe('fields.1.max');
    expect(formFieldOf(values)('body.fields.1.whole_number')).toBeUndefined();
  });

  it('splits the recipients by line (commas and semicolons too) and trims the slugs', () => {
    const values: FormValues = { ...emptyForm(), slug: ' reise ', recipients: 'a@example.org\n\n b@example.org ; c@example.org,' };
    values.fields[0] = { ...values.fields[0], slug: ' name ', label: t('Name', 'Name') };
    const body = bodyOf(values);
    expect(body.recipients).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    expect(body.slug).toBe('reise');
    expect(body.fields[0].slug).toBe('name');
  });

  it('turns a size in MB into bytes and decimal commas into numbers', () => {
    const values = formValuesOf(record);
    values.fields[3].max_size = '1,5';
    values.fields[2].min = '0,5';
    const body = bodyOf(values);
    expect(body.fields[3].max_size).toBe(1.5 * 1024 * 1024);
    expect(body.fields[2].min).toBe(0.5);
  });

  it('refuses limits that are not numbers, only for the inputs the type shows', () => {
    const values = formValuesOf(record);
    values.fields[2].max = 'vier';
    values.fields[0].min = 'egal';
    const errors = validateForm(values) as { fields: unknown[] };
    expect(errors.fields[2]).toEqual({ max: 'Bitte geben Sie eine Zahl ein.' });
    expect(errors.fields[0]).toBeUndefined();
    expect(validateForm(formValuesOf(record))).toEqual({});
  });

  it.each([
    ['body.fields.2.label.de', 'fields.2.label.de'],
    ['fields.1.choices', 'fields.1.choices'],
    ['body.fields.1.choices.0.value', 'fields.1.choices.0.value'],
    ['body.fields.1.choices.1.label.en', 'fields.1.choices.1.label.en'],
    ['fields.3.default', undefined],
    ['fields.2.default', 'fields.2.default'],
    ['body.recipients.1', 'recipients'],
    ['body.fields.3.accept.0', 'fields.3.accept'],
    ['fields.0.max_length', 'fields.0.max_length'],
    ['fields.0.min', undefined],
    ['fields.0.placeholder.de', 'fields.0.placeholder.de'],
    ['fields.1.placeholder.de', undefined],
    ['body.fields.1.choices.2.value', undefined],
    ['body.fields.9.slug', undefined],
    ['slug', 'slug'],
    ['body.title.en', 'title.en'],
    ['body.fields', undefined],
    ['body.colour', undefined],
  ])('puts the server message for %s beside %s', (serverField, input) => {
    expect(formFieldOf(formValuesOf(record))(serverField)).toBe(input);
  });

  it('shows a message for a field the form has beside it, and one for no input above the form', () => {
    const values = formValuesOf(record);
    const errors = submissionErrors(
      { ok: false, status: 400, data: { message: 'fields.1.choices must list at least one choice for this field type', code: 'choices_missing', field: 'fields.1.choices' } },
      formFieldOf(values),
    ) as { fields: { choices?: string }[] };
    expect(errors.fields[1].choices).toBe('Bitte mindestens eine Auswahlmöglichkeit angeben.');
    const tooMany = { message: 'body.fields must NOT have more than 100 items', code: 'too_many_items', params: { limit: 100 }, field: 'body.fields' };
    expect(submissionErrors({ ok: false, status: 400, data: tooMany }, formFieldOf(values))).toEqual({ [FORM_ERROR]: 'Höchstens 100 Einträge.' });
  });

  it('moves and removes list items without touching the others', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(without(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

import { FORM_ERROR } from 'final-form';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { registerTranslations } from '../../lib/i18n/instances';
import { TranslationProvider } from '../../lib/i18n/use-translation';
import deForms from '../../../locales/de/forms.json';
import type { PublicForm, PublicFormField } from '../../../contract/schemas/forms';
import { fieldTypes } from '../../../contract/form-field-types';
import { berlinDate } from '../../../contract/berlin-time';
import { ConfigurableForm, shownFields } from './configurable-form';
import { entryBody, initialValues, submissionErrors, validateValues } from './form-values';

const noLimits = { max_length: null, min: null, max: null, whole_number: false, accept: [], max_size: null };
const field = (slug: string, field_type: PublicFormField['field_type'], rest: Partial<PublicFormField> = {}): PublicFormField => ({
  slug,
  label: slug.toUpperCase(),
  field_type,
  required: false,
  visible: true,
  choices: [],
  default: '',
  placeholder_text: '',
  help_text: '',
  constraints: noLimits,
  ...rest,
});
const series = [
  { value: 'gross', label: 'Großes Abonnement' },
  { value: 'matinee', label: 'Sonntagsmatinee' },
];

/** The shape the forms call answers, with one field of most types and email2 last. */
const form: PublicForm = {
  id: 7,
  slug: 'probe',
  title: 'Probe',
  intro: '',
  success_message: '',
  fields: [
    field('name', fieldTypes.text, { required: true, help_text: 'Vor- und Nachname' }),
    field('email', fieldTypes.email, { required: true }),
    field('series', fieldTypes.multipleSelect, { choices: series, default: 'matinee' }),
    field('extras', fieldTypes.multipleChoice, { choices: series, default: null }),
    field('category', fieldTypes.select, { choices: series, default: null, required: true }),
    field('delivery', fieldTypes.radio, { choices: series, default: 'gross' }),
    field('seats', fieldTypes.number, { default: 2, constraints: { ...noLimits, min: 1, max: 10, whole_number: true } }),
    field('start', fieldTypes.date, { default: null }),
    field('privacy', fieldTypes.checkbox, { required: true, default: false }),
    field('source', fieldTypes.hidden, { default: 'website' }),
    field('internal', fieldTypes.text, { visible: false, default: 'x' }),
    field('proof', fieldTypes.file, { default: null, constraints: { ...noLimits, accept: ['pdf'], max_size: 1024 * 1024 } }),
    field('email2', 'emailconfirm'),
  ],
};

registerTranslations('de', { forms: deForms });
const render = () =>
  renderToStaticMarkup(
    <TranslationProvider locale="de">
      <ConfigurableForm form={form} locale="de" />
    </TranslationProvider>,
  );

describe('form values', () => {
  it('start as docs/product.md, Forms, says: a date empty, the list types as a list holding the default, others with the default', () => {
    expect(initialValues(form)).toEqual({
      name: '',
      email: '',
      series: ['matinee'],
      extras: [],
      category: null,
      delivery: 'gross',
      seats: 2,
      start: null,
      privacy: false,
      source: 'website',
      internal: 'x',
      proof: null,
      email2: '',
    });
  });

  it('are checked in the browser with the server rules, in the page language', () => {
    const errors = validateValues(form, { ...initialValues(form), email: 'anna@', seats: '12', email2: 'x@example.org', website: '' }, 'de');
    expect(errors).toEqual({
      name: 'Bitte füllen Sie dieses Feld aus.',
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.de.',
      category: 'Bitte wählen Sie eine Option.',
      seats: 'Bitte geben Sie höchstens 10 ein.',
      privacy: 'Bitte bestätigen Sie dies.',
      email2: 'Die beiden E-Mail-Adressen stimmen nicht überein.',
    });
  });

  it('refuse a birth date after today beside the field, in the page language, and the date input ends today (ADR 069)', () => {
    const birth: PublicForm = { ...form, fields: [field('born', fieldTypes.date, { default: null, constraints: { ...noLimits, max: 0 } })] };
    expect(validateValues(birth, { born: '2999-12-31', website: '' }, 'de')).toEqual({ born: 'Das Datum darf nicht in der Zukunft liegen.' });
    expect(validateValues(birth, { born: '2999-12-31', website: '' }, 'en')).toEqual({ born: 'The date must not lie in the future.' });
    expect(validateValues(birth, { born: '1990-01-01', website: '' }, 'de')).toEqual({});
    const html = renderToStaticMarkup(
      <TranslationProvider locale="de">
        <ConfigurableForm form={birth} locale="de" />
      </TranslationProvider>,
    );
    expect(/<input\b[^>]*\bname="born"[^>]*>/.exec(html)?.[0]).toContain(`max="${berlinDate(new Date())}"`);
  });

  it('are sent as checked, with the confirmation only when given and the honeypot beside them', () => {
    const values = { ...initialValues(form), name: ' Anna ', email: 'anna@example.org', category: 'gross', seats: '3', privacy: true, website: '' };
    expect(entryBody(form, values, 'de', 'token.sig')).toEqual({
      form: 7,
      field_values: { ...initialValues(form), email2: undefined, name: 'Anna', email: 'anna@example.org', category: 'gross', seats: 3, privacy: true },
      website: '',
      form_token: 'token.sig',
    });
    expect(entryBody(form, { ...values, email2: ' anna@example.org ' }, 'de', undefined).field_values.email2).toBe('anna@example.org');
  });

  it('take the server errors beside their fields, with a sum-up above the button', () => {
    const refused = { ok: false as const, status: 400, data: { message: 'Bitte prüfen …', field: 'email', errors: { email: 'Ungültig', nope: 'x' } } };
    expect(submissionErrors(form, refused)).toEqual({ email: 'Ungültig', [FORM_ERROR]: { key: 'summary' } });
    const unknownOnly = { ok: false as const, status: 400, data: { message: 'body.status is not a known field', field: 'body.status' } };
    expect(submissionErrors(form, unknownOnly)).toEqual({ [FORM_ERROR]: { text: 'body.status is not a known field' } });
    expect(submissionErrors(form, { ok: false, status: 429, data: { message: 'Too many' } })).toEqual({ [FORM_ERROR]: { key: 'tooMany' } });
    expect(submissionErrors(form, { ok: false, status: 0, data: { message: 'offline' } })).toEqual({ [FORM_ERROR]: { key: 'unavailable' } });
    expect(submissionErrors(form, { ok: true, status: 201, data: { id: 1, message: 'Danke' } })).toBeUndefined();
  });
});

describe('ConfigurableForm', () => {
  it('shows the visible fields with the email confirmation right after the email', () => {
    expect(shownFields(form.fields).map((entry) => entry.slug)).toEqual([
      'name',
      'email',
      'email2',
      'series',
      'extras',
      'category',
      'delivery',
      'seats',
      'start',
      'privacy',
      'proof',
    ]);
  });

  it('renders labelled controls with their starting values, required marks and help tied to the input', () => {
    const html = render();
    /** The opening tag of the first control named `name` (of `element`), to check its attributes in any order. */
    const tag = (name: string, element = 'input') => new RegExp(`<${element}\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? '';
    const id = /<label class="form-field__label" for="([^"]+)-name">/.exec(html)?.[1];
    expect(id).toBeDefined();
    for (const attribute of ['type="text"', 'value=""', 'aria-invalid="false"', `aria-describedby="${id}-name-help"`, `id="${id}-name"`, 'required=""']) {
      expect(tag('name')).toContain(attribute);
    }
    expect(html).toContain('<span class="visually-hidden"> (Pflichtfeld)</span>');
    expect(html).toContain(`<p class="form-field__help" id="${id}-name-help">Vor- und Nachname</p>`);
    expect(tag('series', 'select')).toContain('multiple=""');
    expect(html).toMatch(/<option value="gross">Großes Abonnement<\/option><option value="matinee" selected="">/);
    expect(html).toMatch(/<select name="category"[^>]*><option value="" selected="">Bitte wählen<\/option>/);
    expect(html).toMatch(/<input name="delivery" type="radio"[^>]*checked=""[^>]*value="gross"/);
    expect(html).not.toMatch(/<input name="delivery" type="radio"[^>]*checked=""[^>]*value="matinee"/);
    for (const attribute of ['type="number"', 'value="2"', 'min="1"', 'max="10"', 'step="1"']) expect(tag('seats')).toContain(attribute);
    expect(tag('start')).toContain('type="date"');
    expect(tag('start')).toContain('value=""');
    // The file goes to the upload call, never in the form's own send: its input has no name (ADR 072).
    const picker = /<input\b[^>]*type="file"[^>]*>/.exec(html)?.[0] ?? '';
    expect(picker).toContain('accept=".pdf,application/pdf"');
    expect(picker).not.toContain('name=');
    expect(html).toMatch(/<noscript><p class="form-field__help">Eine Datei anhängen geht nur mit JavaScript\./);
    expect(html).toContain('Erlaubt: PDF; höchstens 1 MB.');
    // email2 follows the email field.
    expect(html.indexOf('name="email2"')).toBeGreaterThan(html.indexOf('name="email"'));
    expect(html.indexOf('name="email2"')).toBeLessThan(html.indexOf('name="series"'));
    expect(html).not.toContain('name="source"');
    expect(html).not.toContain('name="internal"');
    expect(html).toContain('name="website"');
    expect(html).toContain('<button type="submit" class="button">Absenden</button>');
  });

  it('posts to the form\'s address with an empty form token, so it sends without script', () => {
    const html = render();
    const opening = /<form\b[^>]*>/.exec(html)?.[0] ?? '';
    expect(opening).toContain('method="post"');
    expect(opening).toContain('action="/de/api/forms/probe/"');
    expect(html).toMatch(/<input type="hidden" name="form_token" value=""\/>/);
    // A single checkbox sends `on` when ticked, as the server reads it.
    expect(html).toMatch(/<input name="privacy" type="checkbox"[^>]*value="on"/);
    // Check boxes of a group share the field's name, one value each.
    expect(html.match(/<input name="extras" type="checkbox"[^>]*>/g)?.map((tag) => /value="([^"]*)"/.exec(tag)?.[1])).toEqual(['gross', 'matinee']);
  });
});


import { fieldTypes, type FieldTypeId } from './form-field-types';
import { checkEntryValues, checkFieldValue, checkUploadFor, dateBounds, initialValue, type FieldRules } from './form-rules';

const noLimits = { max_length: null, min: null, max: null, whole_number: false, accept: [], max_size: null };
const rules = (field_type: FieldTypeId, rest: Partial<FieldRules> = {}): FieldRules => ({
  slug: 'f',
  field_type,
  required: false,
  choices: [],
  default: null,
  ...rest,
  constraints: { ...noLimits, ...rest.constraints },
});
const colours = [{ value: 'rot' }, { value: 'blau' }];

describe('initialValue (docs/product.md, Forms)', () => {
  it('starts a date empty, whatever its default', () => {
    expect(initialValue({ field_type: fieldTypes.date, default: '2026-01-01' })).toBeNull();
  });
  it('starts multiple choice and multiple select as a list holding the default if any', () => {
    for (const type of [fieldTypes.multipleChoice, fieldTypes.multipleSelect]) {
      expect(initialValue({ field_type: type, default: 'rot' })).toEqual(['rot']);
      expect(initialValue({ field_type: type, default: null })).toEqual([]);
    }
  });
  it('starts every other type with its default', () => {
    expect(initialValue({ field_type: fieldTypes.text, default: 'Hallo' })).toBe('Hallo');
    expect(initialValue({ field_type: fieldTypes.number, default: 2 })).toBe(2);
    expect(initialValue({ field_type: fieldTypes.checkbox, default: true })).toBe(true);
    expect(initialValue({ field_type: fieldTypes.select, default: null })).toBeNull();
  });
});

describe('checkFieldValue', () => {
  const check = (field: FieldRules, value: unknown, locale: 'de' | 'en' = 'en') => checkFieldValue(field, value, locale);

  it('trims text, refuses non-text and text over the length in the visitor language', () => {
    expect(check(rules(fieldTypes.text), '  Anna  ')).toEqual({ value: 'Anna' });
    expect(check(rules(fieldTypes.text), 5).error).toBe('Please enter text.');
    expect(check(rules(fieldTypes.text, { constraints: { ...noLimits, max_length: 3 } }), 'abcd', 'de').error).toBe(
      'Bitte geben Sie höchstens 3 Zeichen ein.',
    );
    expect(check(rules(fieldTypes.textarea), 'x'.repeat(5001)).error).toMatch(/at most 5000/);
    expect(check(rules(fieldTypes.text, { required: true }), '   ', 'de').error).toBe('Bitte füllen Sie dieses Feld aus.');
  });

  it('checks email, web address and phone formats', () => {
    expect(check(rules(fieldTypes.email), 'anna@example.org').error).toBeUndefined();
    for (const bad of ['anna', 'anna@', 'anna@example', 'an na@example.org', '@example.org']) {
      expect(check(rules(fieldTypes.email), bad).error).toMatch(/valid email/);
    }
    expect(check(rules(fieldTypes.url), 'https://www.example.org/x').error).toBeUndefined();
    expect(check(rules(fieldTypes.url), 'javascript:alert(1)').error).toMatch(/http/);
    expect(check(rules(fieldTypes.url), 'www.example.org').error).toMatch(/http/);
    expect(check(rules(fieldTypes.phone), '+49 (761) 123-45').error).toBeUndefined();
    expect(check(rules(fieldTypes.phone), 'call me').error).toMatch(/phone/);
    expect(check(rules(fieldTypes.phone), '12').error).toMatch(/phone/);
  });

  it('takes numbers and numeric text, within bounds, whole when asked', () => {
    const seats = rules(fieldTypes.number, { required: true, constraints: { ...noLimits, min: 1, max: 10, whole_number: true } });
    expect(check(seats, 2)).toEqual({ value: 2 });
    expect(check(seats, ' 3 ')).toEqual({ value: 3 });
    expect(check(seats, 'drei').error).toBe('Please enter a number.');
    expect(check(seats, 1.5).error).toBe('Please enter a whole number.');
    expect(check(seats, 0).error).toBe('Please enter at least 1.');
    expect(check(seats, 11, 'de').error).toBe('Bitte geben Sie höchstens 10 ein.');
    expect(check(seats, null).error).toBe('Please fill in this field.');
    expect(check(rules(fieldTypes.number), '2,5')).toEqual({ value: 2.5 });
    expect(check(rules(fieldTypes.number), '')).toEqual({ value: null });
    expect(check(rules(fieldTypes.number), true).error).toBe('Please enter a number.');
  });

  it('keeps choices among the options', () => {
    expect(check(rules(fieldTypes.select, { choices: colours }), 'rot')).toEqual({ value: 'rot' });
    expect(check(rules(fieldTypes.radio, { choices: colours }), 'grün').error).toMatch(/one of the options/);
    expect(check(rules(fieldTypes.select, { choices: colours, required: true }), '').error).toBe('Please choose an option.');
    expect(check(rules(fieldTypes.multipleChoice, { choices: colours }), ['rot', 'rot', 'blau'])).toEqual({ value: ['rot', 'blau'] });
    expect(check(rules(fieldTypes.multipleSelect, { choices: colours }), ['gelb']).error).toMatch(/only among/);
    expect(check(rules(fieldTypes.multipleSelect, { choices: colours }), 'rot').error).toMatch(/only among/);
    expect(check(rules(fieldTypes.multipleChoice, { choices: colours, required: true }), []).error).toBe('Please choose an option.');
  });

  it('takes a checkbox as true or false only; a required one must be ticked', () => {
    expect(check(rules(fieldTypes.checkbox), undefined)).toEqual({ value: false });
    expect(check(rules(fieldTypes.checkbox), 'yes').error).toBe('The value must be yes or no.');
    expect(check(rules(fieldTypes.checkbox, { required: true }), false).error).toBe('Please tick this box to confirm.');
  });

  it('takes real calendar dates written YYYY-MM-DD', () => {
    expect(check(rules(fieldTypes.date), '2026-02-28')).toEqual({ value: '2026-02-28' });
    for (const bad of ['2026-02-30', '28.02.2026', '2026-2-28', 20260228]) expect(check(rules(fieldTypes.date), bad).error).toMatch(/valid date/);
  });

  it('keeps a date within its bounds, counted in days from the day of sending (ADR 069)', () => {
    const birth = rules(fieldTypes.date, { constraints: { ...noLimits, max: 0 } });
    expect(checkFieldValue(birth, '2026-11-29', 'de', '2026-11-29')).toEqual({ value: '2026-11-29' });
    expect(checkFieldValue(birth, '1990-05-01', 'de', '2026-11-29')).toEqual({ value: '1990-05-01' });
    expect(checkFieldValue(birth, '2026-11-30', 'de', '2026-11-29')).toEqual({ value: '2026-11-30', error: 'Das Datum darf nicht in der Zukunft liegen.' });
    expect(checkFieldValue(birth, '2030-01-01', 'en', '2026-11-29').error).toBe('The date must not lie in the future.');
    const start = rules(fieldTypes.date, { constraints: { ...noLimits, min: 0 } });
    expect(checkFieldValue(start, '2026-11-28', 'de', '2026-11-29').error).toBe('Das Datum darf nicht in der Vergangenheit liegen.');
    const window = rules(fieldTypes.date, { constraints: { ...noLimits, min: 1, max: 14 } });
    expect(checkFieldValue(window, '2026-11-29', 'de', '2026-11-29').error).toBe('Bitte geben Sie ein Datum ab dem 30. November 2026 an.');
    expect(checkFieldValue(window, '2026-12-14', 'en', '2026-11-29').error).toBe('Please enter a date on or before 13 December 2026.');
    expect(checkFieldValue(window, '2026-12-13', 'en', '2026-11-29')).toEqual({ value: '2026-12-13' });
    // Without a day given, today is the Berlin date now: a birth date in 2030 is refused on any day before it.
    expect(check(birth, '2999-01-01').error).toBe('The date must not lie in the future.');
    expect(checkEntryValues([{ ...birth, slug: 'birth_date' }], { birth_date: '2999-01-01' }, 'de').errors).toEqual({ birth_date: 'Das Datum darf nicht in der Zukunft liegen.' });
    expect(dateBounds({ min: -3, max: 0 }, '2026-03-01')).toEqual({ min: '2026-02-26', max: '2026-03-01' });
    expect(dateBounds({ min: null, max: null }, '2026-03-01')).toEqual({});
  });

  it('takes a file as the id the upload call gave', () => {
    expect(check(rules(fieldTypes.file), '0b7c6a2e-3f4d-4c1b-9a8e-1d2c3b4a5f60').error).toBeUndefined();
    expect(check(rules(fieldTypes.file), '../../etc/passwd').error).toMatch(/upload the file/);
    expect(check(rules(fieldTypes.file, { required: true }), null).error).toBe('Please upload a file.');
  });
});

describe('checkEntryValues', () => {
  const fields = [rules(fieldTypes.text, { slug: 'name', required: true }), rules(fieldTypes.email, { slug: 'email', required: true })];

  it('names every bad field, a missing key counting as empty', () => {
    expect(checkEntryValues(fields, {}, 'en').errors).toEqual({ name: 'Please fill in this field.', email: 'Please fill in this field.' });
  });

  it('checks email2 against the email when given, ignoring case', () => {
    const ok = checkEntryValues(fields, { name: 'A', email: 'Anna@example.org', email2: 'anna@EXAMPLE.org' }, 'en');
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual({ name: 'A', email: 'Anna@example.org' });
    expect(checkEntryValues(fields, { name: 'A', email: 'anna@example.org', email2: 'ana@example.org' }, 'de').errors).toEqual({
      email2: 'Die beiden E-Mail-Adressen stimmen nicht überein.',
    });
    const noEmail = checkEntryValues([fields[0]], { name: 'A', email2: 'anna@example.org' }, 'en');
    expect(noEmail.errors.email2).toMatch(/no email address/);
  });

  it('refuses slugs the form does not have and lists them', () => {
    const entry = checkEntryValues(fields, { name: 'A', email: 'a@example.org', admin: true, 'x-y': 1 }, 'en');
    expect(entry.unknown).toEqual(['admin', 'x-y']);
    expect(entry.errors).toEqual({ admin: 'This form has no such field.', 'x-y': 'This form has no such field.' });
  });
});

describe('checkUploadFor', () => {
  const proof = rules(fieldTypes.file, { constraints: { ...noLimits, accept: ['pdf', 'png'], max_size: 1000 } });
  it('wants an accepted kind within the field size and the upload limit', () => {
    expect(checkUploadFor(proof, 'pdf', 1000, 10_000, 'en')).toBeUndefined();
    expect(checkUploadFor(proof, 'webp', 10, 10_000, 'en')).toBe('This type of file is not possible here. Allowed: PDF, PNG.');
    expect(checkUploadFor(proof, 'png', 1001, 10_000, 'en')).toMatch(/too large/);
    expect(checkUploadFor(rules(fieldTypes.file), 'webp', 20_000, 10_000, 'en')).toMatch(/too large/);
  });
});

describe('control characters (ADR 027)', () => {
  it('refuses them in a one-line text, in German and English', () => {
    expect(checkFieldValue(rules(fieldTypes.text), 'a\u0000b', 'de').error).toMatch(/Steuerzeichen/);
    expect(checkFieldValue(rules(fieldTypes.text), 'a\nb', 'en').error).toMatch(/control character/);
    expect(checkFieldValue(rules(fieldTypes.email), 'a\u007f@example.org', 'de').error).toMatch(/Steuerzeichen/);
  });
  it('lets a multi-line text keep line breaks and tabs, but not other controls', () => {
    expect(checkFieldValue(rules(fieldTypes.textarea), 'Zeile 1\r\nZeile 2\n\tEingerückt', 'de').error).toBeUndefined();
    expect(checkFieldValue(rules(fieldTypes.textarea), 'a\u001bb', 'en').error).toMatch(/control character/);
    expect(checkFieldValue(rules(fieldTypes.textarea), 'a\ud800b', 'en').error).toMatch(/control character/);
  });
});

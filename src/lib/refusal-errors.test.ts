import { FORM_ERROR } from 'final-form';
import type { PostResult } from './api-client';
import { fieldError, placedAnyField, refusalErrors } from './refusal-errors';

const refused = (data: Extract<PostResult<unknown>, { ok: false }>['data'], status = 400): PostResult<unknown> => ({ ok: false, status, data });
const bodyField = (known: string[]) => (field: string) => (known.includes(field.replace(/^body\./, '')) ? field.replace(/^body\./, '') : undefined);

describe('refusalErrors', () => {
  it('puts a named field of the form at its path, with the sentence the form chooses', () => {
    const errors = refusalErrors(refused({ message: 'body.name.de is required', field: 'body.name.de', code: 'required' }), bodyField(['name.de']), () => 'Bitte ausfüllen.');
    expect(errors).toEqual({ name: { de: 'Bitte ausfüllen.' } });
    expect(placedAnyField(errors)).toBe(true);
  });

  it('puts a field the form lacks, or no field, above the form', () => {
    expect(refusalErrors(refused({ message: 'nope', field: 'body.other' }), bodyField(['name']), (listed, name) => `${name ?? 'form'}: ${listed ?? 'nope'}`)).toEqual({ [FORM_ERROR]: 'form: nope' });
    const errors = refusalErrors(refused({ message: 'Too many requests' }, 429), bodyField(['name']), () => 'later');
    expect(errors).toEqual({ [FORM_ERROR]: 'later' });
    expect(placedAnyField(errors)).toBe(false);
  });

  it('places every listed message of a form entry, each with its own words, and ignores the single field then', () => {
    const errors = refusalErrors(
      refused({ message: '2 fields', field: 'body.field_values', errors: { email: 'Invalid address', phone: 'Too long', ghost: 'Unknown' } }),
      (slug) => (['email', 'phone'].includes(slug) ? slug : undefined),
      (listed) => listed ?? '2 fields',
    );
    expect(errors).toEqual({ email: 'Invalid address', phone: 'Too long', [FORM_ERROR]: 'Unknown' });
  });

  it('leaves a successful answer without messages', () => {
    expect(refusalErrors({ ok: true, status: 200, data: null }, () => 'x', () => 'y')).toEqual({});
  });
});

describe('fieldError', () => {
  it('answers the message of one field, named with or without body.', () => {
    expect(fieldError(refused({ message: 'bad', field: 'body.email' }), 'email')).toBe('bad');
    expect(fieldError(refused({ message: 'bad', errors: { email: 'own' } }), 'email')).toBe('own');
    expect(fieldError(refused({ message: 'bad', field: 'body.email' }), 'name')).toBeUndefined();
    expect(fieldError(undefined, 'email')).toBeUndefined();
  });
});

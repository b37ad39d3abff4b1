import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fieldTypes } from '../../../contract/form-field-types';
import { FormBuilder } from './form-builder';
import { emptyForm, formValuesOf } from './form-values';
import type { FormRecord } from './forms-api';

const t = (de: string, en: string) => ({ de, en });

const record: FormRecord = {
  id: 3,
  slug: 'reise',
  title: t('Reise', 'Trip'),
  intro: t('', ''),
  success_message: t('', ''),
  recipients: ['reise@example.org', 'info@example.org'],
  is_online: false,
  fields: [
    { slug: 'name', field_type: fieldTypes.text, label: t('Name', 'Name'), placeholder: t('', ''), help: t('', ''), required: true, visible: true, choices: [], default: '', whole_number: false, accept: [] },
    { slug: 'anreise', field_type: fieldTypes.radio, label: t('Anreise', 'Travel'), placeholder: t('', ''), help: t('', ''), required: false, visible: true, choices: [{ value: 'bus', label: t('Bus', 'Coach') }], default: 'bus', whole_number: false, accept: [] },
    { slug: 'nachweis', field_type: fieldTypes.file, label: t('Nachweis', 'Proof'), placeholder: t('', ''), help: t('', ''), required: false, visible: true, choices: [], default: '', whole_number: false, accept: ['pdf'] },
  ],
};

const draw = (values = formValuesOf(record)) =>
  renderToStaticMarkup(<FormBuilder initialValues={values} onSubmit={async () => undefined} submitLabel="Speichern" />);

/** The markup of the fieldset whose legend starts with `legend`, up to the next field's. */
function fieldset(html: string, legend: string) {
  const start = html.indexOf(`<legend>${legend}`);
  expect(start).toBeGreaterThan(-1);
  const next = html.indexOf('<legend>Feld ', start + 1);
  return html.slice(start, next === -1 ? undefined : next);
}

describe('the form builder as drawn', () => {
  const html = draw();

  it('draws each field as a fieldset named after it, with move and remove buttons naming it', () => {
    const name = fieldset(html, 'Feld 1: Name');
    expect(name).toContain('aria-label="Nach oben: Feld „Name“"');
    expect(name).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Nach oben: Feld „Name“"/);
    expect(name).toMatch(/<button(?![^>]*disabled)[^>]*aria-label="Nach unten: Feld „Name“"/);
    const last = fieldset(html, 'Feld 3: Nachweis');
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Nach unten: Feld „Nachweis“"/);
    expect(last).toContain('aria-label="Feld entfernen: Feld „Nachweis“"');
  });

  it('shows what each type has: choices for a radio group, a length for text, kinds and size for a file', () => {
    const text = fieldset(html, 'Feld 1: Name');
    expect(text).toContain('Höchstens Zeichen');
    expect(text).toContain('Platzhalter (Deutsch)');
    expect(text).not.toContain('Auswahlen');
    const radio = fieldset(html, 'Feld 2: Anreise');
    expect(radio).toContain('<legend>Auswahlen</legend>');
    expect(radio).toContain('<legend>Auswahl 1: Bus</legend>');
    expect(radio).toContain('aria-label="Auswahl entfernen: Auswahl „Bus“"');
    expect(radio).toMatch(/<option value="bus" selected="">Bus<\/option>/);
    expect(radio).not.toContain('Platzhalter');
    const file = fieldset(html, 'Feld 3: Nachweis');
    expect(file).toContain('<legend>Erlaubte Dateiarten</legend>');
    expect(file).toContain('Höchstgröße in MB');
    expect(file).not.toMatch(/>Vorgabewert</);
    expect(fieldset(html, 'Feld 1: Name')).toMatch(/>Vorgabewert</);
  });

  it('labels every input and offers all fourteen types', () => {
    const ids = [...html.matchAll(/<(?:input|select|textarea)[^>]*\sid="([^"]+)"/g)].map((match) => match[1]);
    const labelled = new Set([...html.matchAll(/<label[^>]*for="([^"]+)"/g)].map((match) => match[1]));
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.filter((id) => !labelled.has(id))).toEqual([]);
    const types = fieldset(html, 'Feld 1: Name').match(/<select[^>]*>(.*?)<\/select>/)?.[1] ?? '';
    expect(types.match(/<option /g)).toHaveLength(14);
  });

  it('keeps the only field of a new form from being removed, and calls it by its place', () => {
    const fresh = draw(emptyForm());
    expect(fresh).toContain('<legend>Feld 1</legend>');
    expect(fresh).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Feld entfernen: Feld 1"/);
    expect(fresh.match(/<h1/g)).toBeNull();
    expect(fresh).toContain('<h2');
  });
});

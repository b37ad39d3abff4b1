/**
 * What visitors sent through the configurable forms (ADR 011), in the hub: listed with a short summary, read with
 * every value beside its field's label and its files for download (../routes/form-entry-file-routes.ts), deleted
 * with those files (e.g. on the sender's request), and exported per form as CSV (the rows here, the file in
 * ../routes/csv-export-routes.ts). Entries are not content: nothing is logged.
 */
import { listFormFields } from '../../db/repositories/forms';
import { deleteEntryWithFiles } from '../../services/forms/entry-files';
import type { Db } from '../../db/database';
import type { PublicFormField } from '../../../../contract/schemas/forms';
import type { Locale } from '../../../../contract/locales';
import { publicField } from '../../services/forms/form-reader';
import { ContentNotFoundError } from '../../db/errors';
import { fieldTypes, isOneOf, listTypes, singleChoiceTypes } from '../../../../contract/form-field-types';
import type { FieldValue } from '../../../../contract/form-rules';
import { entryFiles, listFormEntries, readForm, readFormEntry } from '../../db/repositories/hub-records';
import type { ResourceDefinition } from '../resource';
import { spreadsheetTime } from '../spreadsheet';
import { FormEntryRecordSchema } from '../../../../contract/hub/records';
import { FormEntryRowSchema } from '../../../../contract/hub/rows';

type StoredValues = Record<string, FieldValue>;

const parseValues = (json: string): StoredValues => {
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as StoredValues) : {};
};

const SUMMARY_LENGTH = 100;
// File fields hold the upload's id, which says nothing to a reader.
const uploadId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The entry's texts in the order sent (name, address, the message…), each on one line; no upload ids. */
export function entryTexts(json: string): string[] {
  return Object.values(parseValues(json))
    .flatMap((value) => (Array.isArray(value) ? [value.join(', ')] : typeof value === 'string' || typeof value === 'number' ? [String(value)] : []))
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter((text) => text && !uploadId.test(text));
}

/** The entry's texts in the order sent (name, address, the start of the message…), cut to one line. */
export function entrySummaryText(json: string): string {
  const line = entryTexts(json).join(' · ');
  return line.length > SUMMARY_LENGTH ? `${line.slice(0, SUMMARY_LENGTH - 1)}…` : line;
}

interface StoredFile {
  id: string;
  original_name: string;
  size: number;
  mime: string;
  attached_entry_id: number | null;
}

const words = { de: { yes: 'ja', no: 'nein' }, en: { yes: 'yes', no: 'no' } } as const;

/** A value as a person reads it: choices by their labels, a checkbox as yes/no, a file by its name; '' for none. */
export function describeEntryValue(field: PublicFormField, value: FieldValue | undefined, files: ReadonlyMap<string, StoredFile>, locale: Locale): string {
  const labelOf = (choice: string) => field.choices.find((option) => option.value === choice)?.label ?? choice;
  if (field.field_type === fieldTypes.checkbox) return value === undefined || value === null ? '' : value ? words[locale].yes : words[locale].no;
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return (isOneOf(listTypes, field.field_type) ? value.map(labelOf) : value).join(', ');
  if (isOneOf(singleChoiceTypes, field.field_type)) return labelOf(String(value));
  if (field.field_type === fieldTypes.file) return files.get(String(value))?.original_name ?? '';
  return String(value);
}

/** A form's fields in one language (all of them, online or not), or 404 naming `field`. */
async function formWithFields(db: Db, formId: number, locale: Locale, field: string) {
  const form = await readForm(db, formId);
  if (!form) throw new ContentNotFoundError(`Form ${formId} not found`, field);
  return { form, fields: (await listFormFields(db, formId)).map((row) => publicField(row, locale)) };
}

const filesOf = async (db: Db, entryIds: number[]): Promise<Map<string, StoredFile>> =>
  new Map((await entryFiles(db, entryIds)).map((row) => [row.id, row]));

/**
 * One entry as staff read it: each of the form's fields with its label (in the hub's language), the value as
 * stored and as read; values of fields the form no longer has come last, under their slug.
 */
async function readEntry(db: Db, id: number, locale: Locale) {
  const entry = await readFormEntry(db, id);
  if (!entry) return undefined;
  const { form, fields } = await formWithFields(db, entry.form_id, locale, 'form_id');
  const values = parseValues(entry.field_values);
  const files = await filesOf(db, [id]);
  const known = new Set(fields.map((field) => field.slug));
  return {
    id: entry.id,
    form_id: entry.form_id,
    form: { slug: form.slug, title: locale === 'de' ? form.title_de : form.title_en },
    locale: entry.locale,
    created_at: entry.created_at,
    values: [
      ...fields.map((field) => ({ slug: field.slug, label: field.label, value: values[field.slug] ?? null, text: describeEntryValue(field, values[field.slug], files, locale) })),
      ...Object.entries(values)
        .filter(([slug]) => !known.has(slug))
        .map(([slug, value]) => ({ slug, label: slug, value, text: Array.isArray(value) ? value.join(', ') : String(value ?? '') })),
    ],
    files: [...files.values()].map((file) => ({ id: file.id, name: file.original_name, size: file.size, mime: file.mime })),
  };
}

const header = { de: ['Nr.', 'Eingegangen', 'Sprache'], en: ['No.', 'Received', 'Language'] } as const;

/**
 * A form's entries as table rows, oldest first: a header of the entry's number, time and language and then the
 * form's field labels (in the hub's language), one row per entry with its values as read. 404 for no such form.
 */
export async function formEntryRows(db: Db, formId: number, locale: Locale): Promise<{ slug: string; rows: string[][] }> {
  const { form, fields } = await formWithFields(db, formId, locale, 'query.form_id');
  const entries = await listFormEntries(db, formId);
  const files = await filesOf(db, entries.map((entry) => entry.id));
  const rows = entries.map((entry) => {
    const values = parseValues(entry.field_values);
    return [String(entry.id), spreadsheetTime(entry.created_at, locale), entry.locale, ...fields.map((field) => describeEntryValue(field, values[field.slug], files, locale))];
  });
  return { slug: form.slug, rows: [[...header[locale], ...fields.map((field) => field.label)], ...rows] };
}

export const formEntries: ResourceDefinition = {
  key: 'form-entries',
  row: FormEntryRowSchema,
  record: FormEntryRecordSchema,
  role: 'editor',
  label: 'Form entry',
  list: {
    table: 'form_entry',
    columns: { form_id: 'form_id', locale: 'locale', created_at: 'created_at', field_values: 'field_values' },
    // Searches the values as stored (JSON), so a sender's name or address finds their entries.
    search: ['field_values'],
    filters: { form_id: { column: 'form_id', type: 'integer' } },
    ordering: ['created_at', 'form_id'],
    defaultOrdering: '-created_at',
    present: ({ field_values: values, ...row }) => ({ ...row, summary: entrySummaryText(String(values)) }),
  },
  read: ({ db, locale }, id) => readEntry(db, id, locale),
};

/** The entries' resource as the hub registers it: a deleted entry takes its files along, rows and disk (ADR 060). */
export function formEntriesResource(dataDir: string): ResourceDefinition {
  return {
    ...formEntries,
    remove: async ({ db }, id) => {
      await deleteEntryWithFiles(db, dataDir, id);
    },
  };
}

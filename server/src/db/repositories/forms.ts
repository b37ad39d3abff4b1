/**
 * Configurable forms and their entries. A form is written once with its fields (the seed, later the admin); an
 * entry is written by a visitor's submission (services/forms/submit-entry.ts), in that write's transaction. Forms
 * are not synced to the site build (the page loads them live), so neither is in the change log (ADR 011).
 */
import { assertValid } from '../../schemas/assert-valid';
import { FormInputSchema, type FormFieldInput, type FormInput } from '../../schemas/forms';
import { choiceTypes, emailConfirmSlug, fieldTypes, textTypes, type FieldTypeId } from '../../shared/form-field-types';
import { checkFieldValue, type FieldRules } from '../../shared/form-rules';
import { ContentConflictError, ContentValidationError } from '../../services/errors';
import type { Db } from '../database';
import type { FormFieldRow, FormRow, NewFormFieldRow } from '../tables/form.table';
import { columnsOf } from './programme-support';
import { inTransaction, nowIso, toFlag } from './shared';

const noText = { de: '', en: '' };

/** The field's rules as the entry check sees them, to check its default with the same code. */
function rulesOf(field: FormFieldInput): FieldRules {
  return {
    slug: field.slug,
    field_type: field.field_type,
    required: false,
    choices: field.choices ?? [],
    default: null,
    constraints: {
      max_length: field.max_length ?? null,
      min: field.min ?? null,
      max: field.max ?? null,
      whole_number: field.whole_number ?? false,
      accept: field.accept ?? [],
      max_size: field.max_size ?? null,
    },
  };
}

/** Rules a schema cannot say: settings that fit the type, unique choices, a default the field itself accepts. */
function checkField(field: FormFieldInput, at: string) {
  const type = field.field_type as FieldTypeId;
  const fail = (name: string, message: string) => {
    throw new ContentValidationError(`${at}.${name}`, `${at}.${name} ${message}`);
  };
  if (field.slug === emailConfirmSlug) fail('slug', `must not be ${emailConfirmSlug}: every form has that field already`);
  const values = (field.choices ?? []).map((choice) => choice.value);
  if (choiceTypes.includes(type)) {
    if (!values.length) fail('choices', 'must list at least one choice for this field type');
    const repeated = values.find((value, i) => values.indexOf(value) !== i);
    if (repeated !== undefined) fail('choices', `repeats the value ${repeated}`);
  } else if (values.length) fail('choices', 'are only for choice fields (types 5, 6, 7 and 12)');
  if (field.max_length != null && !textTypes.includes(type)) fail('max_length', 'is only for text fields');
  if ((field.min != null || field.max != null || field.whole_number) && type !== fieldTypes.number) {
    fail(field.min != null ? 'min' : field.max != null ? 'max' : 'whole_number', 'is only for number fields');
  }
  if (field.min != null && field.max != null && field.min > field.max) fail('max', 'must not be less than min');
  if ((field.accept?.length || field.max_size != null) && type !== fieldTypes.file) {
    fail(field.accept?.length ? 'accept' : 'max_size', 'is only for file fields');
  }
  const fallback = field.default ?? '';
  if (fallback !== '') {
    if (type === fieldTypes.date || type === fieldTypes.file) fail('default', 'is not possible for dates and files');
    if (type === fieldTypes.checkbox && fallback !== '1' && fallback !== '0') fail('default', 'of a checkbox must be 1 or 0');
    if (type !== fieldTypes.checkbox) {
      const checked = checkFieldValue(rulesOf(field), type === fieldTypes.multipleChoice || type === fieldTypes.multipleSelect ? [fallback] : fallback, 'en');
      if (checked.error) fail('default', `is not a value this field accepts: ${checked.error}`);
    }
  }
  // Nobody could fill in a required field they cannot see.
  const shown = (field.visible ?? true) && type !== fieldTypes.hidden;
  if (field.required && !shown && fallback === '') fail('required', 'needs a default when the field is not shown');
}

function fieldRow(formId: number, field: FormFieldInput, position: number): NewFormFieldRow {
  return {
    form_id: formId,
    position,
    slug: field.slug,
    ...columnsOf('label', { de: field.label.de.trim(), en: field.label.en.trim() }),
    ...columnsOf('placeholder', field.placeholder ?? noText),
    ...columnsOf('help', field.help ?? noText),
    field_type: field.field_type,
    required: toFlag(field.required, false),
    visible: toFlag(field.visible, true),
    choices: JSON.stringify((field.choices ?? []).map((choice) => ({ value: choice.value, ...columnsOf('label', choice.label) }))),
    default_value: field.default ?? '',
    max_length: field.max_length ?? null,
    min_value: field.min ?? null,
    max_value: field.max ?? null,
    whole_number: toFlag(field.whole_number, false),
    accept: JSON.stringify(field.accept ?? []),
    max_size: field.max_size ?? null,
  };
}

/** Creates a form with its fields in the given order; resolves with its id. A taken slug is a 409. */
export async function createForm(db: Db, input: FormInput): Promise<number> {
  assertValid(FormInputSchema, input);
  const slugs = new Set<string>();
  input.fields.forEach((field, i) => {
    if (slugs.has(field.slug)) throw new ContentValidationError(`fields.${i}.slug`, `fields.${i}.slug repeats ${field.slug}`);
    slugs.add(field.slug);
    checkField(field, `fields.${i}`);
  });
  return inTransaction(db, async (trx) => {
    if (await trx.selectFrom('form').select('id').where('slug', '=', input.slug).executeTakeFirst()) {
      throw new ContentConflictError('slug', `A form with the slug ${input.slug} exists already`);
    }
    const now = nowIso();
    const { id } = await trx
      .insertInto('form')
      .values({
        slug: input.slug,
        ...columnsOf('title', { de: input.title.de.trim(), en: input.title.en.trim() }),
        ...columnsOf('intro', input.intro ?? noText),
        ...columnsOf('success_message', input.success_message ?? noText),
        recipients: JSON.stringify(input.recipients.map((address) => address.toLowerCase())),
        is_online: toFlag(input.is_online, true),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('form_field').values(input.fields.map((field, i) => fieldRow(id, field, i))).execute();
    return id;
  });
}

/** The form with this slug or id, if it is online. */
export function findOnlineForm(db: Db, key: { slug: string } | { id: number }): Promise<FormRow | undefined> {
  const query = db.selectFrom('form').selectAll().where('is_online', '=', 1);
  return ('slug' in key ? query.where('slug', '=', key.slug) : query.where('id', '=', key.id)).executeTakeFirst();
}

/** The online forms, oldest first. */
export function listOnlineForms(db: Db): Promise<FormRow[]> {
  return db.selectFrom('form').selectAll().where('is_online', '=', 1).orderBy('id').execute();
}

/** A form's fields in order. */
export function listFormFields(db: Db, formId: number): Promise<FormFieldRow[]> {
  return db.selectFrom('form_field').selectAll().where('form_id', '=', formId).orderBy('position').execute();
}

export interface NewFormEntry {
  formId: number;
  locale: 'de' | 'en';
  values: Record<string, unknown>;
  ip: string;
  createdAt: string;
}

/** Stores a checked entry (the caller's transaction); resolves with its id. */
export async function insertFormEntry(trx: Db, entry: NewFormEntry): Promise<number> {
  const { id } = await trx
    .insertInto('form_entry')
    .values({
      form_id: entry.formId,
      locale: entry.locale,
      field_values: JSON.stringify(entry.values),
      ip: entry.ip,
      created_at: entry.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Deletes an entry (staff, e.g. on the sender's request); resolves with whether there was one. Its uploaded files'
 * rows lose their entry (the foreign key sets null), so the temp-file sweep deletes rows and files
 * (services/forms/temp-file-store.ts). Not logged: entries never reach the site.
 */
export async function deleteFormEntry(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('form_entry').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Configurable forms and their entries. A form is written with its fields by the seed and by the hub's form builder
 * (create, update, delete); an entry is written by a visitor's submission (services/forms/submit-entry.ts), in that
 * write's transaction. Forms are not synced to the site build (the page loads them live), so neither is in the
 * change log (ADR 011): a changed form shows on its page at the next load, with no rebuild to trigger.
 */
import { assertValid } from '../rules/assert-valid';
import { FormInputSchema, type FormFieldInput, type FormInput } from '../../../../contract/schemas/forms';
import { choiceTypes, emailConfirmSlug, fieldTypes, textTypes, type FieldTypeId } from '../../../../contract/form-field-types';
import { checkFieldValue, type FieldRules } from '../../../../contract/form-rules';
import { ContentConflictError, ContentInUseError, ContentNotFoundError, ContentValidationError } from '../errors';
import type { Db } from '../database';
import type { FormFieldRow, FormRow, NewFormFieldRow } from '../tables/form.table';
import { logChanges } from './change-log';
import { columnsOf, pairOf } from './programme-support';
import { inTransaction, nowIso, toFlag } from './shared';
import type { RefusalCode } from '../../../../contract/refusal-codes';
import { locales, type Locale } from '../../../../contract/locales';
import { emailDescription, isEmailAddress } from '../../../../contract/email-rule';

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

/** How far from the day of sending a date field's bound may lie, in days (a century). */
const maxDateBoundDays = 36_500;

/** Rules a schema cannot say: settings that fit the type, unique choices, a default the field itself accepts. */
function checkField(field: FormFieldInput, at: string) {
  const type = field.field_type as FieldTypeId;
  const fail = (name: string, message: string, code: RefusalCode = 'invalid') => {
    throw new ContentValidationError(`${at}.${name}`, `${at}.${name} ${message}`).because(code);
  };
  if (field.slug === emailConfirmSlug) fail('slug', `must not be ${emailConfirmSlug}: every form has that field already`, 'slug_taken');
  const values = (field.choices ?? []).map((choice) => choice.value);
  if (choiceTypes.includes(type)) {
    if (!values.length) fail('choices', 'must list at least one choice for this field type', 'choices_missing');
    const repeated = values.find((value, i) => values.indexOf(value) !== i);
    if (repeated !== undefined) fail('choices', `repeats the value ${repeated}`, 'duplicate_entry');
  } else if (values.length) fail('choices', 'are only for choice fields (types 5, 6, 7 and 12)', 'not_for_field_type');
  if (field.max_length != null && !textTypes.includes(type)) fail('max_length', 'is only for text fields', 'not_for_field_type');
  if (field.whole_number && type !== fieldTypes.number) fail('whole_number', 'is only for number fields', 'not_for_field_type');
  if ((field.min != null || field.max != null) && type !== fieldTypes.number && type !== fieldTypes.date) {
    fail(field.min != null ? 'min' : 'max', 'is only for number and date fields', 'not_for_field_type');
  }
  // A date field's bounds are whole days from the day of sending (ADR 069), within a century.
  if (type === fieldTypes.date) {
    for (const name of ['min', 'max'] as const) {
      const days = field[name];
      if (days != null && !Number.isInteger(days)) fail(name, 'of a date field is a whole number of days', 'not_a_whole_number');
      if (days != null && Math.abs(days) > maxDateBoundDays) fail(name, `of a date field is at most ${maxDateBoundDays} days from today`, 'invalid');
    }
  }
  if (field.min != null && field.max != null && field.min > field.max) fail('max', 'must not be less than min', 'max_below_min');
  if ((field.accept?.length || field.max_size != null) && type !== fieldTypes.file) {
    fail(field.accept?.length ? 'accept' : 'max_size', 'is only for file fields', 'not_for_field_type');
  }
  const fallback = field.default ?? '';
  if (fallback !== '') {
    if (type === fieldTypes.date || type === fieldTypes.file) fail('default', 'is not possible for dates and files', 'not_for_field_type');
    if (type === fieldTypes.checkbox && fallback !== '1' && fallback !== '0') fail('default', 'of a checkbox must be 1 or 0', 'default_not_allowed');
    if (type !== fieldTypes.checkbox) {
      const checked = checkFieldValue(rulesOf(field), type === fieldTypes.multipleChoice || type === fieldTypes.multipleSelect ? [fallback] : fallback, 'en');
      if (checked.error) fail('default', `is not a value this field accepts: ${checked.error}`, 'default_not_allowed');
    }
  }
  // Nobody could fill in a required field they cannot see.
  const shown = (field.visible ?? true) && type !== fieldTypes.hidden;
  if (field.required && !shown && fallback === '') fail('required', 'needs a default when the field is not shown', 'default_required');
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

/**
 * What the schema lets through but the tables cannot keep: a NUL character anywhere (PostgreSQL refuses it in
 * text), and a title, label or choice that is only spaces (stored trimmed, it would break the columns' non-empty
 * checks or show visitors a blank option).
 */
function checkTexts(input: FormInput) {
  const fail = (at: string, message: string) => {
    throw new ContentValidationError(at, `${at} ${message}`);
  };
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string' && value.includes('\u0000')) fail(at, 'must not contain a NUL character');
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}.${i}`));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, at ? `${at}.${key}` : key);
  };
  walk(input, '');
  const filled = (pair: { de: string; en: string }, at: string) => {
    for (const locale of locales) if (!pair[locale].trim()) fail(`${at}.${locale}`, 'must not be only spaces');
  };
  filled(input.title, 'title');
  input.fields.forEach((field, i) => {
    filled(field.label, `fields.${i}.label`);
    (field.choices ?? []).forEach((choice, j) => {
      if (!choice.value.trim()) fail(`fields.${i}.choices.${j}.value`, 'must not be only spaces');
      filled(choice.label, `fields.${i}.choices.${j}.label`);
    });
  });
}

/** The whole input checked before anything is written: the schema, its texts, unique field slugs, each field's settings. */
function checkFormInput(input: FormInput) {
  assertValid(FormInputSchema, input);
  checkTexts(input);
  // The one e-mail rule (ADR 027, ADR 044): the schema leaves it to this check.
  input.recipients.forEach((address, i) => {
    if (!isEmailAddress(address)) throw new ContentValidationError(`recipients.${i}`, `recipients.${i} must be ${emailDescription}`).because('invalid_email');
  });
  const slugs = new Set<string>();
  input.fields.forEach((field, i) => {
    if (slugs.has(field.slug)) throw new ContentValidationError(`fields.${i}.slug`, `fields.${i}.slug repeats ${field.slug}`).because('duplicate_entry');
    slugs.add(field.slug);
    checkField(field, `fields.${i}`);
  });
}

/** The form's own columns from its input (not its fields, not its creation time). */
const formColumns = (input: FormInput, now: string) => ({
  slug: input.slug,
  ...columnsOf('title', { de: input.title.de.trim(), en: input.title.en.trim() }),
  ...columnsOf('intro', input.intro ?? noText),
  ...columnsOf('success_message', input.success_message ?? noText),
  recipients: JSON.stringify(input.recipients.map((address) => address.toLowerCase())),
  is_online: toFlag(input.is_online, true),
  updated_at: now,
});

async function assertSlugFree(trx: Db, slug: string, exceptId?: number) {
  let query = trx.selectFrom('form').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw new ContentConflictError('slug', `A form with the slug ${slug} exists already`).because('slug_taken');
}

/** Creates a form with its fields in the given order; resolves with its id. A taken slug is a 409. */
export async function createForm(db: Db, input: FormInput): Promise<number> {
  checkFormInput(input);
  return inTransaction(db, async (trx) => {
    await assertSlugFree(trx, input.slug);
    const now = nowIso();
    const { id } = await trx
      .insertInto('form')
      .values({ ...formColumns(input, now), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('form_field').values(input.fields.map((field, i) => fieldRow(id, field, i))).execute();
    await logChanges(trx, [{ entity: 'form', id }]);
    return id;
  });
}

/**
 * Replaces a form as a whole (the hub's form builder saves the record it read): its slug, texts, recipients and
 * fields, checked as createForm checks them, in one transaction. The fields are written anew in the given order;
 * entries keep the values they were sent with, also of fields the form no longer has (ADR 011). A slug another
 * form has is a 409; a form that is not there is a 404.
 */
export async function updateForm(db: Db, id: number, input: FormInput): Promise<void> {
  checkFormInput(input);
  await inTransaction(db, async (trx) => {
    if (!(await trx.selectFrom('form').select('id').where('id', '=', id).executeTakeFirst())) {
      throw new ContentNotFoundError(`Form ${id} not found`, 'id');
    }
    await assertSlugFree(trx, input.slug, id);
    await trx.updateTable('form').set(formColumns(input, nowIso())).where('id', '=', id).execute();
    await trx.deleteFrom('form_field').where('form_id', '=', id).execute();
    await trx.insertInto('form_field').values(input.fields.map((field, i) => fieldRow(id, field, i))).execute();
    await logChanges(trx, [{ entity: 'form', id }]);
  });
}

const parseList = <T>(json: string): T[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as T[]) : [];
};

/** One field as its input (the shape createForm and updateForm take). */
function fieldInput(row: FormFieldRow): FormFieldInput {
  return {
    slug: row.slug,
    field_type: row.field_type as FieldTypeId,
    label: pairOf(row, 'label'),
    placeholder: pairOf(row, 'placeholder'),
    help: pairOf(row, 'help'),
    required: row.required === 1,
    visible: row.visible === 1,
    choices: parseList<{ value: string; label_de: string; label_en: string }>(row.choices).map((choice) => ({
      value: choice.value,
      label: pairOf(choice, 'label'),
    })),
    default: row.default_value,
    // Limits the field does not set are left out rather than null: Fastify's Ajv coerces a null sent back for a
    // number-or-null into 0, which would turn "no minimum" into a minimum of 0.
    ...(row.max_length !== null ? { max_length: row.max_length } : {}),
    ...(row.min_value !== null ? { min: Number(row.min_value) } : {}),
    ...(row.max_value !== null ? { max: Number(row.max_value) } : {}),
    whole_number: row.whole_number === 1,
    accept: parseList(row.accept),
    ...(row.max_size !== null ? { max_size: row.max_size } : {}),
  };
}

/**
 * A form (online or not) in the shape createForm and updateForm take, with its id, so what is read can be changed
 * and saved back; undefined when there is none. The fields' order in the list is their position.
 */
export async function readFormInput(db: Db, id: number): Promise<(FormInput & { id: number }) | undefined> {
  const form = await db.selectFrom('form').selectAll().where('id', '=', id).executeTakeFirst();
  if (!form) return undefined;
  return {
    id: form.id,
    slug: form.slug,
    title: pairOf(form, 'title'),
    intro: pairOf(form, 'intro'),
    success_message: pairOf(form, 'success_message'),
    recipients: parseList<string>(form.recipients),
    is_online: form.is_online === 1,
    fields: (await listFormFields(db, id)).map(fieldInput),
  };
}

/**
 * Deletes a form with its fields. While visitors' entries exist it is refused (409 naming how many), unless
 * `withEntries` is set: then the entries go with it, and their uploads' rows (as on deleteFormEntry). Resolves with
 * the number of entries deleted and the files' stored names, for the caller to delete from disk; a form that is
 * not there is a 404.
 */
export async function deleteForm(db: Db, id: number, { withEntries = false }: { withEntries?: boolean } = {}): Promise<{ entries: number; storedNames: string[] }> {
  return inTransaction(db, async (trx) => {
    const entries = await trx.selectFrom('form_entry').select('id').where('form_id', '=', id).orderBy('id').execute();
    if (entries.length && !withEntries) {
      const count = entries.length;
      throw new ContentInUseError(
        'id',
        `Form ${id} has ${count === 1 ? '1 entry' : `${count} entries`}; delete ${count === 1 ? 'it' : 'them'} first (export them before), or delete the form with its entries`,
        { entity: 'form_entry', ids: entries.map((entry) => entry.id) },
      ).because('form_has_entries', { count });
    }
    const { storedNames } = await deleteEntriesWithFiles(trx, { ids: entries.map((entry) => entry.id) });
    const result = await trx.deleteFrom('form').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw new ContentNotFoundError(`Form ${id} not found`, 'id');
    await logChanges(trx, [{ entity: 'form', id, op: 'delete' }]);
    return { entries: entries.length, storedNames };
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
  locale: Locale;
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
 * Deletes entries and their uploads' rows in one transaction (the caller's, when in one); resolves with how many
 * entries went and the files' stored names, for the caller to delete from disk (services/forms/entry-files.ts).
 * Not logged: entries never reach the site.
 */
async function deleteEntriesWithFiles(db: Db, pick: { ids: readonly number[] } | { before: string }): Promise<{ entries: number; storedNames: string[] }> {
  return inTransaction(db, async (trx) => {
    const entries = await ('ids' in pick
      ? pick.ids.length
        ? trx.selectFrom('form_entry').select('id').where('id', 'in', [...pick.ids]).execute()
        : []
      : trx.selectFrom('form_entry').select('id').where('created_at', '<', pick.before).execute());
    const ids = entries.map((entry) => entry.id);
    if (!ids.length) return { entries: 0, storedNames: [] };
    const files = await trx.deleteFrom('temp_file').where('attached_entry_id', 'in', ids).returning('stored_name').execute();
    const result = await trx.deleteFrom('form_entry').where('id', 'in', ids).executeTakeFirst();
    return { entries: Number(result.numDeletedRows), storedNames: files.map((file) => file.stored_name) };
  });
}

/**
 * Deletes an entry (staff, e.g. on the sender's request) with its uploads' rows; resolves with the files' stored
 * names, or undefined when there was no such entry.
 */
export async function deleteFormEntry(db: Db, id: number): Promise<string[] | undefined> {
  const { entries, storedNames } = await deleteEntriesWithFiles(db, { ids: [id] });
  return entries ? storedNames : undefined;
}

/** Deletes the entries received before `cutoff` (ISO) with their uploads' rows: the retention (ADR 060). */
export function deleteFormEntriesBefore(db: Db, cutoff: string): Promise<{ entries: number; storedNames: string[] }> {
  return deleteEntriesWithFiles(db, { before: cutoff });
}

/** The id of the newest form entry, 0 when there is none. */
export async function newestEntryId(db: Db): Promise<number> {
  const newest = await db.selectFrom('form_entry').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(newest?.id ?? 0);
}

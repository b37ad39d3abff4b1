/**
 * Forms as visitors get them: rows → `PublicForm` in one language, with the synthetic `email2` field appended
 * (docs/product.md, Entities), and each field's rules for the entry check.
 */
import type { Db } from '../../db/database';
import { findOnlineForm, listFormFields, listOnlineForms } from '../../db/repositories/forms';
import type { FormFieldRow, FormRow } from '../../db/tables/form.table';
import type { FormSummary, PublicForm, PublicFormField } from '../../../../contract/schemas/forms';
import { emailConfirmSlug, emailConfirmType, fieldTypes, isFieldTypeId, listTypes, singleChoiceTypes, type FieldTypeId } from '../../../../contract/form-field-types';
import type { FieldValue } from '../../../../contract/form-rules';
import type { Locale } from '../../../../contract/locales';
import { isUploadKind } from '../../../../contract/upload-kinds';

interface StoredChoice {
  value: string;
  label_de: string;
  label_en: string;
}

const parseList = <T>(json: string): T[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as T[]) : [];
};

const localeText = (row: object, name: string, locale: Locale) => String((row as Record<string, unknown>)[`${name}_${locale}`] ?? '');

/** The stored default (text) as the field's value type; dates and files have none. */
function typedDefault(type: FieldTypeId, stored: string): FieldValue {
  if (type === fieldTypes.checkbox) return stored === '1';
  if (type === fieldTypes.date || type === fieldTypes.file) return null;
  if (type === fieldTypes.number || listTypes.includes(type) || singleChoiceTypes.includes(type)) {
    if (stored === '') return null;
    return type === fieldTypes.number ? Number(stored) : stored;
  }
  return stored;
}

export function publicField(row: FormFieldRow, locale: Locale): PublicFormField {
  if (!isFieldTypeId(row.field_type)) throw new Error(`form_field ${row.id} has the unknown type ${row.field_type}`);
  return {
    slug: row.slug,
    label: localeText(row, 'label', locale),
    field_type: row.field_type,
    required: row.required === 1,
    visible: row.visible === 1,
    choices: parseList<StoredChoice>(row.choices).map((choice) => ({ value: choice.value, label: choice[`label_${locale}`] })),
    default: typedDefault(row.field_type, row.default_value),
    placeholder_text: localeText(row, 'placeholder', locale),
    help_text: localeText(row, 'help', locale),
    constraints: {
      max_length: row.max_length,
      min: row.min_value,
      max: row.max_value,
      whole_number: row.whole_number === 1,
      accept: parseList<unknown>(row.accept).filter(isUploadKind),
      max_size: row.max_size,
    },
  };
}

/** The optional repeat of the email address every form ends with. */
export function emailConfirmField(locale: Locale): PublicFormField {
  return {
    slug: emailConfirmSlug,
    label: locale === 'de' ? 'E-Mail-Adresse wiederholen' : 'Repeat email address',
    field_type: emailConfirmType,
    required: false,
    visible: true,
    choices: [],
    default: '',
    placeholder_text: '',
    help_text: locale === 'de' ? 'Zur Sicherheit: Bitte geben Sie Ihre E-Mail-Adresse noch einmal ein.' : 'To be sure: please enter your email address once more.',
    constraints: { max_length: 254, min: null, max: null, whole_number: false, accept: [], max_size: null },
  };
}

export interface LoadedForm {
  row: FormRow;
  /** The form's own fields in order, without `email2`. */
  fields: PublicFormField[];
}

/** An online form with its fields in one language, by slug or id; undefined when there is none or it is offline. */
export async function loadOnlineForm(db: Db, key: { slug: string } | { id: number }, locale: Locale): Promise<LoadedForm | undefined> {
  const row = await findOnlineForm(db, key);
  if (!row) return undefined;
  const fields = (await listFormFields(db, row.id)).map((field) => publicField(field, locale));
  return { row, fields };
}

export function publicForm({ row, fields }: LoadedForm, locale: Locale): PublicForm {
  return {
    id: row.id,
    slug: row.slug,
    title: localeText(row, 'title', locale),
    intro: localeText(row, 'intro', locale),
    success_message: localeText(row, 'success_message', locale),
    fields: [...fields, emailConfirmField(locale)],
  };
}

export async function readFormSummaries(db: Db, locale: Locale): Promise<FormSummary[]> {
  return (await listOnlineForms(db)).map((row) => ({
    id: row.id,
    slug: row.slug,
    title: localeText(row, 'title', locale),
    intro: localeText(row, 'intro', locale),
  }));
}

/**
 * The form builder's values: how a stored form fills them, what a save sends (the whole form, in the repository's
 * input shape), the list changes the builder makes (add, remove, move a field or a choice), and which input a
 * server error belongs to. Without React, so it is tested on its own.
 */
import { choiceTypes, fieldTypes, textTypes, type FieldTypeId } from '../../../contract/form-field-types';
import { uploadKindNames, type UploadKind } from '../../../contract/upload-kinds';
import type { FormFieldInput, FormInput, FormRecord } from './forms-api';
import { formsTexts } from './forms-texts';

export type Pair = { de: string; en: string };

export interface ChoiceValues {
  /** Names the choice in the page while it is edited (React key, focus); never sent. */
  key: string;
  value: string;
  label: Pair;
}

export interface FieldValues {
  /** Names the field in the page while it is edited (React key, focus); never sent. */
  key: string;
  slug: string;
  /** The type's number as the select holds it. */
  field_type: string;
  label: Pair;
  placeholder: Pair;
  help: Pair;
  required: boolean;
  visible: boolean;
  choices: ChoiceValues[];
  default: string;
  /** Limits as typed ('' for none): text fields' length, number fields' bounds, file fields' size in MB. */
  max_length: string;
  min: string;
  max: string;
  whole_number: boolean;
  accept: UploadKind[];
  max_size: string;
}

export interface FormValues {
  slug: string;
  title: Pair;
  intro: Pair;
  success_message: Pair;
  /** One address per line. */
  recipients: string;
  is_online: boolean;
  fields: FieldValues[];
}

const noText = (): Pair => ({ de: '', en: '' });
const MB = 1024 * 1024;

let counter = 0;
/** A key unique in this page, for a field or choice being edited. */
export const newKey = (prefix: string) => `${prefix}${(counter += 1)}`;

export const typeOf = (field: Pick<FieldValues, 'field_type'>) => Number(field.field_type) as FieldTypeId;

/** What a field of this type lets staff set beside label, help, required and visible. */
export function settingsOf(type: FieldTypeId) {
  return {
    choices: choiceTypes.includes(type),
    placeholder: type !== fieldTypes.checkbox && type !== fieldTypes.hidden && type !== fieldTypes.file && !choiceTypes.includes(type),
    /** A date or a file has no starting value. */
    default: type !== fieldTypes.date && type !== fieldTypes.file,
    maxLength: textTypes.includes(type),
    /** Numbers' smallest and largest value; dates' earliest and latest day, in days from sending (ADR 069). */
    bounds: type === fieldTypes.number || type === fieldTypes.date,
    wholeNumber: type === fieldTypes.number,
    upload: type === fieldTypes.file,
  };
}

export function emptyField(): FieldValues {
  return {
    key: newKey('field'),
    slug: '',
    field_type: String(fieldTypes.text),
    label: noText(),
    placeholder: noText(),
    help: noText(),
    required: false,
    visible: true,
    choices: [],
    default: '',
    max_length: '',
    min: '',
    max: '',
    whole_number: false,
    accept: [],
    max_size: '',
  };
}

export const emptyChoice = (): ChoiceValues => ({ key: newKey('choice'), value: '', label: noText() });

export function emptyForm(): FormValues {
  return { slug: '', title: noText(), intro: noText(), success_message: noText(), recipients: '', is_online: true, fields: [emptyField()] };
}

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

function fieldValuesOf(field: FormFieldInput): FieldValues {
  return {
    key: newKey('field'),
    slug: field.slug,
    field_type: String(field.field_type),
    label: { ...field.label },
    placeholder: { ...(field.placeholder ?? noText()) },
    help: { ...(field.help ?? noText()) },
    required: field.required ?? false,
    visible: field.visible ?? true,
    choices: (field.choices ?? []).map((choice) => ({ key: newKey('choice'), value: choice.value, label: { ...choice.label } })),
    default: field.default ?? '',
    max_length: text(field.max_length),
    min: text(field.min),
    max: text(field.max),
    whole_number: field.whole_number ?? false,
    accept: [...(field.accept ?? [])],
    max_size: field.max_size == null ? '' : String(Math.round((field.max_size / MB) * 100) / 100),
  };
}

export function formValuesOf(record: FormRecord): FormValues {
  return {
    slug: record.slug,
    title: { ...record.title },
    intro: { ...(record.intro ?? noText()) },
    success_message: { ...(record.success_message ?? noText()) },
    recipients: record.recipients.join('\n'),
    is_online: record.is_online ?? true,
    fields: record.fields.map(fieldValuesOf),
  };
}

/** A typed number, or undefined when the input is empty. Inputs check the text first (`numberError`). */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value.trim().replace(',', '.')));

/** One field as the server takes it: only the settings its type has, so a changed type leaves no stray limit. */
function fieldBodyOf(field: FieldValues): FormFieldInput {
  const type = typeOf(field);
  const has = settingsOf(type);
  const body: FormFieldInput = {
    slug: field.slug.trim(),
    field_type: type,
    label: { ...field.label },
    placeholder: has.placeholder ? { ...field.placeholder } : noText(),
    help: { ...field.help },
    required: field.required,
    visible: field.visible,
    choices: has.choices ? field.choices.map((choice) => ({ value: choice.value.trim(), label: { ...choice.label } })) : [],
    default: has.default ? field.default : '',
  };
  if (has.maxLength && numberOf(field.max_length) !== undefined) body.max_length = numberOf(field.max_length);
  if (has.bounds) {
    if (numberOf(field.min) !== undefined) body.min = numberOf(field.min);
    if (numberOf(field.max) !== undefined) body.max = numberOf(field.max);
    if (has.wholeNumber) body.whole_number = field.whole_number;
  }
  if (has.upload) {
    body.accept = uploadKindNames.filter((kind) => field.accept.includes(kind));
    const megabytes = numberOf(field.max_size);
    if (megabytes !== undefined) body.max_size = Math.round(megabytes * MB);
  }
  return body;
}

/** What a save sends: the whole form, recipients one per line, fields in their order. */
export function bodyOf(values: FormValues): FormInput {
  return {
    slug: values.slug.trim(),
    title: { ...values.title },
    intro: { ...values.intro },
    success_message: { ...values.success_message },
    recipients: values.recipients
      .split(/[\n,;]/)
      .map((address) => address.trim())
      .filter(Boolean),
    is_online: values.is_online,
    fields: values.fields.map(fieldBodyOf),
  };
}

/** The browser's check of a number input: empty, or a number. */
export const numberError = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isFinite(Number(value.trim().replace(',', '.'))) ? formsTexts.numberNeeded : undefined;

const pairPart = '(de|en)';
const formInputs = [new RegExp(`^(title|intro|success_message)\\.${pairPart}$`), /^(slug|is_online|recipients)$/];

/**
 * The input a server error names (`body.fields.2.label.de` → `fields.2.label.de`), or undefined when the form shows
 * no input for it (the message then shows above the form). A recipient's index and a kind of upload point to
 * their list's input; a field's setting counts only where its type shows it.
 */
export function formFieldOf(values: FormValues) {
  return (serverField: string): string | undefined => {
    const name = serverField
      .replace(/^body\./, '')
      .replace(/^recipients\.\d+$/, 'recipients')
      .replace(/^(fields\.\d+\.accept)\.\d+$/, '$1');
    if (formInputs.some((pattern) => pattern.test(name))) return name;
    const match = /^fields\.(\d+)\.(.+)$/.exec(name);
    const field = match ? values.fields[Number(match[1])] : undefined;
    if (!match || !field) return undefined;
    const has = settingsOf(typeOf(field));
    const setting = match[2];
    const shown =
      /^(slug|field_type|required|visible)$/.test(setting) ||
      new RegExp(`^(label|help)\\.${pairPart}$`).test(setting) ||
      (has.placeholder && new RegExp(`^placeholder\\.${pairPart}$`).test(setting)) ||
      (has.default && setting === 'default') ||
      (has.maxLength && setting === 'max_length') ||
      (has.bounds && /^(min|max)$/.test(setting)) ||
      (has.wholeNumber && setting === 'whole_number') ||
      (has.upload && /^(accept|max_size)$/.test(setting)) ||
      (has.choices && (setting === 'choices' || isShownChoice(field, setting)));
    return shown ? name : undefined;
  };
}

function isShownChoice(field: FieldValues, setting: string) {
  const match = new RegExp(`^choices\\.(\\d+)\\.(value|label\\.${pairPart})$`).exec(setting);
  return Boolean(match && field.choices[Number(match[1])]);
}

/** The list with the item at `from` moved to `to` (both within the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The list without the item at `index`. */
export const without = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** A field's name in buttons and headings: its German label, else its slug; '' while it has neither. */
export const fieldName = (field: Pick<FieldValues, 'label' | 'slug'>) => field.label.de.trim() || field.slug.trim();

/** How buttons and news call a field: `Feld „Name“`, or `Feld 3` while it has no name. */
export const fieldCalled = (field: Pick<FieldValues, 'label' | 'slug'>, index: number) => formsTexts.fieldCalled(index, fieldName(field));

/** The browser's own checks beyond required inputs: limits must be numbers (the server says the rest). */
export function validateForm(values: FormValues): Record<string, unknown> {
  const fields = values.fields.map((field) => {
    const has = settingsOf(typeOf(field));
    const names: ('max_length' | 'min' | 'max' | 'max_size')[] = [
      ...(has.maxLength ? (['max_length'] as const) : []),
      ...(has.bounds ? (['min', 'max'] as const) : []),
      ...(has.upload ? (['max_size'] as const) : []),
    ];
    const errors = Object.fromEntries(names.map((name) => [name, numberError(field[name])]).filter(([, error]) => error));
    return Object.keys(errors).length ? errors : undefined;
  });
  return fields.some(Boolean) ? { fields } : {};
}

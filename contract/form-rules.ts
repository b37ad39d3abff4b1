/**
 * The rules a form entry must follow, as one pure module: the content server checks every entry with it and the
 * site checks the same values before sending (react-final-form's `validate`), so both say the same thing in the
 * same words. What only the server can know (whether an uploaded file exists and is still unused) is checked
 * there on top (services/forms/submit-entry.ts).
 */
import { addDays, berlinDate, isCalendarDate } from './berlin-time';
import { hasControlCharacter } from './control-characters';
import { isEmailAddress } from './email-rule';
import {
  defaultMaxLength,
  emailConfirmSlug,
  emailConfirmType,
  fieldTypes,
  isOneOf,
  listTypes,
  singleChoiceTypes,
  textTypes,
  type EmailConfirmType,
  type FieldTypeId,
} from './form-field-types';
import { formatBytes, uploadKinds, type UploadKind } from './upload-kinds';
import { intlLocale, type Locale } from './locales';

export interface FieldConstraints {
  /** Longest text in characters; null: the type's default (defaultMaxLength). */
  max_length: number | null;
  /**
   * Bounds of a number field; of a date field, days from the day of sending (ADR 069): `max: 0` refuses a date
   * after today (a birth date), `min: 0` one before today (a preferred start).
   */
  min: number | null;
  max: number | null;
  /** A number field takes whole numbers only (seats, a year). */
  whole_number: boolean;
  /** What a file field takes; empty: every kind the upload call takes. */
  accept: UploadKind[];
  /** Largest file in bytes; null: the upload call's limit. */
  max_size: number | null;
}

/** What the rules need to know about a field; the API's field shape has this and more. */
export interface FieldRules {
  slug: string;
  field_type: FieldTypeId | EmailConfirmType;
  required: boolean;
  choices: { value: string }[];
  default: FieldValue;
  constraints: FieldConstraints;
}

/** A field's value once checked: text, a number, a list of choice values, yes/no, or nothing. */
export type FieldValue = string | number | boolean | string[] | null;

const texts = {
  de: {
    required: 'Bitte füllen Sie dieses Feld aus.',
    requiredChoice: 'Bitte wählen Sie eine Option.',
    requiredCheckbox: 'Bitte bestätigen Sie dies.',
    requiredFile: 'Bitte laden Sie eine Datei hoch.',
    text: 'Bitte geben Sie Text ein.',
    tooLong: 'Bitte geben Sie höchstens {max} Zeichen ein.',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.de.',
    control: 'Dieses Feld enthält ein unzulässiges Steuerzeichen. Bitte entfernen Sie es.',
    number: 'Bitte geben Sie eine Zahl ein.',
    wholeNumber: 'Bitte geben Sie eine ganze Zahl ein.',
    min: 'Bitte geben Sie mindestens {min} ein.',
    max: 'Bitte geben Sie höchstens {max} ein.',
    choice: 'Bitte wählen Sie eine der angebotenen Optionen.',
    choices: 'Bitte wählen Sie nur unter den angebotenen Optionen.',
    checkbox: 'Der Wert muss ja oder nein sein.',
    date: 'Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).',
    dateFuture: 'Das Datum darf nicht in der Zukunft liegen.',
    datePast: 'Das Datum darf nicht in der Vergangenheit liegen.',
    dateMin: 'Bitte geben Sie ein Datum ab dem {date} an.',
    dateMax: 'Bitte geben Sie ein Datum bis zum {date} an.',
    url: 'Bitte geben Sie eine Webadresse an, die mit http:// oder https:// beginnt.',
    phone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
    file: 'Bitte laden Sie die Datei über das Feld hoch.',
    fileMissing: 'Die hochgeladene Datei ist nicht mehr vorhanden. Bitte laden Sie sie erneut hoch.',
    fileUsed: 'Diese Datei wurde schon mit einem anderen Formular gesendet. Bitte laden Sie sie erneut hoch.',
    fileKind: 'Dieser Dateityp ist hier nicht möglich. Erlaubt: {kinds}.',
    fileSize: 'Die Datei ist zu groß. Erlaubt sind höchstens {size}.',
    emailMismatch: 'Die beiden E-Mail-Adressen stimmen nicht überein.',
    emailMissing: 'Dieses Formular hat keine E-Mail-Adresse, die bestätigt werden könnte.',
    unknown: 'Dieses Feld gibt es in diesem Formular nicht.',
    summary: 'Bitte prüfen Sie die markierten Felder.',
    unknownSummary: 'Das Formular kennt diese Felder nicht: {slugs}.',
  },
  en: {
    required: 'Please fill in this field.',
    requiredChoice: 'Please choose an option.',
    requiredCheckbox: 'Please tick this box to confirm.',
    requiredFile: 'Please upload a file.',
    text: 'Please enter text.',
    tooLong: 'Please enter at most {max} characters.',
    email: 'Please enter a valid email address, e.g. name@example.com.',
    control: 'This field contains a control character that is not allowed. Please remove it.',
    number: 'Please enter a number.',
    wholeNumber: 'Please enter a whole number.',
    min: 'Please enter at least {min}.',
    max: 'Please enter at most {max}.',
    choice: 'Please choose one of the options offered.',
    choices: 'Please choose only among the options offered.',
    checkbox: 'The value must be yes or no.',
    date: 'Please enter a valid date (YYYY-MM-DD).',
    dateFuture: 'The date must not lie in the future.',
    datePast: 'The date must not lie in the past.',
    dateMin: 'Please enter a date on or after {date}.',
    dateMax: 'Please enter a date on or before {date}.',
    url: 'Please enter a web address starting with http:// or https://.',
    phone: 'Please enter a valid phone number.',
    file: 'Please upload the file through the field.',
    fileMissing: 'The uploaded file is no longer there. Please upload it again.',
    fileUsed: 'This file was already sent with another form. Please upload it again.',
    fileKind: 'This type of file is not possible here. Allowed: {kinds}.',
    fileSize: 'The file is too large. At most {size} are allowed.',
    emailMismatch: 'The two email addresses do not match.',
    emailMissing: 'This form has no email address that could be confirmed.',
    unknown: 'This form has no such field.',
    summary: 'Please check the marked fields.',
    unknownSummary: 'The form has no fields named {slugs}.',
  },
} as const;

export type FormMessage = keyof (typeof texts)['de'];

/** A message in the visitor's language, with `{name}` placeholders filled in. */
export function formMessage(locale: Locale, key: FormMessage, values: Record<string, string | number> = {}): string {
  return texts[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

const phonePattern = /^\+?[0-9(][0-9 ()/.-]*$/;
const numberPattern = /^[-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
/** The ids the temp-files call hands out. */
export const tempFileIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A date starts empty, the list types as a list holding the default if any, others with the default (docs/product.md,
 * States).
 */
export function initialValue(field: Pick<FieldRules, 'field_type' | 'default'>): FieldValue {
  if (field.field_type === fieldTypes.date) return null;
  if (isOneOf(listTypes, field.field_type)) {
    if (Array.isArray(field.default)) return field.default;
    return field.default === null || field.default === '' ? [] : [String(field.default)];
  }
  return field.default;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const formatNumber = (value: number, locale: Locale) => new Intl.NumberFormat(intlLocale[locale]).format(value);

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^(?:[^.]+\.)+[^.]+$|^localhost$/.test(url.hostname);
  } catch {
    return false;
  }
}

type Checked = { value: FieldValue; error?: string };

function checkText(field: FieldRules, raw: unknown, locale: Locale): Checked {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return { value: null, error: formMessage(locale, 'text') };
  const value = (raw ?? '').trim();
  if (!value) return field.required ? { value, error: formMessage(locale, 'required') } : { value };
  const max = field.constraints.max_length ?? defaultMaxLength(field.field_type as FieldTypeId);
  if ([...value].length > max) return { value, error: formMessage(locale, 'tooLong', { max }) };
  // The server refuses these for every field (plugins/input-guard.ts); the site says so beside the field first.
  if (hasControlCharacter(value, field.field_type === fieldTypes.textarea)) return { value, error: formMessage(locale, 'control') };
  if (field.field_type === fieldTypes.email && !isEmailAddress(value)) return { value, error: formMessage(locale, 'email') };
  if (field.field_type === fieldTypes.url && !isWebAddress(value)) return { value, error: formMessage(locale, 'url') };
  if (field.field_type === fieldTypes.phone && !(phonePattern.test(value) && value.replace(/\D/g, '').length >= 5)) {
    return { value, error: formMessage(locale, 'phone') };
  }
  return { value };
}

function checkNumber(field: FieldRules, raw: unknown, locale: Locale): Checked {
  if (isBlank(raw)) return field.required ? { value: null, error: formMessage(locale, 'required') } : { value: null };
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && numberPattern.test(raw.trim())) value = Number(raw.trim().replace(',', '.'));
  else return { value: null, error: formMessage(locale, 'number') };
  if (!Number.isFinite(value)) return { value: null, error: formMessage(locale, 'number') };
  const { min, max, whole_number: whole } = field.constraints;
  if (whole && !Number.isInteger(value)) return { value, error: formMessage(locale, 'wholeNumber') };
  if (min !== null && value < min) return { value, error: formMessage(locale, 'min', { min: formatNumber(min, locale) }) };
  if (max !== null && value > max) return { value, error: formMessage(locale, 'max', { max: formatNumber(max, locale) }) };
  return { value };
}

const formatDate = (date: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * A calendar date within the field's bounds, counted in days from `today` (the Berlin date of sending; the site
 * and the server each read their clock, ADR 069).
 */
function checkDate(field: FieldRules, raw: unknown, locale: Locale, today: string): Checked {
  if (isBlank(raw)) return field.required ? { value: null, error: formMessage(locale, 'required') } : { value: null };
  if (typeof raw !== 'string' || !isCalendarDate(raw.trim())) return { value: null, error: formMessage(locale, 'date') };
  const value = raw.trim();
  const { min, max } = field.constraints;
  if (min !== null && value < addDays(today, min)) {
    return { value, error: min === 0 ? formMessage(locale, 'datePast') : formMessage(locale, 'dateMin', { date: formatDate(addDays(today, min), locale) }) };
  }
  if (max !== null && value > addDays(today, max)) {
    return { value, error: max === 0 ? formMessage(locale, 'dateFuture') : formMessage(locale, 'dateMax', { date: formatDate(addDays(today, max), locale) }) };
  }
  return { value };
}

/** The first and last day a date field takes, YYYY-MM-DD (the date input's `min` and `max`), from `today`. */
export function dateBounds(constraints: Pick<FieldConstraints, 'min' | 'max'>, today = berlinDate(new Date())): { min?: string; max?: string } {
  return {
    ...(constraints.min !== null ? { min: addDays(today, constraints.min) } : {}),
    ...(constraints.max !== null ? { max: addDays(today, constraints.max) } : {}),
  };
}

function checkChoice(field: FieldRules, raw: unknown, locale: Locale): Checked {
  const options = new Set(field.choices.map((choice) => choice.value));
  if (isOneOf(listTypes, field.field_type)) {
    const list = raw === undefined || raw === null ? [] : raw;
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) return { value: [], error: formMessage(locale, 'choices') };
    const value = [...new Set(list as string[])];
    if (value.some((item) => !options.has(item))) return { value, error: formMessage(locale, 'choices') };
    if (field.required && !value.length) return { value, error: formMessage(locale, 'requiredChoice') };
    return { value };
  }
  if (isBlank(raw)) return field.required ? { value: null, error: formMessage(locale, 'requiredChoice') } : { value: null };
  if (typeof raw !== 'string' || !options.has(raw)) return { value: null, error: formMessage(locale, 'choice') };
  return { value: raw };
}

function checkFile(field: FieldRules, raw: unknown, locale: Locale): Checked {
  if (isBlank(raw)) return field.required ? { value: null, error: formMessage(locale, 'requiredFile') } : { value: null };
  if (typeof raw !== 'string' || !tempFileIdPattern.test(raw)) return { value: null, error: formMessage(locale, 'file') };
  return { value: raw };
}

/**
 * One field's value, normalised (trimmed text, numbers from numeric text, lists without repeats), or its error.
 * `today` (default: the Berlin date now) is what a date field's bounds count from.
 */
export function checkFieldValue(field: FieldRules, raw: unknown, locale: Locale, today = berlinDate(new Date())): Checked {
  const type = field.field_type;
  if (type === emailConfirmType) return checkText({ ...field, field_type: fieldTypes.email, required: false }, raw, locale);
  if (isOneOf(textTypes, type)) return checkText(field, raw, locale);
  if (type === fieldTypes.number) return checkNumber(field, raw, locale);
  if (isOneOf(listTypes, type) || isOneOf(singleChoiceTypes, type)) return checkChoice(field, raw, locale);
  if (type === fieldTypes.checkbox) {
    const value = raw === undefined || raw === null ? false : raw;
    if (typeof value !== 'boolean') return { value: false, error: formMessage(locale, 'checkbox') };
    return field.required && !value ? { value, error: formMessage(locale, 'requiredCheckbox') } : { value };
  }
  if (type === fieldTypes.date) return checkDate(field, raw, locale, today);
  return checkFile(field, raw, locale);
}

/** The synthetic confirmation field as the rules see it: optional, an email address. */
const emailConfirmRules: FieldRules = {
  slug: emailConfirmSlug,
  field_type: emailConfirmType,
  required: false,
  choices: [],
  default: '',
  constraints: { max_length: null, min: null, max: null, whole_number: false, accept: [], max_size: null },
};

export interface CheckedEntry {
  /** Every field's normalised value by slug (the email confirmation is not kept). */
  values: Record<string, FieldValue>;
  /** Messages by slug; empty when the entry may be stored. */
  errors: Record<string, string>;
  /** Slugs the form does not have. */
  unknown: string[];
}

/**
 * Checks an entry's values against the form's fields: every field by its type and required flag (a missing key
 * counts as empty), the optional email confirmation against the form's first email field, and no slug the form
 * does not have. Fields of type `emailconfirm` in `fields` (the API's list has one) are left to the rule above.
 */
export function checkEntryValues(fields: readonly FieldRules[], raw: Record<string, unknown>, locale: Locale, today = berlinDate(new Date())): CheckedEntry {
  const own = fields.filter((field) => field.field_type !== emailConfirmType);
  const values: Record<string, FieldValue> = {};
  const errors: Record<string, string> = {};
  for (const field of own) {
    const checked = checkFieldValue(field, raw[field.slug], locale, today);
    values[field.slug] = checked.value;
    if (checked.error) errors[field.slug] = checked.error;
  }
  const confirmation = raw[emailConfirmSlug];
  if (!isBlank(confirmation)) {
    const email = own.find((field) => field.field_type === fieldTypes.email);
    const checked = checkFieldValue(emailConfirmRules, confirmation, locale);
    if (checked.error) errors[emailConfirmSlug] = checked.error;
    else if (!email) errors[emailConfirmSlug] = formMessage(locale, 'emailMissing');
    else if (String(checked.value).toLowerCase() !== String(values[email.slug] ?? '').toLowerCase()) {
      errors[emailConfirmSlug] = formMessage(locale, 'emailMismatch');
    }
  }
  const known = new Set([...own.map((field) => field.slug), emailConfirmSlug]);
  const unknown = Object.keys(raw).filter((slug) => !known.has(slug));
  for (const slug of unknown) errors[slug] = formMessage(locale, 'unknown');
  return { values, errors, unknown };
}

/** The message that sums up an entry's errors: the unknown slugs when there are any, else "check the fields". */
export function entrySummary(entry: Pick<CheckedEntry, 'unknown'>, locale: Locale): string {
  return entry.unknown.length
    ? formMessage(locale, 'unknownSummary', { slugs: entry.unknown.join(', ') })
    : formMessage(locale, 'summary');
}

/** The kinds a file field takes, for messages: `PDF, JPEG`. */
export const kindList = (kinds: readonly UploadKind[]) => kinds.map((kind) => uploadKinds[kind].label).join(', ');

/** Whether an uploaded file of `kind` and `size` fits the field; the message when it does not. */
export function checkUploadFor(field: Pick<FieldRules, 'constraints'>, kind: UploadKind | undefined, size: number, maxBytes: number, locale: Locale): string | undefined {
  const { accept, max_size: maxSize } = field.constraints;
  if (accept.length && (!kind || !accept.includes(kind))) return formMessage(locale, 'fileKind', { kinds: kindList(accept) });
  const limit = Math.min(maxSize ?? maxBytes, maxBytes);
  if (size > limit) return formMessage(locale, 'fileSize', { size: formatBytes(limit, locale) });
  return undefined;
}

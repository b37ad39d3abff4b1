/**
 * The mail that tells a form's recipients about a new entry, in the language the visitor used (the labels are the
 * ones they saw): every field with its value, choices by their labels, files by name and size, and a link to the
 * entry in the hub, where staff open the files after logging in (ADR 060; the files never travel in the mail).
 * Plain text and HTML through the one mail layout; the words are in ../mail/texts/form-entry.ts (ADR 079).
 */
import type { PublicFormField } from '../../../../contract/schemas/forms';
import { siteTimeZone } from '../../../../contract/berlin-time';
import { fieldTypes, isOneOf, listTypes, singleChoiceTypes } from '../../../../contract/form-field-types';
import type { FieldValue } from '../../../../contract/form-rules';
import { intlLocale, type Locale } from '../../../../contract/locales';
import { formatBytes } from '../../../../contract/upload-kinds';
import { mailLayout } from '../mail/layout';
import { formEntryTexts } from '../mail/texts/form-entry';

export interface EntryMailInput {
  locale: Locale;
  formTitle: string;
  entryId: number;
  createdAt: Date;
  fields: readonly PublicFormField[];
  values: Record<string, FieldValue>;
  /** Uploaded files by temp-file id. */
  files: ReadonlyMap<string, { name: string; size: number }>;
  /** The entry's page in the hub (`https://…/cms-hub/form-entries/{id}`). */
  entryUrl: string;
}

/** The entry's page in the hub, on the site's public address (src/hub/routes.ts `hubPaths.formEntry`). */
export const hubEntryUrl = (publicUrl: string, entryId: number) => `${publicUrl.replace(/\/+$/, '')}/cms-hub/form-entries/${entryId}`;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

function describeValue(field: PublicFormField, value: FieldValue, input: EntryMailInput): string {
  const w = formEntryTexts[input.locale];
  const labelOf = (choice: string) => field.choices.find((option) => option.value === choice)?.label ?? choice;
  if (field.field_type === fieldTypes.checkbox) return value ? w.yes : w.no;
  if (value === null || value === '' || (Array.isArray(value) && !value.length)) return w.empty;
  if (isOneOf(listTypes, field.field_type) && Array.isArray(value)) return value.map(labelOf).join(', ');
  if (isOneOf(singleChoiceTypes, field.field_type)) return labelOf(String(value));
  if (field.field_type === fieldTypes.number && typeof value === 'number') {
    return new Intl.NumberFormat(intlLocale[input.locale]).format(value);
  }
  if (field.field_type === fieldTypes.date) {
    return new Intl.DateTimeFormat(intlLocale[input.locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${String(value)}T00:00:00Z`));
  }
  if (field.field_type === fieldTypes.file) {
    const file = input.files.get(String(value));
    return file ? `${file.name} (${formatBytes(file.size, input.locale)})` : w.empty;
  }
  return String(value);
}

export function entryNotification(input: EntryMailInput): { subject: string; text: string; html: string } {
  const w = formEntryTexts[input.locale];
  const when = new Intl.DateTimeFormat(intlLocale[input.locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: siteTimeZone,
  }).format(input.createdAt);
  const lines = input.fields.map((field) => `${field.label}: ${describeValue(field, input.values[field.slug] ?? null, input)}`);
  const { text, html } = mailLayout({
    locale: input.locale,
    heading: fill(w.heading, { title: input.formTitle }),
    paragraphs: [fill(w.sent, { when, id: input.entryId }), ...lines, ...(input.files.size ? [w.files] : [])],
    action: { label: w.open, url: input.entryUrl },
    footer: w.footer,
  });
  return { subject: fill(w.subject, { title: input.formTitle, id: input.entryId }), text, html };
}

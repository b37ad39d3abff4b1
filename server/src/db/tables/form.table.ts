import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

/**
 * A configurable form (ADR 011): its address `/{locale}/forms/{slug}`, texts in both languages and who is told of
 * each entry. `recipients` is a JSON list of email addresses.
 */
export interface FormTable {
  id: Generated<number>;
  slug: string;
  title_de: string;
  title_en: string;
  intro_de: string;
  intro_en: string;
  /** Shown once an entry was stored; empty: the site's general thank-you. */
  success_message_de: string;
  success_message_en: string;
  recipients: string;
  is_online: number;
  created_at: string;
  updated_at: string;
}
export type FormRow = Selectable<FormTable>;
export type NewFormRow = Insertable<FormTable>;

/**
 * One field of a form, in `position` order. `field_type` is a number of shared/form-field-types.ts. `choices` is
 * JSON `[{ value, label_de, label_en }]`; `accept` a JSON list of upload kinds. `default_value` is text: a choice
 * value, `1` for a ticked checkbox, a number written with a dot.
 */
export interface FormFieldTable {
  id: Generated<number>;
  form_id: number;
  position: number;
  slug: string;
  label_de: string;
  label_en: string;
  placeholder_de: string;
  placeholder_en: string;
  help_de: string;
  help_en: string;
  field_type: number;
  required: number;
  visible: number;
  choices: string;
  default_value: string;
  max_length: number | null;
  min_value: number | null;
  max_value: number | null;
  whole_number: number;
  accept: string;
  max_size: number | null;
}
export type FormFieldRow = Selectable<FormFieldTable>;
export type NewFormFieldRow = Insertable<FormFieldTable>;

/** What a visitor sent: `field_values` is JSON `{ [field slug]: value }` as checked (files by temp-file id). */
export interface FormEntryTable {
  id: Generated<number>;
  form_id: number;
  locale: Locale;
  field_values: string;
  ip: string;
  created_at: string;
}
export type FormEntryRow = Selectable<FormEntryTable>;

/**
 * An uploaded file: stored under `<DATA_DIR>/uploads/tmp/<stored_name>` until an entry refers to it, then under
 * `<DATA_DIR>/uploads/entries/<stored_name>` with `attached_entry_id` set. `mime` is what its content is, not
 * what the browser said. Files never attached are deleted after a while (services/forms/temp-file-store.ts).
 */
export interface TempFileTable {
  /** A random UUID: the id the visitor's page holds and sends back with the entry. */
  id: string;
  original_name: string;
  stored_name: string;
  size: number;
  mime: string;
  created_at: string;
  attached_entry_id: number | null;
}
export type TempFileRow = Selectable<TempFileTable>;

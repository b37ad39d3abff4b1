/**
 * A visitor's form entry, from request to stored row: every field checked by the shared rules, uploaded files
 * checked against what only the server knows (they exist, are unused, young enough, of a kind and size the field
 * takes), then in one transaction the entry, its files marked as attached and the recipients' mail. The files
 * move out of the temp folder last, inside the transaction, so a failed move rolls everything back; nothing is
 * written when anything is wrong.
 */
import type { Db } from '../../db/database';
import { insertFormEntry } from '../../db/repositories/forms';
import { inTransaction } from '../../db/repositories/shared';
import { attachTempFiles, findTempFiles } from '../../db/repositories/temp-files';
import type { FormRow, TempFileRow } from '../../db/tables/form.table';
import type { EntryCreated, PublicFormField } from '../../../../contract/schemas/forms';
import { fieldTypes } from '../../../../contract/form-field-types';
import { isEmailAddress } from '../../../../contract/email-rule';
import { checkEntryValues, checkUploadFor, entrySummary, formMessage } from '../../../../contract/form-rules';
import type { Locale } from '../../../../contract/locales';
import { maxUploadBytes, uploadKindNames, uploadKinds } from '../../../../contract/upload-kinds';
import { ContentNotFoundError, FieldErrorsError } from '../../db/errors';
import { queueMail } from '../mail/outbox';
import { loadOnlineForm, type LoadedForm } from './form-reader';
import { entryNotification, hubEntryUrl } from './notification-mail';
import { moveToEntries, TEMP_FILE_MAX_AGE_MS } from './temp-file-store';

export interface EntrySubmission {
  locale: Locale;
  formId: number;
  fieldValues: Record<string, unknown>;
  ip: string;
}

export interface SubmitOptions {
  db: Db;
  dataDir: string;
  now: () => Date;
  /** The site's public address, for the notification's link to the entry in the hub. */
  publicUrl: string;
}

const thanks = {
  de: 'Vielen Dank! Ihre Angaben sind bei uns angekommen.',
  en: 'Thank you! We have received your details.',
};

/** What a visitor reads once the entry is stored: the form's own thank-you, else a general one. */
export const successMessageOf = (row: FormRow, locale: Locale) =>
  (locale === 'de' ? row.success_message_de : row.success_message_en) || thanks[locale];

/** The online form an entry is for; 404 (field `form`) when there is none. */
export async function requireOnlineForm(db: Db, id: number, locale: Locale): Promise<LoadedForm> {
  const form = await loadOnlineForm(db, { id }, locale);
  if (!form) {
    throw new ContentNotFoundError(locale === 'de' ? 'Dieses Formular gibt es nicht oder nicht mehr.' : 'This form does not exist or no longer exists.', 'form');
  }
  return form;
}

const kindOfMime = (mime: string) => uploadKindNames.find((kind) => uploadKinds[kind].mime === mime);

/** The file fields' errors that only the stored uploads can tell. */
function checkFiles(fields: PublicFormField[], values: Record<string, unknown>, files: Map<string, TempFileRow>, now: Date, locale: Locale) {
  const errors: Record<string, string> = {};
  const used = new Map<string, string>();
  for (const field of fields) {
    const id = values[field.slug];
    if (field.field_type !== fieldTypes.file || typeof id !== 'string') continue;
    const file = files.get(id);
    if (!file || now.getTime() - Date.parse(file.created_at) > TEMP_FILE_MAX_AGE_MS) errors[field.slug] = formMessage(locale, 'fileMissing');
    else if (file.attached_entry_id !== null || used.has(id)) errors[field.slug] = formMessage(locale, 'fileUsed');
    else {
      const problem = checkUploadFor(field, kindOfMime(file.mime), file.size, maxUploadBytes, locale);
      if (problem) errors[field.slug] = problem;
    }
    used.set(id, field.slug);
  }
  return errors;
}

/** Checks and stores an entry; resolves with its id and the form's thank-you. Throws FieldErrorsError (400) or 404. */
export async function submitEntry(submission: EntrySubmission, { db, dataDir, now, publicUrl }: SubmitOptions): Promise<EntryCreated> {
  const { locale } = submission;
  const form = await requireOnlineForm(db, submission.formId, locale);
  const checked = checkEntryValues(form.fields, submission.fieldValues, locale);
  const fileIds = form.fields
    .filter((field) => field.field_type === fieldTypes.file && typeof checked.values[field.slug] === 'string' && !checked.errors[field.slug])
    .map((field) => checked.values[field.slug] as string);
  const files = await findTempFiles(db, fileIds);
  const at = now();
  const errors = { ...checkFiles(form.fields, checked.values, files, at, locale), ...checked.errors };
  if (Object.keys(errors).length) throw new FieldErrorsError(entrySummary(checked, locale), errors);

  const recipients = (JSON.parse(form.row.recipients) as string[]).filter(Boolean);
  const title = locale === 'de' ? form.row.title_de : form.row.title_en;
  let moveBack: (() => Promise<void>) | undefined;
  const id = await inTransaction(db, async (trx) => {
    const entryId = await insertFormEntry(trx, { formId: form.row.id, locale, values: checked.values, ip: submission.ip, createdAt: at.toISOString() });
    if ((await attachTempFiles(trx, fileIds, entryId)) !== fileIds.length) {
      // Another entry took a file between the check and now.
      const slug = form.fields.find((field) => fileIds.includes(String(checked.values[field.slug])))?.slug ?? 'form';
      throw new FieldErrorsError(entrySummary(checked, locale), { [slug]: formMessage(locale, 'fileUsed') });
    }
    if (recipients.length) {
      const byId = new Map([...files].map(([fileId, row]) => [fileId, { name: row.original_name, size: row.size }]));
      const mail = entryNotification({ locale, formTitle: title, entryId, createdAt: at, fields: form.fields, values: checked.values, files: byId, entryUrl: hubEntryUrl(publicUrl, entryId) });
      await queueMail(trx, { kind: 'form-entry', locale, to: recipients, ...mail, ...replyToOf(form.fields, checked.values) }, at);
    }
    moveBack = await moveToEntries(dataDir, fileIds.map((fileId) => files.get(fileId)!.stored_name));
    return entryId;
  }).catch(async (error: unknown) => {
    // The commit failed after the move: the files go back to wait for another try.
    await moveBack?.();
    throw error;
  });
  return { id, message: successMessageOf(form.row, locale) };
}

/**
 * Staff answer a form entry by replying to its notification: Reply-To is the address the visitor gave in the
 * form's first e-mail field, once the form rules have accepted it. A form without one (or left empty) keeps the
 * sender's address.
 */
function replyToOf(fields: readonly { slug: string; field_type: number | string }[], values: Record<string, unknown>): { replyTo?: string } {
  const field = fields.find((entry) => entry.field_type === fieldTypes.email && typeof values[entry.slug] === 'string' && values[entry.slug] !== '');
  const address = field ? (values[field.slug] as string) : '';
  return address && isEmailAddress(address) ? { replyTo: address } : {};
}

/**
 * A configurable form's values in react-final-form, without React: the starting values (docs/product.md, States), the
 * check before sending (the server's own rules, shared/form-rules.ts), the body of the entry call, and the server's
 * refusals as submission errors beside their fields.
 */
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import type { EntryCreated, PublicForm } from '../../../contract/schemas/forms';
import { emailConfirmSlug, emailConfirmType } from '../../../contract/form-field-types';
import { checkEntryValues, initialValue, type FieldValue } from '../../../contract/form-rules';
import { networkErrorStatus, type PostResult } from '../../lib/api-client';
import { placedAnyField, refusalErrors } from '../../lib/refusal-errors';
import type { Locale } from '../../../contract/locales';

/** What final-form holds: every field by slug, plus the honeypot. */
export type FormValues = Record<string, unknown>;

export const honeypotName = 'website';

export function initialValues(form: PublicForm): FormValues {
  return Object.fromEntries(form.fields.map((field) => [field.slug, initialValue(field)]));
}

/** The form's own values, without the honeypot or anything else final-form may hold. */
function fieldValuesOf(form: PublicForm, values: FormValues): Record<string, unknown> {
  const slugs = new Set(form.fields.map((field) => field.slug));
  return Object.fromEntries(Object.entries(values).filter(([slug]) => slugs.has(slug)));
}

/** final-form's `validate`: the messages the server would give, by field. */
export function validateValues(form: PublicForm, values: FormValues, locale: Locale): Record<string, string> {
  return checkEntryValues(form.fields, fieldValuesOf(form, values), locale).errors;
}

/** The body of `POST /{locale}/api/forms-entries/`: values as checked (trimmed, numbers as numbers). */
export function entryBody(form: PublicForm, values: FormValues, locale: Locale, formToken: string | undefined) {
  const own = fieldValuesOf(form, values);
  const fieldValues: Record<string, FieldValue> = { ...checkEntryValues(form.fields, own, locale).values };
  const confirmation = own[emailConfirmSlug];
  if (form.fields.some((field) => field.field_type === emailConfirmType) && typeof confirmation === 'string' && confirmation.trim()) {
    fieldValues[emailConfirmSlug] = confirmation.trim();
  }
  const honeypot = values[honeypotName];
  return { form: form.id, field_values: fieldValues, website: typeof honeypot === 'string' ? honeypot : '', form_token: formToken ?? '' };
}

export type FormProblem = 'summary' | 'gone' | 'session' | 'tooMany' | 'unavailable' | 'generic';

/**
 * A refused entry as final-form submission errors: each field's message beside it, with a sum-up above the send
 * button (FORM_ERROR holds a problem key, or the server's words when they name no field of ours).
 */
export function submissionErrors(form: PublicForm, result: PostResult<EntryCreated>): SubmissionErrors | undefined {
  if (result.ok) return undefined;
  const { status, data } = result;
  if (status === 400) {
    const slugs = new Set(form.fields.map((field) => field.slug));
    const errors = refusalErrors(result, (slug) => (slugs.has(slug) ? slug : undefined), (listed) => listed ?? data.message);
    // The sum-up above the send button, or the server's words when they name no field of ours.
    if (placedAnyField(errors)) return { ...errors, [FORM_ERROR]: { key: 'summary' as FormProblem } };
    return { [FORM_ERROR]: { text: data.message } };
  }
  const key: FormProblem =
    status === 404 ? 'gone' : status === 403 ? 'session' : status === 429 ? 'tooMany' : status >= 500 || status === networkErrorStatus ? 'unavailable' : 'generic';
  return { [FORM_ERROR]: { key } };
}

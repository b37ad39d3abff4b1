/**
 * A refused POST as final-form submission errors: a 400 naming a field of the form lands beside that field, in
 * the page's language; anything else (rate limit, expired session, a server fault) above the send button.
 */
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import type { Problem } from './ad-form-rules';

interface Refusal {
  status: number;
  data: unknown;
}

/** Translation keys for what the server said about a field, by form field; the rest get `errorInvalid`. */
const fieldKeys: Record<string, string> = {
  event: 'errorEventClosed',
  price: 'errorPriceServer',
  price_category: 'errorCategoryServer',
  email: 'errorEmail',
  consent: 'errorConsent',
};

const fieldNamed = (data: unknown) =>
  typeof data === 'object' && data !== null && typeof (data as { field?: unknown }).field === 'string'
    ? (data as { field: string }).field
    : undefined;

export function submissionErrors(response: Refusal, fieldOf: (serverField: string | undefined) => string | undefined): SubmissionErrors {
  const problem = (key: string): Problem => ({ key });
  if (response.status === 429) return { [FORM_ERROR]: problem('errorTooMany') };
  if (response.status === 403) return { [FORM_ERROR]: problem('errorSession') };
  const field = response.status === 400 ? fieldOf(fieldNamed(response.data)) : undefined;
  if (field) return { [field]: problem(fieldKeys[field] ?? 'errorInvalid') };
  return { [FORM_ERROR]: problem(response.status >= 500 || response.status === 0 ? 'errorUnavailable' : 'errorGeneric') };
}

/**
 * A refused POST as final-form submission errors: a 400 naming a field of the form lands beside that field, in
 * the page's language; anything else (rate limit, expired session, a server fault) above the send button.
 */
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import type { PostResult } from '../../lib/api-client';
import { refusalErrors } from '../../lib/refusal-errors';
import type { Problem } from './ad-form-rules';

/** Translation keys for what the server said about a field, by form field; the rest get `errorInvalid`. */
const fieldKeys: Record<string, string> = {
  event: 'errorEventClosed',
  price: 'errorPriceServer',
  price_category: 'errorCategoryServer',
  email: 'errorEmail',
  consent: 'errorConsent',
};

export function submissionErrors(response: PostResult<unknown>, fieldOf: (serverField: string | undefined) => string | undefined): SubmissionErrors {
  const problem = (key: string): Problem => ({ key });
  if (response.status === 429) return { [FORM_ERROR]: problem('errorTooMany') };
  if (response.status === 403) return { [FORM_ERROR]: problem('errorSession') };
  const generic = problem(response.status >= 500 || response.status === 0 ? 'errorUnavailable' : 'errorGeneric');
  if (response.status !== 400) return { [FORM_ERROR]: generic };
  // The page's own sentence for the field, never the server's English.
  return refusalErrors(response, fieldOf, (_, field) => (field ? problem(fieldKeys[field] ?? 'errorInvalid') : generic));
}

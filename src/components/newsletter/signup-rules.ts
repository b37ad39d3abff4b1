/**
 * The sign-up form's checks, the same as the server's (shared/newsletter.ts and the body schema), and the
 * mapping of the server's answers to messages. Values are translation keys of the `newsletter` namespace.
 */
import { isEmailAddress } from '../../../contract/email-rule';
import type { PostResult } from '../../lib/api-client';
import { placedAnyField, refusalErrors } from '../../lib/refusal-errors';

export interface SignupValues {
  email?: string;
  consent?: boolean;
  website?: string;
}

export type SignupErrorKey =
  | 'errorEmailRequired'
  | 'errorEmailInvalid'
  | 'errorConsentRequired'
  | 'errorNotReady'
  | 'errorRateLimited'
  | 'errorSession'
  | 'errorNetwork'
  | 'errorGeneric';

export interface SignupErrors {
  email?: SignupErrorKey;
  consent?: SignupErrorKey;
  /** About the form as a whole. */
  form?: SignupErrorKey;
}

export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  const email = values.email?.trim() ?? '';
  if (!email) errors.email = 'errorEmailRequired';
  else if (!isEmailAddress(email)) errors.email = 'errorEmailInvalid';
  if (values.consent !== true) errors.consent = 'errorConsentRequired';
  return errors;
}

/** The fields the server may name, with the form's field and the message it shows there. */
const fieldKeys: Record<string, [keyof SignupErrors, SignupErrorKey]> = {
  'body.email': ['email', 'errorEmailInvalid'],
  'body.consent': ['consent', 'errorConsentRequired'],
};

/** What a refused sign-up means for the form: a field's message where the server names one, else the form's. */
export function signupErrorsFrom(result: PostResult<unknown>): SignupErrors {
  if (result.ok) return {};
  if (result.status === 400) {
    const errors = refusalErrors<SignupErrorKey>(result, (field) => fieldKeys[field]?.[0], (_, name) => fieldKeys[`body.${name}`]?.[1] ?? 'errorGeneric');
    if (placedAnyField(errors)) return errors as SignupErrors;
  }
  if (result.status === 429) return { form: 'errorRateLimited' };
  if (result.status === 403) return { form: 'errorSession' };
  if (result.status === 0) return { form: 'errorNetwork' };
  return { form: 'errorGeneric' };
}

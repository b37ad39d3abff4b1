import { signupErrorsFrom, validateSignup } from './signup-rules';

describe('validateSignup', () => {
  it('asks for an address, a plausible one, and consent, as the server does', () => {
    expect(validateSignup({})).toEqual({ email: 'errorEmailRequired', consent: 'errorConsentRequired' });
    expect(validateSignup({ email: '   ', consent: true })).toEqual({ email: 'errorEmailRequired' });
    expect(validateSignup({ email: 'name@example', consent: true })).toEqual({ email: 'errorEmailInvalid' });
    expect(validateSignup({ email: 'na me@example.org', consent: true })).toEqual({ email: 'errorEmailInvalid' });
    expect(validateSignup({ email: `${'a'.repeat(250)}@example.org`, consent: true })).toEqual({ email: 'errorEmailInvalid' });
    expect(validateSignup({ email: ' name@example.org ', consent: false })).toEqual({ consent: 'errorConsentRequired' });
    expect(validateSignup({ email: 'name@example.org', consent: true })).toEqual({});
  });
});

describe('signupErrorsFrom', () => {
  const refused = (status: number, field?: string) => ({ ok: false as const, status, data: { message: 'x', field } });
  it('puts field errors beside their fields and the rest above the form', () => {
    expect(signupErrorsFrom(refused(400, 'body.email'))).toEqual({ email: 'errorEmailInvalid' });
    expect(signupErrorsFrom(refused(400, 'body.consent'))).toEqual({ consent: 'errorConsentRequired' });
    expect(signupErrorsFrom(refused(429))).toEqual({ form: 'errorRateLimited' });
    expect(signupErrorsFrom(refused(403, 'headers.origin'))).toEqual({ form: 'errorSession' });
    expect(signupErrorsFrom(refused(0))).toEqual({ form: 'errorNetwork' });
    expect(signupErrorsFrom(refused(500))).toEqual({ form: 'errorGeneric' });
    expect(signupErrorsFrom({ ok: true, status: 202, data: {} })).toEqual({});
  });
});

import { FORM_ERROR } from 'final-form';
import React, { useEffect, useRef, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import { consentFormValue, consentText, signupFormPath } from '../../../contract/newsletter';
import { EMAIL_MAX_LENGTH } from '../../../contract/email-rule';
import { useFormToken } from '../../lib/hooks/use-form-token';
import type { Locale } from '../../../contract/locales';
import { postJson } from '../../lib/api-client';
import { Honeypot } from '../forms/honeypot';
import { shownCheck } from '../forms/message-timing';
import { signupErrorsFrom, validateSignup, type SignupValues } from './signup-rules';

const fieldOrder = ['email', 'consent'] as const;
const idOf = (name: string) => `newsletter-${name}`;


/**
 * The sign-up form: e-mail, consent (the consent text whose version the server stores), honeypot and form token.
 * Checks in the browser mirror the server's; the server's refusals show beside their fields. On success the form
 * gives way to a message that takes the focus. Without script it is a plain form posted to the content server,
 * which answers with a page of the site (ADR 073); its `form_token` is empty then, as a built page cannot hold a
 * fresh one, and the server asks the visitor to check and send once more.
 */
export function SignupForm({ locale }: { locale: Locale }) {
  const { t } = useTranslation('newsletter');
  const formToken = useFormToken(locale);
  const [done, setDone] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) successRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <div ref={successRef} tabIndex={-1} role="status" className="newsletter-result newsletter-result--success">
        <h2>{t('successTitle')}</h2>
        <p>{t('successText')}</p>
      </div>
    );
  }

  const submit = async (values: SignupValues) => {
    const token = await formToken.ready().catch(() => undefined);
    if (!token) return { [FORM_ERROR]: t('errorNotReady') };
    const result = await postJson(`/${locale}/api/newsletter/subscribe/`, {
      email: values.email?.trim() ?? '',
      consent: values.consent === true,
      website: values.website ?? '',
      form_token: token,
    });
    if (result.ok) {
      setDone(true);
      return undefined;
    }
    const errors = signupErrorsFrom(result);
    return {
      ...(errors.email ? { email: t(errors.email) } : {}),
      ...(errors.consent ? { consent: t(errors.consent) } : {}),
      ...(errors.form ? { [FORM_ERROR]: t(errors.form) } : {}),
    };
  };

  const validate = (values: SignupValues) => {
    const errors = validateSignup(values);
    return Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, t(key)]));
  };

  return (
    <Form<SignupValues>
      onSubmit={submit}
      validate={validate}
      render={({ handleSubmit, form, submitting, submitError }) => (
        <form
          className="newsletter-form"
          aria-label={t('formLabel')}
          method="post"
          action={signupFormPath(locale)}
          noValidate
          onSubmit={async (event) => {
            await handleSubmit(event);
            // Focus the first field at fault, so its message is read out with it.
            const { errors = {}, submitErrors = {} } = form.getState();
            const first = fieldOrder.find((name) => errors[name] || submitErrors[name]);
            if (first) document.getElementById(idOf(first))?.focus();
          }}
        >
          {submitError && (
            <p className="newsletter-form__error" role="alert">
              {submitError}
            </p>
          )}
          <Field<string> name="email">
            {({ input, meta }) => {
              const error = shownCheck<string>(meta);
              return (
                <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
                  <label htmlFor={idOf('email')}>
                    {t('email')} <span className="form-field__required">({t('required')})</span>
                  </label>
                  <input
                    {...input}
                    id={idOf('email')}
                    type="email"
                    autoComplete="email"
                    maxLength={EMAIL_MAX_LENGTH}
                    aria-required="true"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${idOf('email')}-hint${error ? ` ${idOf('email')}-error` : ''}`}
                  />
                  <p id={`${idOf('email')}-hint`} className="form-field__hint">
                    {t('emailHint')}
                  </p>
                  {error && (
                    <p id={`${idOf('email')}-error`} className="form-field__error">
                      {error}
                    </p>
                  )}
                </div>
              );
            }}
          </Field>
          <Field<boolean> name="consent" type="checkbox">
            {({ input, meta }) => {
              const error = shownCheck<string>(meta);
              return (
                <div className={`form-field form-field--checkbox${error ? ' form-field--invalid' : ''}`}>
                  <input
                    type="checkbox"
                    name={input.name}
                    value={consentFormValue}
                    checked={input.checked === true}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    onFocus={input.onFocus}
                    id={idOf('consent')}
                    aria-required="true"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${idOf('consent')}-error` : undefined}
                  />
                  <label htmlFor={idOf('consent')}>
                    {consentText[locale]} <span className="form-field__required">({t('required')})</span>
                  </label>
                  {error && (
                    <p id={`${idOf('consent')}-error`} className="form-field__error">
                      {error}
                    </p>
                  )}
                </div>
              );
            }}
          </Field>
          <Honeypot />
          <input type="hidden" name="form_token" value="" />
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? t('submitting') : t('submit')}
          </button>
        </form>
      )}
    />
  );
}

/** The staff login (react-final-form): e-mail or username and password; the server's message on failure. */
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import React, { useId } from 'react';
import { Field, Form } from 'react-final-form';
import type { Locale } from '../../contract/locales';
import { placedAnyField, refusalErrors } from '../lib/refusal-errors';
import { useFocusOnRefusal } from './form-focus';
import { loginTexts, type LoginTexts } from './login-texts';
import { refusalText, type Refused } from './refusal-texts';
import { createSessionApi } from './session-api';

interface Values {
  login: string;
  password: string;
}

const loginFields = ['login', 'password'] as const;

interface Props {
  locale: Locale;
  onLoggedIn: () => void;
  onCancel: () => void;
  cancelLabel: string;
}

/**
 * A refused login as form errors in the page's language (src/staff/refusal-texts.ts): a named field beside it, a
 * throttle with the seconds the server names, anything else above the form.
 */
export function loginRefusal(result: Refused, texts: Pick<LoginTexts, 'loginThrottled'>, locale: Locale): SubmissionErrors {
  if (result.status === 400) {
    const errors = refusalErrors(result, (field) => loginFields.find((name) => field === `body.${name}`), () => refusalText(result, locale));
    if (placedAnyField(errors)) return errors;
  }
  // Throttled (server/src/services/login-throttle.ts, or the address limits of ADR 029): the wait in seconds.
  if (result.status === 429) return { [FORM_ERROR]: texts.loginThrottled(String(result.data.params?.seconds ?? 60)) };
  return { [FORM_ERROR]: refusalText(result, locale) };
}

/** Both fields are required: every empty one is marked on submit, not only the first. */
export function validateLogin(values: Partial<Values>, texts: Pick<LoginTexts, 'required'>): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const name of loginFields) if (!values[name]?.trim()) errors[name] = texts.required;
  return errors;
}

export function LoginForm({ locale, onLoggedIn, onCancel, cancelLabel }: Props) {
  const texts = loginTexts[locale];
  const id = useId();
  const focus = useFocusOnRefusal();
  const submit = async (values: Values) => {
    const result = await createSessionApi(locale).login({ login: values.login.trim(), password: values.password });
    if (result.ok) {
      onLoggedIn();
      return undefined;
    }
    return loginRefusal(result, texts, locale);
  };
  return (
    <Form<Values>
      onSubmit={submit}
      validate={(values) => validateLogin(values, texts)}
      render={({ handleSubmit, submitting, submitError }) => (
        <form ref={focus.ref} onSubmit={focus.submitWith(handleSubmit)} noValidate className="kfe-form">
          {loginFields.map((name) => (
            <Field<string> key={name} name={name}>
              {({ input, meta }) => {
                // From the first submit on, not on blur: see shownError in module-form.tsx.
                const error = (meta.submitFailed && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
                return (
                  <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
                    <label className="form-field__label" htmlFor={`${id}-${name}`}>
                      {name === 'login' ? texts.loginField : texts.passwordField}
                    </label>
                    <input
                      {...input}
                      id={`${id}-${name}`}
                      type={name === 'password' ? 'password' : 'text'}
                      autoComplete={name === 'password' ? 'current-password' : 'username'}
                      aria-invalid={Boolean(error)}
                      aria-describedby={error ? `${id}-${name}-error` : undefined}
                    />
                    {error && (
                      <p className="form-field__error" id={`${id}-${name}-error`}>
                        {String(error)}
                      </p>
                    )}
                  </div>
                );
              }}
            </Field>
          ))}
          {submitError && (
            <p className="kfe-form__error" role="alert">
              {String(submitError)}
            </p>
          )}
          <div className="kfe-actions">
            <button type="button" className="kfe-button kfe-button--secondary" onClick={onCancel}>
              {cancelLabel}
            </button>
            <button type="submit" className="kfe-button" disabled={submitting}>
              {texts.loginSubmit}
            </button>
          </div>
        </form>
      )}
    />
  );
}

import React, { type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { formatPrice } from '../../../contract/event-format';
import { isLocale } from '../../../contract/locales';
import { shownCheck } from '../forms/message-timing';
import type { Problem } from './ad-form-rules';

/**
 * What a field error says: a client-side Problem (a translation key) or a server message already in words. The
 * forms keep both in final-form's error slots, so one renderer shows either.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('exchange');
  return (error: unknown): string | undefined => {
    if (!error || typeof error !== 'object') return undefined;
    if ('text' in error && typeof error.text === 'string') return error.text;
    if ('key' in error && typeof error.key === 'string') {
      const values = (error as Problem).values ?? {};
      // Money in the error (a ceiling) is shown as the site shows prices.
      const formatted = Object.fromEntries(
        Object.entries(values).map(([name, value]) =>
          name === 'cents' && typeof value === 'number' ? ['price', formatPrice(value, isLocale(i18n.language) ? i18n.language : 'de')] : [name, value],
        ),
      );
      return t(error.key, formatted);
    }
    return undefined;
  };
}

/** A field's error once the form was sent (then live), or the server's until the field is changed (message-timing.ts). */
export function shownError(
  meta: { submitFailed?: boolean; error?: unknown; submitError?: unknown; dirtySinceLastSubmit?: boolean },
  text: (error: unknown) => string | undefined,
) {
  const shown = shownCheck(meta);
  return shown === undefined ? undefined : text(shown);
}

/**
 * After a send that found mistakes, puts the focus on the first field marked invalid, so keyboard and screen-reader
 * users land where the first error message is. Waits a frame: the marks render after the submit event.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, submitted: Promise<unknown> | undefined) {
  void Promise.resolve(submitted).then(() =>
    requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
  );
}

interface Props {
  id: string;
  label: ReactNode;
  /** Shown once the field was left or the form was sent. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }) => ReactNode;
  className?: string;
}

/** A label, the control, a hint and the error, wired together for screen readers. */
export function Field({ id, label, error, hint, required, children, className }: Props) {
  const { t } = useTranslation('exchange');
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`exchange-field${error ? ' exchange-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="exchange-field__label">
        {label}
        {required && <span className="exchange-field__required"> ({t('required')})</span>}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), ...(described ? { 'aria-describedby': described } : {}), ...(required ? { 'aria-required': true } : {}) })}
      {hint && (
        <p className="exchange-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="exchange-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The end of a form: what kept it from being sent (not tied to a field), and the send button. */
export function SendRow({ submitting = false, submitError, label }: { submitting?: boolean; submitError: unknown; label: string }) {
  const { t } = useTranslation('exchange');
  const errorText = useErrorText();
  const message = errorText(submitError);
  return (
    <>
      {message && (
        <p className="exchange-form__error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? t('sending') : label}
      </button>
    </>
  );
}

/**
 * The small form parts of the pickers' own forms (react-final-form): a labelled input with its hint and message,
 * and the answer of a failed call as the form's errors. The editor and the hub each have their own field frames;
 * these sit in dialogs both open.
 */
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import React, { useId, type ReactNode } from 'react';
import { Field } from 'react-final-form';
import type { PostResult } from '../../lib/api-client';
import { refusalErrors } from '../../lib/refusal-errors';
import { refusalText } from '../refusal-texts';
import type { PickerTexts } from './picker-texts';

interface InputProps {
  name: string;
  label: string;
  hint?: string;
  validate?: (value: unknown) => string | undefined;
  required?: boolean;
  rows?: number;
  lang?: string;
  type?: 'text' | 'search' | 'datetime-local';
  autoFocus?: boolean;
}

const describedBy = (id: string, hint: unknown, error: unknown) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function PickerInput({ name, label, hint, validate, required, rows, lang, type = 'text', autoFocus }: InputProps) {
  const id = useId();
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = (meta.submitFailed && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
        const common = {
          ...input,
          value: input.value ?? '',
          id,
          lang,
          required,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy(id, hint, error),
          ...(autoFocus ? { 'data-autofocus': true } : {}),
        };
        return (
          <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={id}>
              {label}
              {required && <span aria-hidden="true"> *</span>}
            </label>
            {rows ? <textarea {...common} rows={rows} /> : <input {...common} type={type} />}
            <FieldNotes id={id} hint={hint} error={error} />
          </div>
        );
      }}
    </Field>
  );
}

/**
 * A failed answer as final-form errors: beside the input `fieldOf` names, else above the form; in the texts'
 * language from the refusal's code, never the server's English message (ADR 033).
 */
export function answerErrors(result: PostResult<unknown>, texts: PickerTexts, fieldOf: (field: string) => string | undefined): SubmissionErrors {
  if (result.ok) return undefined;
  if (result.status === 0) return { [FORM_ERROR]: texts.networkError };
  return refusalErrors(result, fieldOf, (listed) => listed ?? refusalText(result, texts.language));
}

/** The hint and the message under an input, with the ids its `aria-describedby` names (`{id}-hint`, `{id}-error`). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: unknown }) {
  return (
    <>
      {hint ? (
        <p className="form-field__help" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={`${id}-error`}>
          {String(error)}
        </p>
      ) : null}
    </>
  );
}

/** A picker form's two buttons: back to the list (the safe one, first) and send. */
export function FormActions({ cancelLabel, onCancel, submitLabel, submitting }: { cancelLabel: string; onCancel: () => void; submitLabel: string; submitting?: boolean }) {
  return (
    <div className="kfe-actions">
      <button type="button" className="kfe-button kfe-button--secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className="kfe-button" disabled={submitting}>
        {submitLabel}
      </button>
    </div>
  );
}

export function FormError({ error }: { error: unknown }) {
  return error ? (
    <p className="kfe-form__error" role="alert">
      {String(error)}
    </p>
  ) : null;
}

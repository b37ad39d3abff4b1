/**
 * The hub's form parts (react-final-form), shared by every change page: text, long text, number, select and
 * checkbox fields, and the form shell. The form's own checks (a required field left empty) speak only after an attempt
 * to submit, so a message appearing on leaving a field never moves the button being clicked; then they follow the
 * input as it changes. A server's validation message shows beside the input it names, marked
 * aria-invalid and tied to it with aria-describedby; after each attempt to submit, the focus moves to the first
 * input with a message, and a message for no field shows above the form as an alert.
 */
import type { SubmissionErrors } from 'final-form';
import React, { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Field } from 'react-final-form';
import { type PostResult } from './api';
import { refusalErrors } from '../lib/refusal-errors';
import { refusalText } from '../staff/refusal-texts';
import { texts } from './texts';
import { hubLanguage } from './hub-language';

/** A required text: refused empty or only spaces. */
export const required = (value: unknown) => (typeof value === 'string' ? (value.trim() ? undefined : texts.required) : value == null ? texts.required : undefined);

/**
 * The form's errors from a failed answer, in the hub's language (src/staff/refusal-texts.ts, never the server's
 * English): each message beside the field `fieldOf` maps its server name to
 * (`body.name.de` → `name.de`), else above the form. `fieldOf` answers undefined for a field the form lacks.
 */
export function submissionErrors(result: PostResult<unknown>, fieldOf: (field: string) => string | undefined): SubmissionErrors {
  if (result.ok) return undefined;
  // `errors` lists several fields of a visitor's form entry; a staff call names one field and its code.
  return refusalErrors(result, fieldOf, (listed) => listed ?? refusalText(result, hubLanguage()));
}

/** `body.name.de` → `name.de` when the form has it (`known`), else undefined. */
export const bodyFieldOf =
  (known: ReadonlySet<string> | ((name: string) => boolean)) =>
  (field: string): string | undefined => {
    const name = field.replace(/^body\./, '');
    return (typeof known === 'function' ? known(name) : known.has(name)) ? name : undefined;
  };

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: unknown;
  required?: boolean;
  children: ReactNode;
}

/** Label, input, hint and message of one field. */
function FieldFrame({ id, label, hint, error, required: isRequired, children }: FieldFrameProps) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {isRequired && <span className="form-field__required" aria-hidden="true"> *</span>}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The hint and the message under a field, with the ids `describedBy` names. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: unknown }) {
  return (
    <>
      {hint && (
        <p className="form-field__help" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error ? (
        <p className="form-field__error" id={`${id}-error`}>
          {String(error)}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, hint: unknown, error: unknown) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export interface TextFieldProps {
  name: string;
  label: string;
  hint?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- final-form's validators take a field's value of any type
  validate?: (value: any) => string | undefined;
  /** Marks the field required (also implied by `validate`). */
  isRequired?: boolean;
  type?: 'text' | 'url' | 'email' | 'number' | 'password' | 'datetime-local' | 'date';
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  /** The language of what is typed in, where it is not German. */
  lang?: string;
  autoComplete?: string;
  placeholder?: string;
}

export function TextField({ name, label, hint, validate, isRequired, type = 'text', rows, lang, autoComplete, placeholder }: TextFieldProps) {
  const id = useId();
  const needed = Boolean(validate) || Boolean(isRequired);
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = (meta.submitFailed && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
        const common = {
          ...input,
          value: input.value ?? '',
          id,
          lang,
          placeholder,
          required: needed,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy(id, hint, error),
        };
        return (
          <FieldFrame id={id} label={label} hint={hint} error={error} required={needed}>
            {rows ? <textarea {...common} rows={rows} /> : <input {...common} type={type} autoComplete={autoComplete} />}
          </FieldFrame>
        );
      }}
    </Field>
  );
}

export interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Said under the select (e.g. that its options could not be loaded). */
  hint?: string;
  disabled?: boolean;
}

export function SelectField({ name, label, options, hint, disabled }: SelectFieldProps) {
  const id = useId();
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = !meta.dirtySinceLastSubmit && meta.submitError;
        return (
          <FieldFrame id={id} label={label} hint={hint} error={error}>
            <select {...input} id={id} disabled={disabled} aria-invalid={Boolean(error)} aria-describedby={describedBy(id, hint, error)}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FieldFrame>
        );
      }}
    </Field>
  );
}

export function CheckboxField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const id = useId();
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input, meta }) => {
        const error = !meta.dirtySinceLastSubmit && meta.submitError;
        return (
          <div className="form-field">
            <label className="kfh-check" htmlFor={id}>
              <input
                type="checkbox"
                name={input.name}
                checked={Boolean(input.checked)}
                onChange={input.onChange}
                onBlur={input.onBlur}
                onFocus={input.onFocus}
                id={id}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy(id, hint, error)}
              />
              {label}
            </label>
            <FieldNotes id={id} hint={hint} error={error} />
          </div>
        );
      }}
    </Field>
  );
}

export interface FormShellProps {
  handleSubmit: (event?: React.SyntheticEvent<HTMLFormElement>) => Promise<unknown> | undefined;
  submitting: boolean;
  submitError?: unknown;
  submitLabel: string;
  /** Shown beside the submit button in a polite status region (e.g. "Gespeichert."). */
  status?: string;
  /** More actions after the submit button (delete). */
  actions?: ReactNode;
  /** Names the form for assistive technology where a page holds more than one. */
  label?: string;
  children: ReactNode;
}

/** A hub form: the fields, a message for no field on top, submit, status and further actions below. */
export function FormShell({ handleSubmit, submitting, submitError, submitLabel, status, actions, label, children }: FormShellProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // Counts the attempts to submit, whether they stop at the form's own checks or reach the server.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0 && !submitting) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, submitting]);
  return (
    <form
      ref={formRef}
      className="kfh-form"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        setAttempt((n) => n + 1);
        return handleSubmit(event);
      }}
    >
      {submitError ? (
        <p className="kfh-message kfh-message--error" role="alert">
          {String(submitError)}
        </p>
      ) : null}
      {children}
      <div className="kfh-actions">
        <button type="submit" className="kfe-button" disabled={submitting}>
          {submitLabel}
        </button>
        <p role="status" className="kfh-note">
          {status}
        </p>
        {actions && <div className="kfh-actions__end">{actions}</div>}
      </div>
    </form>
  );
}

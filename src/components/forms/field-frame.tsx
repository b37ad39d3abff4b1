/** The frame every field of a configurable form shares: label or legend, required mark, help text and error. */
import React, { type ReactNode } from 'react';
import type { FieldMetaState } from 'react-final-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { PublicFormField } from '../../../contract/schemas/forms';
import { shownCheck } from './message-timing';

/** The message to show: the browser check's once a send was tried, else the server's (message-timing.ts). */
export function shownError(meta: FieldMetaState<unknown>): string | undefined {
  const text = shownCheck<unknown>(meta);
  return typeof text === 'string' ? text : undefined;
}

/** `*` for the eye, "(required)" for screen readers. */
export function RequiredMark({ required }: { required: boolean }) {
  const { t } = useTranslation('forms');
  if (!required) return null;
  return (
    <>
      <span className="form-field__required" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="visually-hidden"> ({t('required')})</span>
    </>
  );
}

interface FrameProps {
  id: string;
  field: PublicFormField;
  error?: string;
  /**
   * `group`: a set of options, a fieldset whose legend is the label; `checkbox`: one box with its label after it;
   * default: the label above the control.
   */
  variant?: 'group' | 'checkbox';
  /** A line the control is described by before the field's help text (`${id}-hint`), e.g. what a file may be. */
  hint?: ReactNode;
  /** Shown between the help text and the error, e.g. an upload's progress. */
  status?: ReactNode;
  className?: string;
  children: (aria: { 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** Label (or legend), the control, help text and error, tied together with aria-describedby. */
export function FieldFrame({ id, field, error, variant, hint, status, className, children }: FrameProps) {
  const described = [hint ? `${id}-hint` : '', field.help_text ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const title = (
    <>
      {field.label}
      <RequiredMark required={field.required} />
    </>
  );
  const below = (
    <>
      {hint && (
        <p className="form-field__help" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {field.help_text && (
        <p className="form-field__help" id={`${id}-help`}>
          {field.help_text}
        </p>
      )}
      {status}
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
  const classes = ['form-field', variant ? `form-field--${variant}` : '', className ?? '', error ? 'form-field--invalid' : ''].filter(Boolean).join(' ');
  if (variant === 'group') {
    return (
      <fieldset className={classes} aria-describedby={described}>
        <legend className="form-field__label">{title}</legend>
        {children({ 'aria-invalid': Boolean(error) })}
        {below}
      </fieldset>
    );
  }
  if (variant === 'checkbox') {
    return (
      <div className={classes}>
        <div className="form-field__option">
          {children({ 'aria-invalid': Boolean(error), 'aria-describedby': described })}
          <label htmlFor={id}>{title}</label>
        </div>
        {below}
      </div>
    );
  }
  return (
    <div className={classes}>
      <label className="form-field__label" htmlFor={id}>
        {title}
      </label>
      {children({ 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      {below}
    </div>
  );
}

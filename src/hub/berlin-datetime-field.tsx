/**
 * A date-and-time field in Berlin time (ADR 038): a native `datetime-local` input showing the wall clock in
 * Europe/Berlin, whatever the staff member's own time zone; the form keeps the instant with Berlin's offset of
 * that moment (`2026-11-28T19:30+01:00`), the format the API takes, so values and saves are unchanged.
 */
import React, { useId } from 'react';
import { Field } from 'react-final-form';
import { FieldNotes } from '../staff/pickers/picker-fields';
import { berlinFromWallClock, berlinWallClock } from '../../contract/berlin-time';

interface Props {
  name: string;
  label: string;
  hint?: string;
  validate?: (value: unknown) => string | undefined;
  /** Down to the second (`step=1`), for times that must be exact, e.g. a scheduled change a moment ahead. */
  seconds?: boolean;
}

export function BerlinDateTimeField({ name, label, hint, validate, seconds = false }: Props) {
  const id = useId();
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = (meta.submitFailed && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        return (
          <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={id}>
              {label}
              {validate && <span className="form-field__required" aria-hidden="true"> *</span>}
            </label>
            <input
              id={id}
              type="datetime-local"
              name={input.name}
              value={berlinWallClock(input.value, { seconds })}
              step={seconds ? 1 : undefined}
              required={Boolean(validate)}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy}
              onChange={(event) => input.onChange(berlinFromWallClock(event.currentTarget.value) ?? '')}
              onBlur={() => input.onBlur()}
              onFocus={() => input.onFocus()}
            />
            <FieldNotes id={id} hint={hint} error={error} />
          </div>
        );
      }}
    </Field>
  );
}

/**
 * The image file input of the upload and replace forms (react-final-form): labelled, with its hint and the
 * server's message (`file`) beside it, and the upload's progress in a polite live region.
 */
import React, { useId } from 'react';
import { Field } from 'react-final-form';
import { mediaTexts } from './media-texts';

/** What the server takes; checked there by content, here only to spare a hopeless upload. */
export const acceptedTypes = 'image/jpeg,image/png,image/webp';
export const maxFileBytes = 20 * 1024 * 1024;

export const fileRequired = (value: unknown) => {
  if (!(value instanceof File)) return mediaTexts.fileRequired;
  return value.size > maxFileBytes ? mediaTexts.fileTooLarge : undefined;
};

export function FileField({ name = 'file', label = mediaTexts.fieldFile }: { name?: string; label?: string }) {
  const id = useId();
  return (
    <Field<File | undefined> name={name} validate={fileRequired}>
      {({ input, meta }) => {
        const error = (meta.submitFailed && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
        return (
          <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={id}>
              {label}
              <span className="form-field__required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <input
              id={id}
              type="file"
              name={input.name}
              accept={acceptedTypes}
              required
              aria-invalid={Boolean(error)}
              aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
              onChange={(event) => input.onChange(event.currentTarget.files?.[0])}
              onBlur={() => input.onBlur()}
              onFocus={() => input.onFocus()}
            />
            <p className="form-field__help" id={`${id}-hint`}>
              {mediaTexts.fileHint}
            </p>
            {error ? (
              <p className="form-field__error" id={`${id}-error`}>
                {String(error)}
              </p>
            ) : null}
          </div>
        );
      }}
    </Field>
  );
}

/** The bar while bytes are sent, and what is happening in words (always present, so news is read out). */
export function UploadProgress({ percent, busy }: { percent: number | undefined; busy: boolean }) {
  const sent = percent !== undefined && percent >= 100;
  return (
    <div className="kfh-upload-progress">
      {busy && <progress max={100} value={percent} aria-label={mediaTexts.progressLabel} />}
      <p role="status" className="kfh-note">
        {busy ? (sent ? mediaTexts.processing : mediaTexts.uploading(percent)) : ''}
      </p>
    </div>
  );
}

import React, { useRef, useState, type ChangeEvent } from 'react';
import { Field, useForm, type FieldInputProps } from 'react-final-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { PublicFormField } from '../../../contract/schemas/forms';
import { checkUploadFor, formMessage, kindList } from '../../../contract/form-rules';
import { acceptAttribute, formatBytes, kindClaimedBy, maxUploadBytes, uploadKindNames } from '../../../contract/upload-kinds';
import type { FormToken } from '../../lib/hooks/use-form-token';
import type { Locale } from '../../../contract/locales';
import { unreachable } from '../../lib/api-client';
import { uploadFile } from './form-api';
import { uploadFailure } from './upload-failure';
import { FieldFrame, shownError } from './field-frame';

interface Props {
  field: PublicFormField;
  id: string;
  locale: Locale;
  formToken: FormToken;
  onUploading: (busy: boolean) => void;
}

type Upload = { phase: 'idle' } | { phase: 'uploading'; name: string } | { phase: 'done'; name: string; size: number } | { phase: 'failed'; message: string };

/**
 * A file field: the file goes to the upload call as soon as it is chosen, and the field's value becomes the id the
 * server answers (what the entry sends). Size and type are checked first with the server's rules; what the server
 * refuses (a disguised or unknown file) is shown at the field.
 */
export function FileField({ field, id, locale, formToken, onUploading }: Props) {
  const { t } = useTranslation('forms');
  const picker = useRef<HTMLInputElement>(null);
  const form = useForm();
  const honeypotValue = () => {
    const value = (form.getState().values as Record<string, unknown>).website;
    return typeof value === 'string' ? value : '';
  };
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const kinds = field.constraints.accept.length ? field.constraints.accept : uploadKindNames;
  const limit = Math.min(field.constraints.max_size ?? maxUploadBytes, maxUploadBytes);

  const clear = (input: FieldInputProps<unknown>, next: Upload) => {
    input.onChange(null);
    setUpload(next);
    if (picker.current) picker.current.value = '';
  };

  async function choose(event: ChangeEvent<HTMLInputElement>, input: FieldInputProps<unknown>) {
    const file = event.target.files?.[0];
    input.onBlur();
    if (!file) return;
    const problem = checkUploadFor(field, kindClaimedBy(file.name), file.size, maxUploadBytes, locale);
    if (problem) return clear(input, { phase: 'failed', message: problem });
    input.onChange(null);
    setUpload({ phase: 'uploading', name: file.name });
    onUploading(true);
    try {
      // An upload made in the form's first seconds waits for the form token to be accepted, as a send would.
      const token = await formToken.ready().catch(() => undefined);
      const result = token === undefined ? unreachable : await uploadFile(locale, file, token, honeypotValue());
      if (result.ok) {
        input.onChange(result.data.id);
        setUpload({ phase: 'done', name: result.data.name, size: result.data.size });
      } else {
        // A 415 names the kinds this field takes, as its hint and the entry's check say (upload-failure.ts).
        const failure = uploadFailure(result);
        const message =
          'text' in failure ? failure.text : failure.key === 'fileKind' ? formMessage(locale, 'fileKind', { kinds: kindList(kinds) }) : t(failure.key);
        clear(input, { phase: 'failed', message });
      }
    } finally {
      onUploading(false);
    }
  }

  return (
    <Field name={field.slug}>
      {({ input, meta }) => (
        <FieldFrame
          id={id}
          field={field}
          error={upload.phase === 'failed' ? upload.message : shownError(meta)}
          className="form-field--file"
          hint={t('fileHint', { kinds: kindList(kinds), size: formatBytes(limit, locale) })}
          status={
            <div className="form-field__upload" aria-live="polite">
              {upload.phase === 'uploading' && (
                <p className="form-field__progress">
                  <span className="form-field__spinner" aria-hidden="true" />
                  {t('uploading', { name: upload.name })}
                </p>
              )}
              {upload.phase === 'done' && input.value ? (
                <p className="form-field__uploaded">
                  {t('uploaded', { name: upload.name, size: formatBytes(upload.size, locale) })}{' '}
                  <button type="button" className="form-field__remove" onClick={() => clear(input, { phase: 'idle' })}>
                    {t('removeFile')}
                  </button>
                </p>
              ) : null}
            </div>
          }
        >
          {(aria) => (
            <>
              {/* Unnamed: a file goes to the upload call, and without script the form sends without it (ADR 072). */}
              <noscript>
                <p className="form-field__help">{t('fileNeedsScript')}</p>
              </noscript>
              <input
              {...aria}
              ref={picker}
              id={id}
              type="file"
              accept={acceptAttribute(kinds)}
              required={field.required && !input.value}
              disabled={upload.phase === 'uploading'}
              onChange={(event) => void choose(event, input)}
              />
            </>
          )}
        </FieldFrame>
      )}
    </Field>
  );
}

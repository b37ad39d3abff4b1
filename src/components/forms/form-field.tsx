import React from 'react';
import { Field } from 'react-final-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { PublicFormField } from '../../../contract/schemas/forms';
import { emailConfirmType, fieldTypes } from '../../../contract/form-field-types';
import { dateBounds } from '../../../contract/form-rules';
import type { FormToken } from '../../lib/hooks/use-form-token';
import type { Locale } from '../../../contract/locales';
import { FieldFrame, shownError } from './field-frame';
import { FileField } from './file-field';

interface Props {
  field: PublicFormField;
  locale: Locale;
  /** Unique per form on the page; ids of controls, help and error texts start with it. */
  idPrefix: string;
  formToken: FormToken;
  onUploading: (busy: boolean) => void;
}

const autoComplete: Record<string, string> = {
  name: 'name',
  first_name: 'given-name',
  last_name: 'family-name',
  address: 'street-address',
  email: 'email',
  email2: 'email',
  phone: 'tel',
};

/** Text inputs show '' for an empty value (final-form keeps undefined, the API may start with null). */
const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** One field of a configurable form, by its type (shared/form-field-types.ts). */
export function FormField({ field, locale, idPrefix, formToken, onUploading }: Props) {
  const id = `${idPrefix}-${field.slug}`;
  const type = field.field_type;
  const { max_length: maxLength, min, max, whole_number: whole } = field.constraints;

  if (type === fieldTypes.hidden) return null;
  if (type === fieldTypes.file) return <FileField field={field} id={id} locale={locale} formToken={formToken} onUploading={onUploading} />;

  if (type === fieldTypes.multipleChoice || type === fieldTypes.radio) {
    const inputType = type === fieldTypes.radio ? 'radio' : 'checkbox';
    return (
      <Field name={field.slug} subscription={{ error: true, submitError: true, submitFailed: true, dirtySinceLastSubmit: true }}>
        {({ meta }) => (
          <FieldFrame id={id} field={field} error={shownError(meta)} variant="group">
            {(aria) => (
              <div className="form-field__options">
                {field.choices.map((choice, i) => (
                  <Field key={choice.value} name={field.slug} type={inputType} value={choice.value}>
                    {({ input }) => (
                      <div className="form-field__option">
                        <input {...input} {...aria} id={`${id}-${i}`} required={type === fieldTypes.radio && field.required} />
                        <label htmlFor={`${id}-${i}`}>{choice.label}</label>
                      </div>
                    )}
                  </Field>
                ))}
              </div>
            )}
          </FieldFrame>
        )}
      </Field>
    );
  }

  if (type === fieldTypes.checkbox) {
    return (
      <Field name={field.slug} type="checkbox">
        {({ input, meta }) => (
          <FieldFrame id={id} field={field} error={shownError(meta)} variant="checkbox">
            {/* Sent as `on` when ticked without script (ADR 072); final-form reads `checked`, not the value. */}
            {(aria) => <input {...input} {...aria} id={id} required={field.required} value="on" />}
          </FieldFrame>
        )}
      </Field>
    );
  }

  if (type === fieldTypes.select || type === fieldTypes.multipleSelect) {
    const multiple = type === fieldTypes.multipleSelect;
    return (
      <Field name={field.slug} multiple={multiple} format={multiple ? (value: unknown) => (Array.isArray(value) ? value : []) : asText}>
        {({ input, meta }) => (
          <FieldFrame id={id} field={field} error={shownError(meta)}>
            {(aria) => (
              <select {...input} {...aria} id={id} required={field.required} multiple={multiple} size={multiple ? Math.min(field.choices.length, 6) : undefined}>
                {!multiple && <ChooseOption />}
                {field.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        )}
      </Field>
    );
  }

  return (
    <Field name={field.slug} format={asText}>
      {({ input, meta }) => (
        <FieldFrame id={id} field={field} error={shownError(meta)}>
          {(aria) => {
            const common = {
              ...input,
              ...aria,
              id,
              required: field.required,
              placeholder: field.placeholder_text || undefined,
              autoComplete: autoComplete[field.slug],
            };
            if (type === fieldTypes.textarea) return <textarea {...common} rows={6} maxLength={maxLength ?? undefined} />;
            if (type === fieldTypes.number) {
              return <input {...common} type="number" inputMode={whole ? 'numeric' : 'decimal'} min={min ?? undefined} max={max ?? undefined} step={whole ? 1 : 'any'} />;
            }
            if (type === fieldTypes.date) return <input {...common} type="date" {...dateBounds({ min, max })} />;
            const inputType =
              type === fieldTypes.email || type === emailConfirmType ? 'email' : type === fieldTypes.url ? 'url' : type === fieldTypes.phone ? 'tel' : 'text';
            return <input {...common} type={inputType} maxLength={maxLength ?? undefined} />;
          }}
        </FieldFrame>
      )}
    </Field>
  );
}

function ChooseOption() {
  const { t } = useTranslation('forms');
  return <option value="">{t('choose')}</option>;
}

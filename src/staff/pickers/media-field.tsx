/**
 * An image field of a react-final-form form (the editor's modules, the hub's records): the chosen image as a
 * thumbnail with its alt text and "Ändern"/"Entfernen", or a button that opens the media picker. The form keeps
 * the media's id (a number in the editor, the text of one in the hub: `asText`); the field reads the image's
 * details itself, so a list item or a freshly loaded record shows its picture too.
 */
import React, { useEffect, useId, useRef, useState } from 'react';
import { Field } from 'react-final-form';
import type { Locale } from '../../../contract/locales';
import { altIn, mediaPickerApi, thumbnailUrl, type PickerMedia } from './media-picker-api';
import { MediaPicker } from './media-picker';
import { FieldNotes } from './picker-fields';
import { pickerTexts } from './picker-texts';
import { usePickerStyles } from './picker-styles';
import { useStaffLanguage } from '../staff-language';

/** The id a form value holds: a positive whole number, else none. */
export function mediaIdOf(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

type Details = { state: 'loading' } | { state: 'missing' } | { state: 'done'; media: PickerMedia };

function useMediaDetails(locale: Locale, id: number | undefined, known: PickerMedia | undefined): Details | undefined {
  const [details, setDetails] = useState<Details>();
  useEffect(() => {
    if (id === undefined) return undefined;
    if (known?.id === id) {
      setDetails({ state: 'done', media: known });
      return undefined;
    }
    const controller = new AbortController();
    setDetails({ state: 'loading' });
    mediaPickerApi.read(locale, id, controller.signal).then(
      (result) => setDetails(result.ok ? { state: 'done', media: result.data } : { state: 'missing' }),
      () => undefined,
    );
    return () => controller.abort();
  }, [locale, id, known]);
  return id === undefined ? undefined : details;
}

interface Props {
  name: string;
  label: string;
  locale: Locale;
  required?: boolean;
  hint?: string;
  /** The form holds the id as text ('' for none), as the hub's number inputs did. */
  asText?: boolean;
  /** Validation of the form's own (final-form field-level). */
  validate?: (value: unknown) => string | undefined;
}

export function MediaField({ name, label, locale, required, hint, asText, validate }: Props) {
  usePickerStyles();
  const texts = pickerTexts[useStaffLanguage()];
  const id = useId();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<PickerMedia>();
  // After a pick or a removal the button that opened the picker is gone: the focus goes to the one in its place.
  const [focusNext, setFocusNext] = useState<'change' | 'choose'>();
  const changeRef = useRef<HTMLButtonElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusNext || open) return;
    (focusNext === 'change' ? changeRef : chooseRef).current?.focus();
    setFocusNext(undefined);
  }, [focusNext, open]);

  return (
    <Field name={name} validate={validate}>
      {({ input, meta }) => {
        const mediaId = mediaIdOf(input.value);
        const error = ((meta.touched || meta.submitFailed) && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        const set = (value: number | undefined) => {
          input.onChange(value === undefined ? '' : asText ? String(value) : value);
          input.onBlur();
        };
        return (
          <div className={`form-field kfp-field${error ? ' form-field--invalid' : ''}`} role="group" aria-labelledby={`${id}-label`} data-media-field={name}>
            <span className="form-field__label" id={`${id}-label`}>
              {label}
              {required && (
                <>
                  <span aria-hidden="true"> *</span>
                  <span className="visually-hidden"> ({texts.required})</span>
                </>
              )}
            </span>
            <Chosen locale={locale} mediaId={mediaId} picked={picked} />
            <div className="kfp-field__actions">
              {mediaId === undefined ? (
                <button ref={chooseRef} type="button" className="kfe-button kfe-button--secondary kfe-button--small" aria-invalid={Boolean(error)} aria-describedby={describedBy} onClick={() => setOpen(true)}>
                  {texts.mediaChoose}
                </button>
              ) : (
                <>
                  <button ref={changeRef} type="button" className="kfe-button kfe-button--secondary kfe-button--small" aria-label={texts.mediaChangeNamed(label)} aria-describedby={describedBy} onClick={() => setOpen(true)}>
                    {texts.mediaChange}
                  </button>
                  <button
                    type="button"
                    className="kfe-button kfe-button--secondary kfe-button--small"
                    aria-label={texts.mediaRemoveNamed(label)}
                    onClick={() => {
                      set(undefined);
                      setFocusNext('choose');
                    }}
                  >
                    {texts.mediaRemove}
                  </button>
                </>
              )}
            </div>
            <FieldNotes id={id} hint={hint} error={error} />
            {open && (
              <MediaPicker
                locale={locale}
                onClose={() => setOpen(false)}
                onPick={(media) => {
                  setPicked(media);
                  set(media.id);
                  setOpen(false);
                  setFocusNext('change');
                }}
              />
            )}
          </div>
        );
      }}
    </Field>
  );
}

function Chosen({ locale, mediaId, picked }: { locale: Locale; mediaId: number | undefined; picked: PickerMedia | undefined }) {
  const texts = pickerTexts[useStaffLanguage()];
  const details = useMediaDetails(locale, mediaId, picked);
  if (mediaId === undefined) return <p className="kfp-field__none">{texts.mediaNone}</p>;
  if (!details || details.state === 'loading') return <p className="kfp-field__none">{texts.loading}</p>;
  if (details.state === 'missing') return <p className="kfp-field__none">{texts.mediaMissing(mediaId)}</p>;
  const { media } = details;
  const alt = altIn(media, locale);
  return (
    <div className="kfp-chosen" data-media-id={media.id}>
      <img src={thumbnailUrl(media)} alt="" width={120} height={Math.max(1, Math.round((120 * media.height) / media.width))} style={{ backgroundColor: media.color }} />
      <p>{texts.mediaAlt(alt || texts.mediaNoAlt)}</p>
    </div>
  );
}

/**
 * A link field of a react-final-form form (the editor's module links): either a typed address, held to the one
 * link rule (ADR 026) by the form's own checks and the server, or a page or event chosen in the link picker and
 * kept as a reference (`page:12`, `event:34`; ADR 034) that follows the target's address. A chosen target shows
 * as a sentence with "Ändern"/"Entfernen" instead of the input.
 */
import React, { useEffect, useId, useRef, useState } from 'react';
import { Field } from 'react-final-form';
import type { Locale } from '../../../contract/locales';
import { parseLinkReference, type LinkReference } from '../../../contract/link-reference';
import { linkPickerApi } from './link-picker-api';
import { describeEvent, describePage, LinkPicker, type PickedLink } from './link-picker';
import { FieldNotes } from './picker-fields';
import { pickerTexts, type PickerTexts } from './picker-texts';
import { usePickerStyles } from './picker-styles';
import { useStaffLanguage } from '../staff-language';

/** The sentence for a stored reference, read from the hub (the tree for a page, the record for an event). */
function useDescription(locale: Locale, texts: PickerTexts, reference: LinkReference | undefined, known: PickedLink | undefined, value: string) {
  const [description, setDescription] = useState<string>();
  useEffect(() => {
    if (!reference) return undefined;
    if (known?.reference === value) {
      setDescription(known.description);
      return undefined;
    }
    const controller = new AbortController();
    setDescription(texts.loading);
    const load =
      reference.kind === 'page'
        ? linkPickerApi.pages(locale, controller.signal).then((result) => {
            const page = result.ok ? result.data.results.find((row) => row.id === reference.id) : undefined;
            return page ? describePage(page, locale, texts) : texts.linkedMissing;
          })
        : linkPickerApi.event(locale, reference.id, controller.signal).then((result) =>
            result.ok ? describeEvent({ title_de: result.data.title.de, title_en: result.data.title.en, start_at: result.data.start_at }, locale, texts) : texts.linkedMissing,
          );
    load.then(setDescription, () => undefined);
    return () => controller.abort();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the reference by kind and id: callers make a new object on every render
  }, [locale, texts, reference?.kind, reference?.id, known, value]);
  return reference ? description : undefined;
}

interface Props {
  name: string;
  label: string;
  locale: Locale;
  required?: boolean;
}

export function LinkField({ name, label, locale, required }: Props) {
  usePickerStyles();
  const texts = pickerTexts[useStaffLanguage()];
  const id = useId().replace(/:/g, '');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<PickedLink>();
  const [focusNext, setFocusNext] = useState<'change' | 'input'>();
  const changeRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusNext || open) return;
    (focusNext === 'change' ? changeRef : inputRef).current?.focus();
    setFocusNext(undefined);
  }, [focusNext, open]);

  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const value = typeof input.value === 'string' ? input.value : '';
        return (
          <LinkFieldBody
            id={id}
            label={label}
            required={required}
            locale={locale}
            texts={texts}
            value={value}
            error={((meta.touched || meta.submitFailed) && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError) || undefined}
            picked={picked}
            changeRef={changeRef}
            inputRef={inputRef}
            onType={input.onChange}
            onBlur={input.onBlur}
            onOpen={() => setOpen(true)}
            onRemove={() => {
              input.onChange('');
              input.onBlur();
              setFocusNext('input');
            }}
          >
            {open && (
              <LinkPicker
                locale={locale}
                onClose={() => setOpen(false)}
                onPick={(target) => {
                  setPicked(target);
                  input.onChange(target.reference);
                  input.onBlur();
                  setOpen(false);
                  setFocusNext('change');
                }}
              />
            )}
          </LinkFieldBody>
        );
      }}
    </Field>
  );
}

interface BodyProps {
  id: string;
  label: string;
  required?: boolean;
  locale: Locale;
  texts: PickerTexts;
  value: string;
  error: unknown;
  picked: PickedLink | undefined;
  changeRef: React.RefObject<HTMLButtonElement>;
  inputRef: React.RefObject<HTMLInputElement>;
  onType: (value: string) => void;
  onBlur: () => void;
  onOpen: () => void;
  onRemove: () => void;
  children: React.ReactNode;
}

function LinkFieldBody({ id, label, required, locale, texts, value, error, picked, changeRef, inputRef, onType, onBlur, onOpen, onRemove, children }: BodyProps) {
  const reference = parseLinkReference(value);
  const description = useDescription(locale, texts, reference, picked, value);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`form-field kfp-field${error ? ' form-field--invalid' : ''}`} role="group" aria-labelledby={`${id}-label`} data-link-field>
      <label className="form-field__label" id={`${id}-label`} htmlFor={reference ? undefined : id}>
        {label}
        {required && (
          <>
            <span aria-hidden="true"> *</span>
            <span className="visually-hidden"> ({texts.required})</span>
          </>
        )}
      </label>
      {reference ? (
        <>
          <p className="kfp-linked">{description}</p>
          <div className="kfp-field__actions">
            <button ref={changeRef} type="button" className="kfe-button kfe-button--secondary kfe-button--small" aria-label={texts.linkChangeNamed(label)} aria-describedby={describedBy} onClick={onOpen}>
              {texts.mediaChange}
            </button>
            <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" aria-label={texts.linkRemoveNamed(label)} onClick={onRemove}>
              {texts.mediaRemove}
            </button>
          </div>
        </>
      ) : (
        <div className="kfp-field__actions">
          <input ref={inputRef} id={id} type="text" value={value} onChange={(event) => onType(event.currentTarget.value)} onBlur={onBlur} aria-invalid={Boolean(error)} aria-describedby={describedBy} />
          <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={onOpen}>
            {texts.linkChoose}
          </button>
        </div>
      )}
      <FieldNotes id={id} hint={texts.linkTypedHint} error={error} />
      {children}
    </div>
  );
}

import React, { useEffect, useId, useRef, useState } from 'react';
import { LinkPicker } from '../../staff/pickers/link-picker';
import { pickerTexts } from '../../staff/pickers/picker-texts';
import { usePickerStyles } from '../../staff/pickers/picker-styles';
import { InlineFormActions } from './inline-form-actions';
import type { RichTextLocale, RichTextTexts } from './texts';
import type { LinkCheck } from './url';
import { useStaffLanguage } from '../../staff/staff-language';

/** A page or event picked for the link (ADR 038): its reference, and its title for a link inserted without text. */
export interface PickedTarget {
  ref: string;
  title: string;
}

interface LinkFormProps {
  id: string;
  texts: RichTextTexts;
  locale: RichTextLocale;
  href: string;
  /** The page or event the link was picked for, if it was. */
  linkRef?: string;
  newWindow: boolean;
  /** A link is being edited, so it can be removed. */
  editing: boolean;
  onApply: (address: string, newWindow: boolean, picked?: PickedTarget) => LinkCheck;
  onRemove: () => void;
  onClose: () => void;
}

/**
 * The link form, shown inline under the toolbar. Not a <form>: the editor sits inside the module form and
 * forms cannot nest, so Enter applies and Escape cancels here, and neither reaches the outer form or modal.
 * "Seite oder Veranstaltung wählen …" opens the link picker; a pick applies at once, keeping the target's reference
 * so the link follows a renamed page. A typed address replaces the reference; an unchanged one keeps it.
 */
export function LinkForm({ id, texts, locale, href, linkRef, newWindow, editing, onApply, onRemove, onClose }: LinkFormProps) {
  const language = useStaffLanguage();
  usePickerStyles();
  const [address, setAddress] = useState(href);
  const [blank, setBlank] = useState(newWindow);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const base = useId();
  const ids = { title: `${base}-title`, address: `${base}-address`, hint: `${base}-hint`, error: `${base}-error`, picked: `${base}-picked` };
  const keepsRef = Boolean(linkRef) && address === href;

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const apply = () => {
    const result = onApply(address, blank, keepsRef && linkRef ? { ref: linkRef, title: '' } : undefined);
    if (!result.ok) {
      setError(linkRef && !href && address === '' ? texts.linkPickedGone : texts.linkErrors[result.reason]);
      input.current?.focus();
    }
  };

  return (
    <div
      id={id}
      className="rte__link"
      role="group"
      aria-labelledby={ids.title}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <p className="rte__link-title" id={ids.title}>
        {texts.linkForm}
      </p>
      <label htmlFor={ids.address}>{texts.linkAddress}</label>
      <input
        ref={input}
        id={ids.address}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={address}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && ids.error, keepsRef && ids.picked, ids.hint].filter(Boolean).join(' ')}
        onChange={(event) => {
          setAddress(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      {keepsRef && (
        <p className="rte__link-hint" id={ids.picked}>
          {href ? texts.linkPicked : texts.linkPickedGone}
        </p>
      )}
      <p className="rte__link-hint" id={ids.hint}>
        {texts.linkHint}
      </p>
      <button type="button" className="kfe-button kfe-button--small kfe-button--secondary" onClick={() => setPicking(true)}>
        {pickerTexts[language].linkChoose}
      </button>
      {picking && (
        <LinkPicker
          locale={locale}
          onClose={() => setPicking(false)}
          onPick={(target) => {
            setPicking(false);
            const result = onApply(target.address, blank, { ref: target.reference, title: target.title });
            if (!result.ok) setError(texts.linkErrors[result.reason]);
          }}
        />
      )}
      <p className="rte__link-error" id={ids.error} aria-live="polite">
        {error}
      </p>
      <label className="rte__link-check">
        <input type="checkbox" checked={blank} onChange={(event) => setBlank(event.target.checked)} />
        {texts.linkNewWindow}
      </label>
      <InlineFormActions
        className="rte__link-actions"
        applyLabel={texts.linkApply}
        onApply={apply}
        removeLabel={editing ? texts.linkRemove : undefined}
        onRemove={onRemove}
        cancelLabel={texts.linkCancel}
        onClose={onClose}
      />
    </div>
  );
}

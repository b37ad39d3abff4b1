import React, { useEffect, useId, useRef, useState } from 'react';
import type { RichTextTexts } from './texts';
import type { LinkCheck } from './url';

interface LinkFormProps {
  id: string;
  texts: RichTextTexts;
  href: string;
  newWindow: boolean;
  /** A link is being edited, so it can be removed. */
  editing: boolean;
  onApply: (address: string, newWindow: boolean) => LinkCheck;
  onRemove: () => void;
  onClose: () => void;
}

/**
 * The link form, shown inline under the toolbar. Not a <form>: the editor sits inside the module form and
 * forms cannot nest, so Enter applies and Escape cancels here, and neither reaches the outer form or modal.
 */
export function LinkForm({ id, texts, href, newWindow, editing, onApply, onRemove, onClose }: LinkFormProps) {
  const [address, setAddress] = useState(href);
  const [blank, setBlank] = useState(newWindow);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const base = useId();
  const ids = { title: `${base}-title`, address: `${base}-address`, hint: `${base}-hint`, error: `${base}-error` };

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const apply = () => {
    const result = onApply(address, blank);
    if (!result.ok) {
      setError(texts.linkErrors[result.reason]);
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
        aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
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
      <p className="rte__link-hint" id={ids.hint}>
        {texts.linkHint}
      </p>
      <p className="rte__link-error" id={ids.error} aria-live="polite">
        {error}
      </p>
      <label className="rte__link-check">
        <input type="checkbox" checked={blank} onChange={(event) => setBlank(event.target.checked)} />
        {texts.linkNewWindow}
      </label>
      <div className="rte__link-actions">
        <button type="button" className="kfe-button kfe-button--small" onClick={apply}>
          {texts.linkApply}
        </button>
        {editing && (
          <button type="button" className="kfe-button kfe-button--small kfe-button--secondary" onClick={onRemove}>
            {texts.linkRemove}
          </button>
        )}
        <button type="button" className="kfe-button kfe-button--small kfe-button--secondary" onClick={onClose}>
          {texts.linkCancel}
        </button>
      </div>
    </div>
  );
}

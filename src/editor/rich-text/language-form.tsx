import React, { useEffect, useId, useRef, useState } from 'react';
import { InlineFormActions } from './inline-form-actions';
import type { RichTextTexts } from './texts';
import { LANGUAGES } from './types';

interface LanguageFormProps {
  id: string;
  texts: RichTextTexts;
  /** The language the selected text is marked with, if it is one. */
  lang?: string;
  /** Some selected text is marked, so the marking can be removed. */
  marked: boolean;
  onApply: (lang: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/**
 * Marks the selected text as being in another language (WCAG 3.1.2), shown inline under the toolbar like the
 * link form: a group of radio buttons (arrow keys choose), Enter applies and Escape cancels, and neither reaches
 * the module form around the editor.
 */
export function LanguageForm({ id, texts, lang, marked, onApply, onRemove, onClose }: LanguageFormProps) {
  const [choice, setChoice] = useState(lang ?? '');
  const [error, setError] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const base = useId();
  const ids = { title: `${base}-title`, hint: `${base}-hint`, error: `${base}-error` };
  // A tag in the text that the list does not offer stays choosable, so applying does not change it unasked.
  const options: string[] = lang && !(LANGUAGES as readonly string[]).includes(lang) ? [...LANGUAGES, lang] : [...LANGUAGES];
  const label = (code: string) => {
    const name = (texts.languageNames as Record<string, string>)[code] ?? texts.languageOther;
    return `${name} (${code})`;
  };

  useEffect(() => {
    const radios = group.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    const checked = Array.from(radios ?? []).find((radio) => radio.checked);
    (checked ?? radios?.[0])?.focus();
  }, []);

  const apply = () => {
    if (choice === '') {
      setError(true);
      group.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    onApply(choice);
  };

  return (
    <div
      ref={group}
      id={id}
      className="rte__form"
      role="group"
      aria-labelledby={ids.title}
      aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          // Enter on a radio would submit the module form.
          event.preventDefault();
          apply();
        }
      }}
    >
      <p className="rte__form-title" id={ids.title}>
        {texts.languageForm}
      </p>
      <p className="rte__form-hint" id={ids.hint}>
        {texts.languageHint}
      </p>
      <div className="rte__choices">
        {options.map((code) => (
          <label key={code} className="rte__form-check">
            <input
              type="radio"
              name={`${base}-lang`}
              value={code}
              checked={choice === code}
              onChange={() => {
                setChoice(code);
                setError(false);
              }}
            />
            {label(code)}
          </label>
        ))}
      </div>
      <p className="rte__form-error" id={ids.error} aria-live="polite">
        {error ? texts.languageMissing : null}
      </p>
      <InlineFormActions
        className="rte__form-actions"
        applyLabel={texts.languageApply}
        onApply={apply}
        removeLabel={marked ? texts.languageRemove : undefined}
        onRemove={onRemove}
        cancelLabel={texts.languageCancel}
        onClose={onClose}
      />
    </div>
  );
}

/**
 * Rich text as a form control. Until the Slate editor (src/editor/rich-text/rich-text-editor.tsx) lands, the HTML
 * is edited as source in a textarea with the same props, so the form and its rules already work.
 */
import React from 'react';
import type { Locale } from '../lib/locales';

interface Props {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  locale: Locale;
}

export function RichTextField({ id, value, onChange, onBlur, labelledBy, describedBy, invalid }: Props) {
  return (
    <textarea
      id={id}
      rows={6}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid}
    />
  );
}

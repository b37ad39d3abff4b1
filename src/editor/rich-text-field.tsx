/** The rich-text editor (src/editor/rich-text) as a form control: reports leaving it, so errors show on blur. */
import React from 'react';
import type { Locale } from '../../contract/locales';
import { RichTextEditor } from './rich-text/rich-text-editor';

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

export function RichTextField({ onBlur, ...props }: Props) {
  return (
    <div
      onBlur={(event) => {
        // Moving between the toolbar, the text and the link form is not leaving the field.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
    >
      <RichTextEditor {...props} />
    </div>
  );
}

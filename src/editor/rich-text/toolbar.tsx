import React, { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ReactEditor, useSlate } from 'slate-react';
import {
  canIndent,
  canOutdent,
  canRedo,
  canUndo,
  indent,
  isListActive,
  isMarkActive,
  outdent,
  toggleList,
  toggleMark,
} from './commands';
import type { RichTextTexts } from './texts';

interface ToolbarProps {
  /** Id of the editable area the toolbar acts on. */
  controls: string;
  /** The form open under the toolbar, if any, and its id. */
  openForm: 'link' | 'language' | null;
  formId: string;
  apple: boolean;
  texts: RichTextTexts;
  onLink: () => void;
  onLanguage: () => void;
}

interface Tool {
  key: string;
  label: string;
  /** Key with Mod, for the hint and aria-keyshortcuts. */
  shortcut?: string;
  icon: ReactNode;
  /** Marks and lists are toggles (aria-pressed); the rest are plain buttons. */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
  /** Commands return focus to the text; the link and language buttons hand it to their form. */
  keepFocus?: boolean;
  /** The form this button opens (aria-expanded and aria-controls). */
  form?: 'link' | 'language';
  group: number;
}

const svg = (children: ReactNode) => (
  <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    {children}
  </svg>
);
const lines = (x: number) => <path d={`M${x} 5h${17 - x}M${x} 10h${17 - x}M${x} 15h${17 - x}`} />;
const icons = {
  bulleted: svg(<>{lines(8)}<path d="M3.5 5h.01M3.5 10h.01M3.5 15h.01" strokeWidth={3} /></>),
  numbered: svg(<>{lines(8)}<path d="M3 4l1.5-1v5M2.5 12.5c1-1.5 3-1 2.5.5L2.5 17h3" strokeWidth={1.3} /></>),
  outdent: svg(<>{lines(10)}<path d="M6 7l-3 3 3 3" /></>),
  indent: svg(<>{lines(10)}<path d="M3 7l3 3-3 3" /></>),
  link: svg(<path d="M8.5 11.5a3 3 0 004.2 0l3-3a3 3 0 00-4.2-4.2l-1 1M11.5 8.5a3 3 0 00-4.2 0l-3 3a3 3 0 004.2 4.2l1-1" />),
  language: svg(<><circle cx="10" cy="10" r="7" /><path d="M3 10h14M10 3c-2.5 2-2.5 12 0 14M10 3c2.5 2 2.5 12 0 14" /></>),
  undo: svg(<path d="M7 4L3 8l4 4M3 8h9a5 5 0 010 10H9" />),
  redo: svg(<path d="M13 4l4 4-4 4M17 8H8a5 5 0 000 10h3" />),
};

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys, Home and End move between the
 * buttons. Pressing a button with the mouse keeps the focus and selection in the text.
 */
export function Toolbar({ controls, openForm, formId, apple, texts, onLink, onLanguage }: ToolbarProps) {
  const editor = useSlate();
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const tools: Tool[] = [
    { key: 'bold', group: 0, label: texts.bold, shortcut: 'B', icon: <b>B</b>, pressed: isMarkActive(editor, 'bold'), run: () => toggleMark(editor, 'bold') },
    { key: 'italic', group: 0, label: texts.italic, shortcut: 'I', icon: <i>I</i>, pressed: isMarkActive(editor, 'italic'), run: () => toggleMark(editor, 'italic') },
    { key: 'bulleted', group: 1, label: texts.bulletedList, icon: icons.bulleted, pressed: isListActive(editor, 'bulleted-list'), run: () => toggleList(editor, 'bulleted-list') },
    { key: 'numbered', group: 1, label: texts.numberedList, icon: icons.numbered, pressed: isListActive(editor, 'numbered-list'), run: () => toggleList(editor, 'numbered-list') },
    { key: 'outdent', group: 1, label: texts.outdent, icon: icons.outdent, disabled: !canOutdent(editor), run: () => outdent(editor) },
    { key: 'indent', group: 1, label: texts.indent, icon: icons.indent, disabled: !canIndent(editor), run: () => indent(editor) },
    { key: 'link', group: 2, label: texts.link, shortcut: 'K', icon: icons.link, run: onLink, keepFocus: true, form: 'link' },
    { key: 'language', group: 2, label: texts.language, icon: icons.language, run: onLanguage, keepFocus: true, form: 'language' },
    { key: 'undo', group: 3, label: texts.undo, shortcut: 'Z', icon: icons.undo, disabled: !canUndo(editor), run: () => editor.undo() },
    { key: 'redo', group: 3, label: texts.redo, shortcut: apple ? 'Shift+Z' : 'Y', icon: icons.redo, disabled: !canRedo(editor), run: () => editor.redo() },
  ];
  const focusable = Math.min(current, tools.length - 1);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tools.length - 1;
    const next = { ArrowRight: focusable + 1, ArrowLeft: focusable - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = next < 0 ? last : next > last ? 0 : next;
    setCurrent(index);
    buttons.current[index]?.focus();
  };

  return (
    <div
      className="rte__toolbar"
      role="toolbar"
      aria-label={texts.toolbar}
      aria-controls={controls}
      onKeyDown={move}
    >
      {tools.map((tool, index) => {
        const hint = tool.shortcut ? `${apple ? '⌘' : `${texts.ctrl}+`}${tool.shortcut}` : undefined;
        return (
          <React.Fragment key={tool.key}>
            {index > 0 && tools[index - 1].group !== tool.group && <span className="rte__sep" aria-hidden="true" />}
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              className="rte__button"
              tabIndex={index === focusable ? 0 : -1}
              aria-label={tool.label}
              title={hint ? `${tool.label} (${hint})` : tool.label}
              aria-keyshortcuts={tool.shortcut ? `${apple ? 'Meta' : 'Control'}+${tool.shortcut}` : undefined}
              aria-pressed={tool.pressed}
              aria-disabled={tool.disabled || undefined}
              {...(tool.form
                ? { 'aria-expanded': openForm === tool.form, 'aria-controls': openForm === tool.form ? formId : undefined }
                : {})}
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setCurrent(index)}
              onClick={() => {
                if (tool.disabled) return;
                tool.run();
                if (!tool.keepFocus) ReactEditor.focus(editor);
              }}
            >
              {tool.icon}
            </button>
          </React.Fragment>
        );
      })}
    </div>
  );
}

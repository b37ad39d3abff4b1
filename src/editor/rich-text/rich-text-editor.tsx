import React, { useCallback, useEffect, useRef, useState } from 'react';
import { createEditor, Editor, Element, Range, Transforms, type BaseRange, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import {
  Editable,
  ReactEditor,
  Slate,
  withReact,
  type RenderElementProps,
  type RenderLeafProps,
  type RenderTextProps,
} from 'slate-react';
import { useStyleElement } from '../../staff/style-element';
import { activeLink, applyLink, languageState, removeLink, setLanguage } from './commands';
import { isAppleSystem, runShortcut } from './hotkeys';
import { htmlToValue, valueToHtml } from './html';
import { LanguageForm } from './language-form';
import { LinkForm } from './link-form';
import { richTextCss } from './rich-text-styles';
import { richTextTexts, type RichTextLocale } from './texts';
import { Toolbar } from './toolbar';
import type { LinkCheck } from './url';
import { withPastedHtml, withRichText } from './with-rich-text';
import { useStaffLanguage } from '../../staff/staff-language';

export interface RichTextEditorProps {
  id: string;
  /** HTML as stored (the markup of docs/product.md, Module rules); `''` when empty. */
  value: string;
  onChange(html: string): void;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  locale: RichTextLocale;
}

/** One editor per text: a replaced text starts afresh, with its own undo history. */
interface Session {
  key: number;
  editor: Editor;
  initialValue: Descendant[];
}

let sessions = 0;
const newSession = (html: string): Session => ({
  key: (sessions += 1),
  editor: withPastedHtml(withRichText(withHistory(withReact(createEditor())))),
  initialValue: htmlToValue(html),
});

/** The form open under the toolbar, with the selection it acts on. */
type OpenForm = {
  selection: BaseRange | null;
  /** Where the focus goes back to on cancel: the toolbar button or the text. */
  from: 'button' | 'text';
} & (
  | { kind: 'link'; href: string; linkRef?: string; newWindow: boolean; editing: boolean }
  | { kind: 'language'; lang?: string; marked: boolean }
);

function renderElement({ element, attributes, children }: RenderElementProps) {
  switch (element.type) {
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return (
        <li {...attributes} className={element.indent ? `indent-${element.indent}` : undefined}>
          {children}
        </li>
      );
    case 'link':
      return (
        // A picked target that is offline or gone has no address (ADR 038): shown as a link without one.
        <a {...attributes} href={element.href || undefined} title={element.href || undefined}>
          {children}
        </a>
      );
    default:
      return (
        <p {...attributes} className={element.indent ? `indent-${element.indent}` : undefined}>
          {children}
        </p>
      );
  }
}

function renderLeaf({ leaf, attributes, children }: RenderLeafProps) {
  let content = children;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.bold) content = <strong>{content}</strong>;
  return <span {...attributes}>{content}</span>;
}

/**
 * A text in another language carries `lang` (which also gives it its pronunciation and spell checking while
 * editing) and its code for the styles; on the text, not the leaf, so neighbouring texts of one passage are
 * siblings and the styles can show the code once, after the last.
 */
function renderText({ text, attributes, children }: RenderTextProps) {
  if (!text.lang) return <span {...attributes}>{children}</span>;
  return (
    <span {...attributes} lang={text.lang} className="rte__lang" data-lang={text.lang}>
      {children}
    </span>
  );
}

/**
 * The rich-text field of the module forms (docs/product.md, Module rules): bold, italic, lists, indent, links, language
 * marking (WCAG 3.1.2), undo and redo, with a toolbar and shortcuts. Reports HTML as the server's sanitiser stores it,
 * so a saved text reads back as it was written. A `value` other than the last reported one (a restored backup)
 * replaces the text.
 */
export function RichTextEditor({ id, value, onChange, labelledBy, describedBy, invalid, locale }: RichTextEditorProps) {
  useStyleElement('kf-rich-text-styles', richTextCss);
  const texts = richTextTexts[useStaffLanguage()];
  const [session, setSession] = useState(() => newSession(value));
  const { editor } = session;
  const reported = useRef(value);
  const [form, setForm] = useState<OpenForm | null>(null);
  const [apple, setApple] = useState(false);
  const formButton = useRef<HTMLElement | null>(null);
  const formId = `${id}-${form?.kind ?? 'link'}`;

  useEffect(() => {
    setApple(isAppleSystem(navigator.platform || navigator.userAgent));
  }, []);

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setForm(null);
    setSession(newSession(value));
  }, [value]);

  const handleChange = useCallback(
    (children: Descendant[]) => {
      const html = valueToHtml(children);
      if (html === reported.current) return;
      reported.current = html;
      onChange(html);
    },
    [onChange],
  );

  const focusText = () => ReactEditor.focus(editor);

  /** Where the focus returns to: a keyboard user comes from the toolbar button, a mouse click leaves it in the text. */
  const openedFrom = (): OpenForm['from'] => {
    const active = document.activeElement;
    const fromButton = active instanceof HTMLElement && active.closest('[role="toolbar"]') !== null;
    formButton.current = fromButton ? active : null;
    return fromButton ? 'button' : 'text';
  };

  const openLinkForm = () => {
    const from = openedFrom();
    const link = activeLink(editor);
    setForm({
      kind: 'link',
      selection: editor.selection,
      href: link?.[0].href ?? '',
      linkRef: link?.[0].ref,
      newWindow: link?.[0].newWindow === true,
      editing: link !== undefined || (editor.selection !== null && hasLinkIn(editor, editor.selection)),
      from,
    });
  };

  const openLanguageForm = () => {
    const from = openedFrom();
    setForm({ kind: 'language', selection: editor.selection, ...languageState(editor), from });
  };

  const closeForm = (returnTo: OpenForm['from']) => {
    setForm(null);
    // After the form has gone, so the focus does not land on a removed element.
    setTimeout(() => {
      if (returnTo === 'button' && formButton.current?.isConnected) formButton.current.focus();
      else focusText();
    });
  };

  // A second press of a form's button closes it; the other button swaps the forms.
  const toggleForm = (kind: OpenForm['kind'], open: () => void) => {
    if (form?.kind === kind) closeForm(form.from);
    else open();
  };

  const withSavedSelection = (action: () => void) => {
    if (form?.selection) Transforms.select(editor, form.selection);
    action();
  };

  return (
    <div className={invalid ? 'rte rte--invalid' : 'rte'}>
      <Slate key={session.key} editor={editor} initialValue={session.initialValue} onValueChange={handleChange}>
        <Toolbar
          controls={id}
          openForm={form?.kind ?? null}
          formId={formId}
          apple={apple}
          texts={texts}
          onLink={() => toggleForm('link', openLinkForm)}
          onLanguage={() => toggleForm('language', openLanguageForm)}
        />
        {form?.kind === 'link' && (
          <LinkForm
            id={formId}
            texts={texts}
            locale={locale}
            href={form.href}
            linkRef={form.linkRef}
            newWindow={form.newWindow}
            editing={form.editing}
            onApply={(address, newWindow, picked) => {
              let result: LinkCheck = { ok: false, reason: 'empty' };
              withSavedSelection(() => {
                result = applyLink(editor, address, newWindow, picked);
              });
              if (result.ok) closeForm('text');
              return result;
            }}
            onRemove={() => {
              withSavedSelection(() => removeLink(editor));
              closeForm('text');
            }}
            onClose={() => closeForm(form.from)}
          />
        )}
        {form?.kind === 'language' && (
          <LanguageForm
            id={formId}
            texts={texts}
            lang={form.lang}
            marked={form.marked}
            onApply={(lang) => {
              withSavedSelection(() => setLanguage(editor, lang));
              closeForm('text');
            }}
            onRemove={() => {
              withSavedSelection(() => setLanguage(editor, null));
              closeForm('text');
            }}
            onClose={() => closeForm(form.from)}
          />
        )}
        <Editable
          id={id}
          className="rte__content rich-text"
          role="textbox"
          aria-multiline
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          renderText={renderText}
          onKeyDown={(event) => {
            if (event.nativeEvent.isComposing) return;
            const command = runShortcut(editor, event, apple);
            if (!command) return;
            event.preventDefault();
            if (command === 'link') openLinkForm();
          }}
        />
      </Slate>
    </div>
  );
}

function hasLinkIn(editor: Editor, range: Range): boolean {
  const [found] = Editor.nodes(editor, { at: range, match: (node) => Element.isElement(node) && node.type === 'link' });
  return found !== undefined;
}

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
} from 'slate-react';
import { useStyleElement } from '../style-element';
import { activeLink, applyLink, removeLink } from './commands';
import { isAppleSystem, runShortcut } from './hotkeys';
import { htmlToValue, valueToHtml } from './html';
import { LinkForm } from './link-form';
import { richTextCss } from './rich-text-styles';
import { richTextTexts, type RichTextLocale } from './texts';
import { Toolbar } from './toolbar';
import type { LinkCheck } from './url';
import { withRichText } from './with-rich-text';

export interface RichTextEditorProps {
  id: string;
  /** HTML as stored (spec §5 markup); `''` when empty. */
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
  editor: withRichText(withHistory(withReact(createEditor()))),
  initialValue: htmlToValue(html),
});

interface OpenLinkForm {
  selection: BaseRange | null;
  href: string;
  newWindow: boolean;
  editing: boolean;
  /** Where the focus goes back to on cancel: the toolbar button or the text. */
  from: 'button' | 'text';
}

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
        <a {...attributes} href={element.href} title={element.href}>
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
 * The rich-text field of the module forms (spec §5): bold, italic, lists, indent, links, undo and redo, with
 * a toolbar and shortcuts. Reports HTML as the server's sanitiser stores it, so a saved text reads back as it
 * was written. A `value` other than the last reported one (a restored backup) replaces the text.
 */
export function RichTextEditor({ id, value, onChange, labelledBy, describedBy, invalid, locale }: RichTextEditorProps) {
  useStyleElement('kf-rich-text-styles', richTextCss);
  const texts = richTextTexts[locale];
  const [session, setSession] = useState(() => newSession(value));
  const { editor } = session;
  const reported = useRef(value);
  const [linkForm, setLinkForm] = useState<OpenLinkForm | null>(null);
  const [apple, setApple] = useState(false);
  const linkButton = useRef<HTMLElement | null>(null);
  const linkFormId = `${id}-link`;

  useEffect(() => {
    setApple(isAppleSystem(navigator.platform || navigator.userAgent));
  }, []);

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setLinkForm(null);
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

  const openLinkForm = () => {
    // A keyboard user comes from the toolbar button; a mouse click leaves the focus in the text.
    const active = document.activeElement;
    const fromButton = active instanceof HTMLElement && active.closest('[role="toolbar"]') !== null;
    linkButton.current = fromButton ? active : null;
    const from: OpenLinkForm['from'] = fromButton ? 'button' : 'text';
    const link = activeLink(editor);
    setLinkForm({
      selection: editor.selection,
      href: link?.[0].href ?? '',
      newWindow: link?.[0].newWindow === true,
      editing: link !== undefined || (editor.selection !== null && hasLinkIn(editor, editor.selection)),
      from,
    });
  };

  const closeLinkForm = (returnTo: OpenLinkForm['from']) => {
    setLinkForm(null);
    // After the form has gone, so the focus does not land on a removed element.
    setTimeout(() => {
      if (returnTo === 'button' && linkButton.current?.isConnected) linkButton.current.focus();
      else focusText();
    });
  };

  const withSavedSelection = (action: () => void) => {
    if (linkForm?.selection) Transforms.select(editor, linkForm.selection);
    action();
  };

  return (
    <div className={invalid ? 'rte rte--invalid' : 'rte'}>
      <Slate key={session.key} editor={editor} initialValue={session.initialValue} onValueChange={handleChange}>
        <Toolbar
          controls={id}
          linkFormId={linkFormId}
          linkOpen={linkForm !== null}
          apple={apple}
          texts={texts}
          onLink={() => (linkForm ? closeLinkForm(linkForm.from) : openLinkForm())}
        />
        {linkForm && (
          <LinkForm
            id={linkFormId}
            texts={texts}
            href={linkForm.href}
            newWindow={linkForm.newWindow}
            editing={linkForm.editing}
            onApply={(address, newWindow) => {
              let result: LinkCheck = { ok: false, reason: 'empty' };
              withSavedSelection(() => {
                result = applyLink(editor, address, newWindow);
              });
              if (result.ok) closeLinkForm('text');
              return result;
            }}
            onRemove={() => {
              withSavedSelection(() => removeLink(editor));
              closeLinkForm('text');
            }}
            onClose={() => closeLinkForm(linkForm.from)}
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

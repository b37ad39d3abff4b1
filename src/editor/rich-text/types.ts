import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/**
 * The document model of the rich-text editor: exactly what docs/product.md, Module rules, allows. Lists are flat (one
 * level of `ul`/`ol`); deeper levels are the indent classes the sanitiser accepts on `p` and `li`.
 */

export const MARKS = ['bold', 'italic'] as const;
export type Mark = (typeof MARKS)[number];

export const LIST_TYPES = ['bulleted-list', 'numbered-list'] as const;
export type ListType = (typeof LIST_TYPES)[number];
export const isListType = (value: unknown): value is ListType => LIST_TYPES.includes(value as ListType);

export const MAX_INDENT = 3;
export type Indent = 1 | 2 | 3;
export const isIndent = (value: unknown): value is Indent => value === 1 || value === 2 || value === 3;

/**
 * Languages the toolbar offers for marking a passage (WCAG 3.1.2). Stored text may carry any other language tag
 * the sanitiser accepts (pasted or from the old site); the editor keeps those as they are.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'it', 'la', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Line breaks inside a block are `\n` in the text (serialised as `<br />`). `lang` marks a passage in another
 * language than the page, serialised as `<span lang="…">`.
 */
export type FormattedText = { text: string; bold?: true; italic?: true; lang?: string };

export type LinkElement = {
  type: 'link';
  /** The address; empty only for a picked target that is offline or gone (the link then shows as text). */
  href: string;
  /** The page or event picked for it (`page:12`, ADR 038): the server keeps `href` at that target's address. */
  ref?: string;
  /**
   * Opens in a new window (target _blank, rel noopener noreferrer); docs/product.md, Module rules: only when chosen.
   */
  newWindow?: true;
  children: FormattedText[];
};

export type InlineNode = FormattedText | LinkElement;

export type ParagraphElement = { type: 'paragraph'; indent?: Indent; children: InlineNode[] };
export type ListItemElement = { type: 'list-item'; indent?: Indent; children: InlineNode[] };
export type ListElement = { type: ListType; children: ListItemElement[] };

/** Blocks that hold text and carry an indent level. */
export type TextBlockElement = ParagraphElement | ListItemElement;
export type BlockElement = ParagraphElement | ListElement;
export type CustomElement = ParagraphElement | ListElement | ListItemElement | LinkElement;

export type RichTextValue = BlockElement[];

declare module 'slate' {
  interface CustomTypes {
    // The commands use only the Base and History parts, so tests run them on an editor without withReact.
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: CustomElement;
    Text: FormattedText;
  }
}

import { Editor, Element, Node, Path, Range, Text, Transforms, type NodeEntry } from 'slate';
import { MAX_INDENT, isIndent, isListType, type LinkElement, type ListType, type Mark, type TextBlockElement } from './types';
import { isLangTag } from '../../../contract/lang-tag';
import { normalizeHref, type LinkCheck } from './url';

/** Editing commands on a plain Slate editor (no DOM), used by the toolbar, the shortcuts and the tests. */

const isTextBlock = (node: Node): node is TextBlockElement =>
  Element.isElement(node) && (node.type === 'paragraph' || node.type === 'list-item');
const isLink = (node: Node): node is LinkElement => Element.isElement(node) && node.type === 'link';

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

function selectedTextBlocks(editor: Editor): NodeEntry<TextBlockElement>[] {
  if (!editor.selection) return [];
  return Array.from(Editor.nodes<TextBlockElement>(editor, { match: isTextBlock, mode: 'lowest' }));
}

function listTypeAt(editor: Editor, path: Path): ListType | null {
  if (path.length < 2) return null;
  const parent = Node.parent(editor, path);
  return Element.isElement(parent) && isListType(parent.type) ? parent.type : null;
}

/** True when every selected block is an item of a list of this type. */
export function isListActive(editor: Editor, type: ListType): boolean {
  const blocks = selectedTextBlocks(editor);
  return blocks.length > 0 && blocks.every(([, path]) => listTypeAt(editor, path) === type);
}

export function isInList(editor: Editor): boolean {
  const blocks = selectedTextBlocks(editor);
  return blocks.length > 0 && blocks.every(([node]) => node.type === 'list-item');
}

/** Selected blocks become items of a list of this type; if they all are already, they become paragraphs. */
export function toggleList(editor: Editor, type: ListType): void {
  if (!editor.selection) return;
  const active = isListActive(editor, type);
  const isListNode = (node: Node) => Element.isElement(node) && isListType(node.type);
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isListNode, split: true });
    if (active) {
      Transforms.setNodes(editor, { type: 'paragraph' }, { match: isTextBlock, mode: 'lowest' });
      return;
    }
    Transforms.setNodes(editor, { type: 'list-item' }, { match: isTextBlock, mode: 'lowest' });
    Transforms.wrapNodes(editor, { type, children: [] }, { match: isTextBlock, mode: 'lowest' });
  });
}

function indentOf(block: TextBlockElement): number {
  return block.indent ?? 0;
}

export function canIndent(editor: Editor): boolean {
  return selectedTextBlocks(editor).some(([block]) => indentOf(block) < MAX_INDENT);
}

export function canOutdent(editor: Editor): boolean {
  return selectedTextBlocks(editor).some(([block]) => indentOf(block) > 0);
}

/** Moves every selected block one level in (+1) or out (-1), within 0–3. */
export function changeIndent(editor: Editor, step: 1 | -1): void {
  Editor.withoutNormalizing(editor, () => {
    for (const [block, path] of selectedTextBlocks(editor)) {
      const level = Math.max(0, Math.min(MAX_INDENT, indentOf(block) + step));
      if (level === indentOf(block)) continue;
      if (isIndent(level)) Transforms.setNodes(editor, { indent: level }, { at: path });
      else Transforms.unsetNodes(editor, 'indent', { at: path });
    }
  });
}

export const indent = (editor: Editor) => changeIndent(editor, 1);
export const outdent = (editor: Editor) => changeIndent(editor, -1);

/** The link around the selection (its start), if any. */
export function activeLink(editor: Editor): NodeEntry<LinkElement> | undefined {
  if (!editor.selection) return undefined;
  return Editor.above<LinkElement>(editor, { match: isLink, at: Range.start(editor.selection) });
}

/**
 * Links the selection (or updates the link the cursor is in) to the typed address (or a picked page or event's,
 * with its reference, ADR 038), normalised by
 * `normalizeHref`: https unless another allowed scheme is given. A collapsed selection inserts the address
 * (or the picked target's title) as the link's text. Refused addresses change nothing and are returned with the reason.
 */
export function applyLink(editor: Editor, address: string, newWindow: boolean, picked?: { ref: string; title: string }): LinkCheck {
  const ref = picked?.ref;
  const check = normalizeHref(address);
  if (!check.ok) return check;
  // A typed address replaces a picked target: `ref` left out removes it.
  const props: Partial<LinkElement> = { href: check.href, ref, newWindow: newWindow ? true : undefined };
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  const selection = editor.selection as Range;
  const current = activeLink(editor);
  if (current && Range.isCollapsed(selection)) {
    Transforms.setNodes<LinkElement>(editor, props, { at: current[1] });
    return check;
  }
  if (Range.isCollapsed(selection)) {
    const link: LinkElement = { type: 'link', href: check.href, children: [{ text: picked?.title || address.trim() }] };
    if (ref) link.ref = ref;
    if (newWindow) link.newWindow = true;
    Transforms.insertNodes(editor, link);
    return check;
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isLink, split: true });
    const link: LinkElement = { type: 'link', href: check.href, children: [] };
    if (ref) link.ref = ref;
    if (newWindow) link.newWindow = true;
    Transforms.wrapNodes(editor, link, { split: true });
  });
  Transforms.collapse(editor, { edge: 'end' });
  return check;
}

/** Removes the links in the selection (or the one the cursor is in), keeping their text. */
export function removeLink(editor: Editor): void {
  if (!editor.selection) return;
  const current = activeLink(editor);
  if (current && Range.isCollapsed(editor.selection)) {
    Transforms.unwrapNodes(editor, { at: current[1] });
    return;
  }
  Transforms.unwrapNodes(editor, { match: isLink, split: true });
}

/** What the selection's text is marked as: one language, several, or none (`marked` false). */
export interface LanguageState {
  /** The language all marked text in the selection shares; undefined when unmarked or mixed. */
  lang?: string;
  /** Some text in the selection (or the passage at the cursor, or what will be typed) is marked. */
  marked: boolean;
}

function textEntries(editor: Editor, range: Range): NodeEntry<Text>[] {
  return Array.from(Editor.nodes<Text>(editor, { at: range, match: Text.isText })).filter(([text, path]) => {
    if (text.text === '') return false;
    // A leaf the range only touches at its edge (the selection starts at its end) is not selected.
    const overlap = Range.intersection(range, Editor.range(editor, path));
    return overlap !== null && Range.isExpanded(overlap);
  });
}

/**
 * The marked passage around a collapsed cursor: the neighbouring leaves of its block in that language (across
 * links, bold and italic), or null when the cursor's text is not marked.
 */
function passageAt(editor: Editor, at: Range): Range | null {
  const block = Editor.above<TextBlockElement>(editor, { at, match: isTextBlock });
  if (!block) return null;
  const leaves = Array.from(Node.texts(block[0])).map(([text, path]) => [text, block[1].concat(path)] as const);
  const index = leaves.findIndex(([, path]) => Path.equals(path, at.anchor.path));
  const lang = leaves[index]?.[0].lang;
  if (!lang) return null;
  // Empty leaves (Slate's spacers around links) carry no marks and do not end a passage.
  const inPassage = (i: number) => leaves[i] !== undefined && (leaves[i][0].lang === lang || leaves[i][0].text === '');
  let first = index;
  let last = index;
  while (inPassage(first - 1)) first -= 1;
  while (inPassage(last + 1)) last += 1;
  return { anchor: Editor.start(editor, leaves[first][1]), focus: Editor.end(editor, leaves[last][1]) };
}

export function languageState(editor: Editor): LanguageState {
  const selection = editor.selection;
  if (!selection) return { marked: false };
  const range = Range.isCollapsed(selection) ? passageAt(editor, selection) : selection;
  if (!range) {
    // A collapsed cursor in unmarked text: what is typed next may already be marked.
    const lang = Editor.marks(editor)?.lang;
    return lang ? { lang, marked: true } : { marked: false };
  }
  const langs = new Set(textEntries(editor, range).map(([text]) => text.lang));
  const marked = Array.from(langs).some((lang) => lang !== undefined);
  const [only] = langs;
  return langs.size === 1 && only !== undefined ? { lang: only, marked } : { marked };
}

/**
 * Marks the selected text as being in `lang`, or removes the marking (null). A collapsed cursor in a marked
 * passage changes the whole passage, as a cursor in a link edits the link; elsewhere it sets the language of
 * what is typed next. Tags the sanitiser would refuse change nothing.
 */
export function setLanguage(editor: Editor, lang: string | null): void {
  const selection = editor.selection;
  if (!selection || (lang !== null && !isLangTag(lang))) return;
  const passage = Range.isCollapsed(selection) ? passageAt(editor, selection) : null;
  if (!passage) {
    if (lang) Editor.addMark(editor, 'lang', lang);
    else Editor.removeMark(editor, 'lang');
    return;
  }
  if (lang) Transforms.setNodes(editor, { lang }, { at: passage, match: Text.isText, split: true });
  else Transforms.unsetNodes(editor, 'lang', { at: passage, match: Text.isText, split: true });
}

export const canUndo = (editor: Editor) => editor.history.undos.length > 0;
export const canRedo = (editor: Editor) => editor.history.redos.length > 0;

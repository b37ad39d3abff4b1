import { Editor, Element, Node, Range, Transforms, type NodeEntry, type Path } from 'slate';
import {
  MAX_INDENT,
  isIndent,
  isListType,
  type LinkElement,
  type ListType,
  type Mark,
  type TextBlockElement,
} from './types';
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
 * Links the selection (or updates the link the cursor is in) to the typed address, normalised by
 * `normalizeHref`: https unless another allowed scheme is given. A collapsed selection inserts the address
 * as the link's text. Refused addresses change nothing and are returned with the reason.
 */
export function applyLink(editor: Editor, address: string, newWindow: boolean): LinkCheck {
  const check = normalizeHref(address);
  if (!check.ok) return check;
  const props: Partial<LinkElement> = { href: check.href, newWindow: newWindow ? true : undefined };
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  const selection = editor.selection as Range;
  const current = activeLink(editor);
  if (current && Range.isCollapsed(selection)) {
    Transforms.setNodes<LinkElement>(editor, props, { at: current[1] });
    return check;
  }
  if (Range.isCollapsed(selection)) {
    const link: LinkElement = { type: 'link', href: check.href, children: [{ text: address.trim() }] };
    if (newWindow) link.newWindow = true;
    Transforms.insertNodes(editor, link);
    return check;
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isLink, split: true });
    const link: LinkElement = { type: 'link', href: check.href, children: [] };
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

export const canUndo = (editor: Editor) => editor.history.undos.length > 0;
export const canRedo = (editor: Editor) => editor.history.redos.length > 0;

import { Editor, Element, Node, Range, Text, Transforms, type NodeEntry, type Path } from 'slate';
import { htmlToValue, isValueEmpty } from './html';
import { isIndent, isListType, type TextBlockElement } from './types';
import { isLangTag } from '../../../contract/lang-tag';

const isList = (node: Node) => Element.isElement(node) && isListType(node.type);

/**
 * Keeps the document in the shape `valueToHtml` can write (top level: paragraphs and flat lists of items;
 * links inline and never nested) whatever editing or pasting produced, and gives Enter, Backspace and Shift+Enter
 * their list, indent and line-break meaning. Calls the original methods for everything else.
 */
export function withRichText<T extends Editor>(editor: T): T {
  const { isInline, normalizeNode, insertBreak, deleteBackward } = editor;

  editor.isInline = (element) => element.type === 'link' || isInline(element);

  // A line break inside a block, written as `<br />`.
  editor.insertSoftBreak = () => editor.insertText('\n');

  // Enter in an empty list item leaves the list (or first steps back one indent level), as word processors do.
  editor.insertBreak = () => {
    const entry = textBlockAtCursor(editor);
    if (entry && entry[0].type === 'list-item' && Node.string(entry[0]) === '') stepOut(editor, entry);
    else insertBreak();
  };

  // Backspace at the start of an indented block or a list item steps out instead of joining the block above.
  editor.deleteBackward = (unit) => {
    const entry = textBlockAtCursor(editor);
    const selection = editor.selection;
    if (
      entry &&
      selection &&
      Range.isCollapsed(selection) &&
      Editor.isStart(editor, selection.anchor, entry[1]) &&
      (entry[0].type === 'list-item' || entry[0].indent)
    ) {
      stepOut(editor, entry);
      return;
    }
    deleteBackward(unit);
  };

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (Editor.isEditor(node)) {
      if (normalizeTopLevel(editor)) return;
    } else if (Element.isElement(node)) {
      if (normalizeElement(editor, node, path)) return;
    } else if (node.lang !== undefined && !isLangTag(node.lang)) {
      // Pasted from elsewhere: a tag the sanitiser would refuse is no marking.
      Transforms.unsetNodes(editor, 'lang', { at: path });
      return;
    }
    normalizeNode(entry, options);
  };

  return editor;
}

function textBlockAtCursor(editor: Editor): NodeEntry<TextBlockElement> | undefined {
  if (!editor.selection || !Range.isCollapsed(editor.selection)) return undefined;
  return Editor.above<TextBlockElement>(editor, {
    match: (node) => Element.isElement(node) && (node.type === 'list-item' || node.type === 'paragraph'),
  });
}

/** One indent level less; at level 0 a list item becomes a paragraph after its list (splitting it). */
function stepOut(editor: Editor, [block, path]: NodeEntry<TextBlockElement>): void {
  if (block.indent) {
    const level = block.indent - 1;
    if (isIndent(level)) Transforms.setNodes(editor, { indent: level }, { at: path });
    else Transforms.unsetNodes(editor, 'indent', { at: path });
    return;
  }
  if (block.type !== 'list-item') return;
  // Without normalising in between, or the stray item would be wrapped into a list again.
  Editor.withoutNormalizing(editor, () => {
    const ref = Editor.pathRef(editor, path);
    Transforms.liftNodes(editor, { at: path });
    if (ref.current) Transforms.setNodes(editor, { type: 'paragraph' }, { at: ref.current });
    ref.unref();
  });
}

/** Wraps stray list items, puts stray inline content into paragraphs, merges neighbouring lists of one type. */
function normalizeTopLevel(editor: Editor): boolean {
  for (let index = 0; index < editor.children.length; index += 1) {
    const child = editor.children[index];
    if (Element.isElement(child) && child.type === 'list-item') {
      Transforms.wrapNodes(editor, { type: 'bulleted-list', children: [] }, { at: [index] });
      return true;
    }
    if (Text.isText(child) || (Element.isElement(child) && child.type === 'link')) {
      Transforms.wrapNodes(editor, { type: 'paragraph', children: [] }, { at: [index] });
      return true;
    }
    const next = editor.children[index + 1];
    if (next && isList(child) && isList(next) && (child as Element).type === (next as Element).type) {
      Transforms.mergeNodes(editor, { at: [index + 1] });
      return true;
    }
  }
  return false;
}

function normalizeElement(editor: Editor, element: Element, path: Path): boolean {
  const topLevel = path.length === 1;
  if (isList(element)) {
    if (!topLevel) {
      Transforms.unwrapNodes(editor, { at: path });
      return true;
    }
    if (element.children.length === 0) {
      Transforms.removeNodes(editor, { at: path });
      return true;
    }
    for (let index = 0; index < element.children.length; index += 1) {
      // The model says items only; editing and pasting can put anything here.
      const child = element.children[index] as Node;
      const at = path.concat(index);
      if (Element.isElement(child) && child.type === 'paragraph') {
        Transforms.setNodes(editor, { type: 'list-item' }, { at });
        return true;
      }
      if (Element.isElement(child) && isListType(child.type)) {
        Transforms.unwrapNodes(editor, { at });
        return true;
      }
      if (!Element.isElement(child) || child.type === 'link') {
        Transforms.wrapNodes(editor, { type: 'list-item', children: [] }, { at });
        return true;
      }
    }
    return false;
  }
  if (element.type === 'paragraph' || element.type === 'list-item') {
    if (!topLevel) {
      const parent = Node.parent(editor, path);
      const inList = Element.isElement(parent) && isListType(parent.type);
      if (inList && element.type === 'paragraph') {
        Transforms.setNodes(editor, { type: 'list-item' }, { at: path });
        return true;
      }
      if (!inList) {
        // A text block pasted into another one: its text joins the outer block.
        Transforms.unwrapNodes(editor, { at: path });
        return true;
      }
    }
    if ('indent' in element && element.indent !== undefined && !isIndent(element.indent)) {
      Transforms.unsetNodes(editor, 'indent', { at: path });
      return true;
    }
    return false;
  }
  if (element.type === 'link') {
    const outer = Editor.above(editor, { at: path, match: (node) => Element.isElement(node) && node.type === 'link' });
    if (outer) {
      Transforms.unwrapNodes(editor, { at: path });
      return true;
    }
  }
  return false;
}

/**
 * Paste keeps what docs/product.md, Module rules, allows from a word processor or a web page: bold, italic, lists,
 * links and line breaks, read by the same parser as stored HTML (`htmlToValue`, which also knows Word's and Google
 * Docs' markup), so nothing else gets in. A copy within the editor keeps Slate's own fragment; plain text stays plain.
 */
export function withPastedHtml<T extends Editor>(editor: T): T {
  const { insertData } = editor;
  editor.insertData = (data) => {
    const html = data.getData('text/html');
    if (!html || data.types.includes('application/x-slate-fragment')) {
      insertData(data);
      return;
    }
    const value = htmlToValue(html);
    if (isValueEmpty(value)) insertData(data);
    else Transforms.insertFragment(editor, value);
  };
  return editor;
}

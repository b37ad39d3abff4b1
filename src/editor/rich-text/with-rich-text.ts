import { Editor, Element, Node, Text, Transforms, type Path } from 'slate';
import { isIndent, isListType, type ListItemElement } from './types';

const isList = (node: Node) => Element.isElement(node) && isListType(node.type);

/**
 * Keeps the document in the shape `valueToHtml` can write (top level: paragraphs and flat lists of items;
 * links inline and never nested) whatever editing or pasting produced, and gives Enter and Shift+Enter their
 * list and line-break meaning. Calls the original methods for everything else.
 */
export function withRichText<T extends Editor>(editor: T): T {
  const { isInline, normalizeNode, insertBreak } = editor;

  editor.isInline = (element) => element.type === 'link' || isInline(element);

  // A line break inside a block, written as `<br />`.
  editor.insertSoftBreak = () => editor.insertText('\n');

  // Enter in an empty list item leaves the list (or first steps back one indent level), as word processors do.
  editor.insertBreak = () => {
    const entry = Editor.above<ListItemElement>(editor, {
      match: (node) => Element.isElement(node) && node.type === 'list-item',
    });
    if (entry && editor.selection && Node.string(entry[0]) === '') {
      const [item, path] = entry;
      if (item.indent) {
        const level = item.indent - 1;
        Transforms.setNodes(editor, { indent: isIndent(level) ? level : undefined }, { at: path });
      } else {
        // Without normalising in between, or the stray item would be wrapped into a list again.
        Editor.withoutNormalizing(editor, () => {
          const ref = Editor.pathRef(editor, path);
          Transforms.liftNodes(editor, { at: path });
          if (ref.current) Transforms.setNodes(editor, { type: 'paragraph' }, { at: ref.current });
          ref.unref();
        });
      }
      return;
    }
    insertBreak();
  };

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (Editor.isEditor(node)) {
      if (normalizeTopLevel(editor)) return;
    } else if (Element.isElement(node)) {
      if (normalizeElement(editor, node, path)) return;
    }
    normalizeNode(entry, options);
  };

  return editor;
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

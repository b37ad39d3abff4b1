import { Parser } from 'htmlparser2';
import { Element, Text, type Descendant } from 'slate';
import { MAX_INDENT, isIndent, type BlockElement, type FormattedText, type Indent, type InlineNode, type LinkElement, type ListElement, type ListItemElement, type ListType, type ParagraphElement, type RichTextValue, type TextBlockElement } from './types';
import { isLangTag } from '../../../contract/lang-tag';
import { normalizeHref } from './url';
import { isLinkReference } from '../../../contract/link-reference';

/**
 * HTML ↔ editor value for the markup of docs/product.md, Module rules, and language marking (WCAG 3.1.2). The
 * serialiser writes exactly what the server's sanitiser (server/src/db/rules/rich-text.ts) writes back, so a saved text
 * comes back unchanged; the parser reads any HTML and keeps only what the editor can show, the rest reduced to its
 * text.
 */

export function emptyValue(): RichTextValue {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}

// Content of these is not text a reader saw, so it is dropped with the element.
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title',
  'select', 'textarea', 'canvas', 'audio', 'video', 'xml', 'meta', 'link',
]);
// Unknown elements that start a new line; other unknown elements (span, u, code …) are unwrapped in place.
const BLOCKS = new Set([
  'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'section', 'article', 'aside', 'header',
  'footer', 'main', 'nav', 'address', 'figure', 'figcaption', 'hr', 'table', 'thead', 'tbody', 'tfoot', 'tr',
  'td', 'th', 'caption', 'dl', 'dt', 'dd', 'details', 'summary', 'fieldset', 'legend', 'form', 'body', 'html',
]);

// Elements whose `lang` the sanitiser keeps. The editor marks languages on text only, so a block's language
// passes to its text and is written as a span.
const LANG_HOLDERS = new Set(['span', 'p', 'li', 'blockquote']);

/**
 * What a word processor's inline styles mean for the two marks (docs/product.md, Module rules, has no others): Google
 * Docs writes bold as `font-weight:700` on a span and wraps the whole copy in `<b style="font-weight:normal">`; Word
 * and LibreOffice use `b`/`i` or styles. The delta an element adds to the bold and italic counts while it is open.
 */
function markDeltas(name: string, style: string | undefined): { bold: number; italic: number } {
  const css = (style ?? '').toLowerCase().replace(/\s+/g, '');
  const weight = /(?:^|;)font-weight:([a-z0-9]+)/.exec(css)?.[1];
  const fontStyle = /(?:^|;)font-style:([a-z]+)/.exec(css)?.[1];
  const boldByStyle = weight === undefined ? undefined : weight === 'bold' || weight === 'bolder' || (/^\d+$/.test(weight) && Number(weight) >= 600);
  const italicByStyle = fontStyle === undefined ? undefined : fontStyle === 'italic' || fontStyle === 'oblique';
  const boldTag = name === 'strong' || name === 'b';
  const italicTag = name === 'em' || name === 'i';
  return {
    bold: (boldByStyle ?? boldTag) ? 1 : 0,
    italic: (italicByStyle ?? italicTag) ? 1 : 0,
  };
}

/**
 * Word's list paragraphs (`<p class=MsoListParagraphCxSpFirst style="mso-list:l0 level2 lfo1">`): their level, or 0
 * for an ordinary paragraph. The class alone (its style in Word's style sheet) is a list paragraph of level 1.
 */
function msoListLevel(style: string | undefined, className: string | undefined): number {
  const match = /mso-list:\s*l\d+\s+level(\d)/i.exec(style ?? '');
  if (match) return Number(match[1]);
  return /(?:^|\s)MsoListParagraph/i.test(className ?? '') ? 1 : 0;
}

/**
 * A heading in Word or on a web page (`<h1>`…`<h6>`, Word's `MsoHeading…`/`MsoTitle` classes or its style names).
 * The rich text has no headings (a section's headings are headline modules), so a heading becomes a
 * paragraph of its own in bold: it stays visibly set apart, and nothing the sanitiser refuses gets in (ADR 062).
 */
function isHeading(name: string, attributes: Record<string, string>): boolean {
  if (/^h[1-6]$/.test(name)) return true;
  if (/(?:^|\s)Mso(?:Heading\d|Title|Subtitle)(?:\s|$)/i.test(attributes.class ?? '')) return true;
  return /mso-style-name:\s*["'&quot;]*(?:heading|überschrift|titel|title|untertitel|subtitle)/i.test(attributes.style ?? '');
}

/** Word's `<![if !supportLists]>` (or `<!--[if !supportLists]-->`) opens the marker of a list paragraph, `[endif]` ends it. */
const opensWordMarker = (text: string) => /^!?\[if\s+!supportLists\]/i.test(text.trim());
const endsWordMarker = (text: string) => /^!?\[endif\]/i.test(text.trim());

/** A bullet or number Word left as text at the start of a list paragraph (no marker span around it). */
const leadingMarker = /^[\s\u00a0]*(?:[·•▪◦○■□§\-–*o]|\(?(?:\d+|[a-z]|[ivxlc]+)[.)])[\s\u00a0]+/i;
const numberMarker = /^\s*\(?(?:\d+|[a-z]|[ivxlc]+)[.)]/i;

/** Word's bullet or number in front of a list paragraph's text (`<span style="mso-list:Ignore">1.</span>`). */
const isMsoListMarker = (style: string | undefined) => /mso-list:\s*ignore/i.test(style ?? '');

function indentFromClass(className: string | undefined): number {
  const match = /(?:^|\s)indent-([1-3])(?:\s|$)/.exec(className ?? '');
  return match ? Number(match[1]) : 0;
}

function boundedIndent(level: number): Indent | undefined {
  const bounded = Math.min(MAX_INDENT, level);
  return isIndent(bounded) ? bounded : undefined;
}

function withIndent<T extends TextBlockElement>(block: T, level: number): T {
  const indent = boundedIndent(level);
  return indent ? { ...block, indent } : block;
}

export function htmlToValue(html: string): RichTextValue {
  const blocks: BlockElement[] = [];
  const lists: ListType[] = [];
  let block: TextBlockElement | null = null;
  let pendingIndent = 0;
  let linkDepth = 0;
  let bold = 0;
  let italic = 0;
  let dropped = 0;
  // What each open element added to the marks, undone when it closes.
  const markStack: { bold: number; italic: number }[] = [];
  // Word's list paragraphs: per open `p`, whether it opened a list; the marker text read while inside one.
  const paragraphStack: boolean[] = [];
  let pendingItemIndent = 0;
  // Word's bullet or number: in a `mso-list:Ignore` span (ends with it) or between `[if !supportLists]` and `[endif]`.
  let marker: { depth: number; text: string; conditional: boolean } | null = null;
  // Whether the open Word list paragraph had its marker read (else a marker typed as text is taken off its start).
  let markerSeen = false;
  const endMarker = () => {
    if (!marker) return;
    // `1.`, `a)`, `iv.`: a numbered list; a bullet glyph: the bulleted list it already is.
    if (numberMarker.test(marker.text) && lists.length > 0) lists[lists.length - 1] = 'numbered-list';
    marker = null;
    markerSeen = true;
  };
  const inWordListParagraph = () => paragraphStack[paragraphStack.length - 1] === true;
  const wordCondition = (text: string) => {
    if (dropped > 0) return;
    if (opensWordMarker(text) && inWordListParagraph() && !marker) marker = { depth: 0, text: '', conditional: true };
    else if (endsWordMarker(text) && marker?.conditional) endMarker();
  };
  // One entry per open LANG_HOLDERS element; null where it has no valid lang (the outer language goes on).
  const langs: { name: string; lang: string | null }[] = [];
  const currentLang = () => {
    for (let i = langs.length - 1; i >= 0; i -= 1) {
      const { lang } = langs[i];
      if (lang) return lang;
    }
    return undefined;
  };

  const finishBlock = () => {
    if (block) tidyBlock(block);
    block = null;
  };

  const startListItem = (classIndent: number) => {
    finishBlock();
    const type = lists[lists.length - 1] ?? 'bulleted-list';
    const last = blocks[blocks.length - 1];
    let list: ListElement;
    if (last && last.type === type) list = last;
    else {
      list = { type, children: [] };
      blocks.push(list);
    }
    const item = withIndent<ListItemElement>(
      { type: 'list-item', children: [] },
      Math.max(0, lists.length - 1) + classIndent,
    );
    list.children.push(item);
    block = item;
  };

  // Text outside any block opens one: a list item inside a list, else a paragraph.
  const currentBlock = (): TextBlockElement => {
    if (block) return block;
    if (lists.length > 0) {
      startListItem(pendingItemIndent);
      pendingItemIndent = 0;
      return block as unknown as TextBlockElement;
    }
    const paragraph = withIndent<ParagraphElement>({ type: 'paragraph', children: [] }, pendingIndent);
    blocks.push(paragraph);
    block = paragraph;
    return paragraph;
  };

  // A link spanning a block boundary continues as a new link element in the next block.
  let linkTarget: { href: string; ref?: string; newWindow: boolean } | null = null;
  let linkNode: LinkElement | null = null;

  const addText = (text: string) => {
    const leaf: FormattedText = { text };
    if (bold > 0) leaf.bold = true;
    if (italic > 0) leaf.italic = true;
    const lang = currentLang();
    if (lang) leaf.lang = lang;
    const owner = currentBlock();
    let target: InlineNode[] = owner.children;
    if (linkTarget) {
      if (!linkNode || owner.children[owner.children.length - 1] !== linkNode) {
        linkNode = { type: 'link', href: linkTarget.href, children: [] };
        if (linkTarget.ref) linkNode.ref = linkTarget.ref;
        if (linkTarget.newWindow) linkNode.newWindow = true;
        owner.children.push(linkNode);
      }
      target = linkNode.children;
    }
    const previous = target[target.length - 1];
    if (previous && Text.isText(previous) && sameMarks(previous, leaf)) previous.text += text;
    else target.push(leaf);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropped > 0 || DROPPED.has(name)) {
          dropped += 1;
          return;
        }
        if (marker) {
          marker.depth += 1;
          return;
        }
        if (isMsoListMarker(attributes.style)) {
          marker = { depth: 1, text: '', conditional: false };
          return;
        }
        const deltas = markDeltas(name, attributes.style);
        if (isHeading(name, attributes)) deltas.bold = 1;
        markStack.push(deltas);
        bold += deltas.bold;
        italic += deltas.italic;
        if (LANG_HOLDERS.has(name)) langs.push({ name, lang: isLangTag(attributes.lang) ? attributes.lang : null });
        const wordLevel = name === 'p' ? msoListLevel(attributes.style, attributes.class) : 0;
        if (name === 'p') paragraphStack.push(wordLevel > 0);
        if (wordLevel > 0) {
          // A list paragraph of Word: an item of a bulleted list, numbered if its marker says so; a deeper level
          // is the item's indent (the lists are flat, types.ts).
          finishBlock();
          lists.push('bulleted-list');
          pendingItemIndent = wordLevel - 1;
          markerSeen = false;
          return;
        }
        switch (name) {
          case 'p':
            if (lists.length > 0 && block?.type === 'list-item') {
              // A paragraph inside a list item continues the item on a new line.
              if (blockHasContent(block)) addText('\n');
            } else {
              finishBlock();
              pendingIndent = indentFromClass(attributes.class);
            }
            break;
          case 'ul':
          case 'ol':
            finishBlock();
            lists.push(name === 'ul' ? 'bulleted-list' : 'numbered-list');
            break;
          case 'li':
            startListItem(indentFromClass(attributes.class));
            break;
          case 'br':
            addText('\n');
            break;
          case 'a': {
            linkDepth += 1;
            if (linkDepth > 1) break;
            const ref = isLinkReference(attributes['data-ref']) ? attributes['data-ref'] : undefined;
            // A picked target that is offline or gone comes without an address: kept, so it returns with the target.
            if (attributes.href === undefined) {
              if (ref) linkTarget = { href: '', ref, newWindow: attributes.target === '_blank' };
              break;
            }
            // Links the editor would refuse are reduced to their text.
            const check = normalizeHref(attributes.href);
            if (check.ok) linkTarget = { href: check.href, ref, newWindow: attributes.target === '_blank' };
            break;
          }
          default:
            if (BLOCKS.has(name)) {
              if (lists.length > 0 && block?.type === 'list-item') {
                if (blockHasContent(block)) addText('\n');
              } else finishBlock();
            }
        }
      },
      onclosetag(name) {
        if (dropped > 0) {
          dropped -= 1;
          return;
        }
        if (marker) {
          marker.depth -= 1;
          // An Ignore span's marker ends with the span; a conditional one at its `[endif]`, or when an element
          // opened before it closes (no `[endif]` came), whose close is then read as usual.
          if (!marker.conditional || marker.depth >= 0) {
            if (marker.depth === 0 && !marker.conditional) endMarker();
            return;
          }
          endMarker();
        }
        const deltas = markStack.pop();
        if (deltas) {
          bold -= deltas.bold;
          italic -= deltas.italic;
        }
        if (name === 'p' && paragraphStack.pop()) {
          if (!markerSeen && block) takeLeadingMarker(block, (numbered) => {
            if (numbered && lists.length > 0) lists[lists.length - 1] = 'numbered-list';
          });
          if (block?.type === 'list-item' && lists[lists.length - 1] === 'numbered-list') {
            // The marker turned up as text: the item was put in a bulleted list, so it moves to a numbered one.
            moveToNumberedList(blocks, block);
          }
          finishBlock();
          lists.pop();
          pendingItemIndent = 0;
          return;
        }
        if (LANG_HOLDERS.has(name)) {
          const open = langs.map((entry) => entry.name).lastIndexOf(name);
          if (open >= 0) langs.splice(open, 1);
        }
        switch (name) {
          case 'p':
            if (!(lists.length > 0 && block?.type === 'list-item')) {
              finishBlock();
              pendingIndent = 0;
            }
            break;
          case 'ul':
          case 'ol':
            finishBlock();
            lists.pop();
            break;
          case 'li':
            finishBlock();
            break;
          case 'a':
            linkDepth -= 1;
            if (linkDepth === 0) {
              linkTarget = null;
              linkNode = null;
            }
            break;
          default:
            if (BLOCKS.has(name) && !(lists.length > 0 && block?.type === 'list-item')) finishBlock();
        }
      },
      oncomment: wordCondition,
      // `<![if !supportLists]>` and `<![endif]>`: Word's other form of the same conditions.
      onprocessinginstruction: (_name, data) => wordCondition(data),
      ontext(data) {
        if (dropped > 0) return;
        if (marker) {
          marker.text += data;
          return;
        }
        const text = data.replace(/[ \t\n\r\f]+/g, ' ');
        // Whitespace between blocks is layout of the source, not content.
        if (text === ' ' && !block) return;
        addText(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  finishBlock();

  const value = blocks.filter((b) => b.type === 'paragraph' || b.children.length > 0);
  return value.length > 0 && !isValueEmpty(value) ? value : emptyValue();
}

/**
 * Takes a bullet or number Word left as text (`·  `, `o `, `§ `, `1. `) off the start of a list item that had no
 * marked marker, and tells whether it was a number.
 */
function takeLeadingMarker(block: TextBlockElement, numbered: (isNumber: boolean) => void): void {
  const leaves: FormattedText[] = [];
  for (const child of block.children) {
    if (Text.isText(child)) leaves.push(child);
    else leaves.push(...child.children);
  }
  const start = leaves.map((leaf) => leaf.text).join('');
  const match = leadingMarker.exec(start);
  // Only a marker with text after it: an item of just "1." is what was typed.
  if (!match || match[0].length >= start.length) return;
  numbered(numberMarker.test(match[0]));
  let remove = match[0].length;
  for (const leaf of leaves) {
    if (remove <= 0) break;
    const cut = Math.min(remove, leaf.text.length);
    leaf.text = leaf.text.slice(cut);
    remove -= cut;
  }
}

/** Moves the last item of a bulleted list into a numbered list after it (or the numbered list just before it). */
function moveToNumberedList(blocks: BlockElement[], item: ListItemElement): void {
  const list = blocks[blocks.length - 1];
  if (!list || list.type !== 'bulleted-list' || list.children[list.children.length - 1] !== item) return;
  list.children.pop();
  if (list.children.length === 0) blocks.pop();
  const before = blocks[blocks.length - 1];
  if (before && before.type === 'numbered-list') before.children.push(item);
  else blocks.push({ type: 'numbered-list', children: [item] });
}

function sameMarks(a: FormattedText, b: FormattedText): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.lang === b.lang;
}

function blockHasContent(block: TextBlockElement): boolean {
  return block.children.some((child) => (Text.isText(child) ? child.text !== '' : child.children.length > 0));
}

/** Collapses whitespace as a browser shows it, drops empty leaves and links, keeps one text per block. */
function tidyBlock(block: TextBlockElement): void {
  const leaves: FormattedText[] = [];
  for (const child of block.children) {
    if (Text.isText(child)) leaves.push(child);
    else leaves.push(...child.children);
  }
  // Leading spaces of a line, and a space after a space in another leaf, are not shown.
  let lineStart = true;
  let afterSpace = false;
  for (const leaf of leaves) {
    let out = '';
    for (const char of leaf.text) {
      if (char === ' ' && (lineStart || afterSpace)) continue;
      out += char;
      lineStart = char === '\n';
      afterSpace = char === ' ';
    }
    leaf.text = out;
  }
  // Trailing spaces of a line are not shown either.
  let lineEnd = true;
  for (let i = leaves.length - 1; i >= 0; i -= 1) {
    let out = '';
    const chars = Array.from(leaves[i].text);
    for (let j = chars.length - 1; j >= 0; j -= 1) {
      if (chars[j] === ' ' && lineEnd) continue;
      out = chars[j] + out;
      lineEnd = chars[j] === '\n';
    }
    leaves[i].text = out;
  }
  // A block holding only a line break is an empty line (`<p><br /></p>`).
  const all = leaves.map((leaf) => leaf.text).join('');
  if (all === '\n') {
    block.children = [{ text: '' }];
    return;
  }
  const children: InlineNode[] = [];
  for (const child of block.children) {
    if (Text.isText(child)) {
      if (child.text !== '') children.push(child);
    } else {
      child.children = child.children.filter((leaf) => leaf.text !== '');
      if (child.children.length > 0) children.push(child);
    }
  }
  // Slate wants text around inline elements, and at least one text in a block.
  const spaced: InlineNode[] = [];
  for (const child of children) {
    const previous = spaced[spaced.length - 1];
    if (!Text.isText(child) && (!previous || !Text.isText(previous))) spaced.push({ text: '' });
    spaced.push(child);
  }
  const last = spaced[spaced.length - 1];
  if (!last || !Text.isText(last)) spaced.push({ text: '' });
  block.children = spaced;
}

/** True when no block holds text (also for values with nodes the editor does not know). */
export function isValueEmpty(value: readonly Descendant[]): boolean {
  return value.every((node) => {
    if (Text.isText(node)) return node.text === '';
    if (node.type === 'paragraph' || node.type === 'list-item') return textOf(node) === '';
    if (node.type === 'link') return true;
    return isValueEmpty(node.children);
  });
}

function textOf(block: TextBlockElement): string {
  return block.children.map((child) => (Text.isText(child) ? child.text : child.children.map((l) => l.text).join(''))).join('');
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function leafToHtml(leaf: FormattedText): string {
  if (leaf.text === '') return '';
  let html = leaf.text.split('\n').map(escapeText).join('<br />');
  if (leaf.italic) html = `<em>${html}</em>`;
  if (leaf.bold) html = `<strong>${html}</strong>`;
  return html;
}

/**
 * Neighbouring leaves of one language share one span (outside their bold and italic), so a screen reader switches
 * language once per passage. A tag the sanitiser would refuse is not written.
 */
function leavesToHtml(leaves: readonly FormattedText[]): string {
  let html = '';
  let run = '';
  let runLang: string | undefined;
  const flush = () => {
    if (run !== '') html += runLang ? `<span lang="${escapeAttribute(runLang)}">${run}</span>` : run;
    run = '';
  };
  for (const leaf of leaves) {
    if (leaf.text === '') continue;
    const lang = isLangTag(leaf.lang) ? leaf.lang : undefined;
    if (lang !== runLang) {
      flush();
      runLang = lang;
    }
    run += leafToHtml(leaf);
  }
  flush();
  return html;
}

function inlinesToHtml(children: readonly InlineNode[]): string {
  let html = '';
  let leaves: FormattedText[] = [];
  for (const child of children) {
    if (Text.isText(child)) {
      leaves.push(child);
      continue;
    }
    html += leavesToHtml(leaves);
    leaves = [];
    const inner = leavesToHtml(child.children);
    if (inner === '') continue;
    const target = child.newWindow ? ' target="_blank" rel="noopener noreferrer"' : '';
    // In the order the server's sanitiser writes them back.
    const href = child.href ? ` href="${escapeAttribute(child.href)}"` : '';
    const ref = child.ref && isLinkReference(child.ref) ? ` data-ref="${child.ref}"` : '';
    html += `<a${href}${ref}${target}>${inner}</a>`;
  }
  return html + leavesToHtml(leaves);
}

function textBlockToHtml(tag: 'p' | 'li', block: TextBlockElement): string {
  const className = block.indent ? ` class="indent-${block.indent}"` : '';
  // An empty line stays visible on the site as a line break.
  return `<${tag}${className}>${inlinesToHtml(block.children) || '<br />'}</${tag}>`;
}

/** Editor value → HTML; `''` for a value without text. Nodes that are not top-level blocks are skipped. */
export function valueToHtml(value: readonly Descendant[]): string {
  if (isValueEmpty(value)) return '';
  return value
    .map((node) => {
      if (!Element.isElement(node)) return '';
      if (node.type === 'paragraph') return textBlockToHtml('p', node);
      if (node.type !== 'bulleted-list' && node.type !== 'numbered-list') return '';
      if (node.children.length === 0) return '';
      const tag = node.type === 'numbered-list' ? 'ol' : 'ul';
      return `<${tag}>${node.children.map((item) => textBlockToHtml('li', item)).join('')}</${tag}>`;
    })
    .join('');
}

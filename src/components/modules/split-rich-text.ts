/**
 * Splits stored rich text for the text module's "show more". The HTML is sanitised on the server to a small,
 * well-formed tag set (server/src/db/rules/rich-text.ts), so tracking tag depth is enough to find where one
 * top-level block ends; no DOM is needed, which keeps server rendering and the browser in agreement.
 */

/** Elements after which the text may be cut; inline elements never end a block. */
const blockTags = new Set(['p', 'ul', 'ol', 'blockquote', 'h3', 'h4']);
const voidTags = new Set(['br']);

/** Visible characters of some HTML (entities count as one). */
export const textLength = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&[#a-z0-9]+;/gi, '_')
    .trim().length;

/** The top-level blocks of rich text, in order; inline runs between blocks stay with what follows them. */
export function topLevelBlocks(html: string): string[] {
  const blocks: string[] = [];
  const tag = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi;
  let depth = 0;
  let start = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const [whole, closing, rawName] = match;
    const name = rawName.toLowerCase();
    if (voidTags.has(name) || whole.endsWith('/>')) continue;
    if (!closing) {
      depth += 1;
      continue;
    }
    depth = Math.max(0, depth - 1);
    if (depth === 0 && blockTags.has(name)) {
      blocks.push(html.slice(start, tag.lastIndex));
      start = tag.lastIndex;
    }
  }
  blocks.push(html.slice(start));
  return blocks.filter((block) => block.trim() !== '');
}

/**
 * The blocks shown before "show more" (whole blocks until at least `previewLength` characters) and the rest;
 * `rest` is empty when nothing would be left to reveal.
 */
export function splitRichText(html: string, previewLength = 300): { preview: string; rest: string } {
  const blocks = topLevelBlocks(html);
  let shown = 0;
  let length = 0;
  while (shown < blocks.length && length < previewLength) {
    length += textLength(blocks[shown]);
    shown += 1;
  }
  const rest = blocks.slice(shown).join('');
  return textLength(rest) === 0 ? { preview: html, rest: '' } : { preview: blocks.slice(0, shown).join(''), rest };
}

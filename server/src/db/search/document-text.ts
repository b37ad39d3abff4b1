/**
 * The visible text of modules, as the search indexes it and cuts snippets from it. Pure functions over stored
 * module data (the `data` JSON of a module row); media, links and embed codes are not text a visitor reads.
 */
import type { ModuleType } from '../../../../contract/schemas/content';

interface TextFields {
  /** Plain-text fields, in reading order. */
  plain?: string[];
  /** Rich-text fields (sanitised HTML). */
  html?: string[];
  /** A list of items and their fields. */
  items?: { key: string; plain?: string[]; html?: string[] };
}

/** Where each module type keeps its text; the mapped type makes a new module type fail to compile here. */
const moduleTextFields: { [T in ModuleType]: TextFields } = {
  headline: { plain: ['preline', 'content', 'subline'] },
  text: { html: ['content'] },
  link: { plain: ['content'] },
  image: { plain: ['description'] },
  faq: { items: { key: 'items', plain: ['content'], html: ['answer'] } },
  video: { plain: ['title'] },
  audio: { plain: ['title'] },
  viewer: { plain: ['title'] },
  quote: { plain: ['preline', 'content', 'author'] },
  full_teaser: { plain: ['preline', 'headline', 'text'] },
  teaser_list: { items: { key: 'children', plain: ['preline', 'headline', 'subline', 'text'] } },
  image_list: { items: { key: 'children', plain: ['title', 'description'] } },
  video_list: { items: { key: 'children', plain: ['title', 'content'] } },
  social_media: {},
  logo_list: { items: { key: 'children', plain: ['text'] } },
  // Its concerts are found as events; the headline alone says nothing worth finding the page by.
  next_concerts: {},
};

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return namedEntities[name.toLowerCase()] ?? entity;
  });
}

/** The text of sanitised rich text: tags dropped (block ends and line breaks become breaks), entities decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>|<\/(?:p|li|h[1-6]|blockquote|ul|ol)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

const strings = (record: Record<string, unknown>, names: string[] = [], html = false) =>
  names
    .map((name) => record[name])
    .filter((value): value is string => typeof value === 'string')
    // A rich text's paragraphs and list items are texts of their own.
    .flatMap((value) => (html ? htmlToText(value).split('\n') : [value]))
    .filter((text) => text.trim() !== '');

/** The texts of one stored module, in reading order; none for an unknown type. */
export function moduleTexts(type: string, data: Record<string, unknown>): string[] {
  const fields = (moduleTextFields as Record<string, TextFields | undefined>)[type];
  if (!fields) return [];
  const texts = [...strings(data, fields.plain), ...strings(data, fields.html, true)];
  const items = fields.items ? data[fields.items.key] : undefined;
  if (fields.items && Array.isArray(items)) {
    for (const item of items) {
      if (!item || typeof item !== 'object') continue;
      const record = item as Record<string, unknown>;
      texts.push(...strings(record, fields.items.plain), ...strings(record, fields.items.html, true));
    }
  }
  return texts;
}

/**
 * Texts joined into one line, as a result's snippet shows them: whitespace collapsed, and a ` · ` between two
 * texts unless the first already ends a sentence (a headline runs into its paragraph otherwise).
 */
export function joinTexts(texts: string[]): string {
  let out = '';
  for (const raw of texts) {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (out) out += /[.!?:;…]$/.test(out) ? ' ' : ' · ';
    out += text;
  }
  return out.normalize('NFC');
}

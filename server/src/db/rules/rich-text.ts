import sanitizeHtml from 'sanitize-html';
import { isLangTag } from '../../../../contract/lang-tag';
import { isSafeLink } from '../../../../contract/link-rule';
import { isLinkReference } from '../../../../contract/link-reference';

// Not an allowed tag: a span renamed to it is discarded and its content kept.
const UNWRAP = 'kf-unwrap';

/** Keeps `lang` only when it is a language tag; the element itself stays. */
const checkLang: sanitizeHtml.Transformer = (tagName, attribs) => {
  if (attribs.lang === undefined || isLangTag(attribs.lang)) return { tagName, attribs };
  const rest = { ...attribs };
  delete rest.lang;
  return { tagName, attribs: rest };
};

/**
 * Rich text as the editor produces it (docs/product.md, Module rules: bold, italic, lists, links, indent), plus `lang`
 * on passages in another language than the page (WCAG 3.1.2): on `span`, and on `p`, `blockquote` and `li`. Everything
 * else is removed before it is stored, so the site can render module HTML without escaping it.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'h3', 'h4', 'span'],
  allowedAttributes: {
    // `data-ref`: the page or event a link was picked for (ADR 038), whose current address replaces `href` when
    // the text is assembled for the site and the editor.
    a: ['href', 'target', 'rel', 'data-ref'],
    p: ['class', 'lang'],
    li: ['class', 'lang'],
    blockquote: ['lang'],
    span: ['lang'],
  },
  // Indentation arrives as classes; nothing else may style content.
  allowedClasses: { p: ['indent-1', 'indent-2', 'indent-3'], li: ['indent-1', 'indent-2', 'indent-3'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target.
    // Its address follows the one link rule (ADR 026); a link that breaks it keeps its text and loses its href.
    a: (tagName, attribs) => {
      const kept = { ...attribs };
      if (kept.href !== undefined && !isSafeLink(kept.href)) delete kept.href;
      if (kept['data-ref'] !== undefined && !isLinkReference(kept['data-ref'])) delete kept['data-ref'];
      return { tagName, attribs: kept.target === '_blank' ? { ...kept, rel: 'noopener noreferrer' } : kept };
    },
    p: checkLang,
    li: checkLang,
    blockquote: checkLang,
    // A span exists only to carry a language; without a valid one it is unwrapped.
    span: (tagName, attribs): sanitizeHtml.Tag =>
      isLangTag(attribs.lang) ? { tagName, attribs: { lang: attribs.lang } } : { tagName: UNWRAP, attribs: {} },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const referenceAttribute = /\sdata-ref="((?:page|event):[1-9][0-9]{0,9})"/g;

/** The picked pages and events (`page:12`) stored HTML links to. */
export function richTextReferences(html: string): string[] {
  return [...html.matchAll(referenceAttribute)].map((match) => match[1]);
}

/**
 * Stored HTML with each picked link's `href` set to its target's current address (`address(reference)`); a link
 * whose target is offline or gone loses its `href`, so the site shows its text only (as ADR 034 does for modules).
 * Text without picked links comes back as it is.
 */
export function resolveRichTextLinks(html: string, address: (reference: string) => string | undefined): string {
  if (!richTextReferences(html).length) return html;
  const sanitizeLink = options.transformTags!.a as (tagName: string, attribs: sanitizeHtml.Attributes) => sanitizeHtml.Tag;
  return sanitizeHtml(html, {
    ...options,
    transformTags: {
      ...options.transformTags,
      a: (tagName, attribs) => {
        const tag = sanitizeLink(tagName, attribs);
        const reference = tag.attribs['data-ref'];
        if (reference === undefined) return tag;
        const kept = { ...tag.attribs };
        delete kept.href;
        const href = address(reference);
        return { tagName, attribs: href ? { href, ...kept } : kept };
      },
    },
  }).trim();
}

import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as the editor produces it (spec §5: bold, italic, lists, links, indent). Everything else is
 * removed before it is stored, so the site can render module HTML without escaping it.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'target', 'rel'], p: ['class'], li: ['class'] },
  // Indentation arrives as classes; nothing else may style content.
  allowedClasses: { p: ['indent-1', 'indent-2', 'indent-3'], li: ['indent-1', 'indent-2', 'indent-3'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** True when the HTML has no visible text (e.g. `<p><br></p>`), which counts as empty for required fields. */
export function isBlankHtml(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';
}

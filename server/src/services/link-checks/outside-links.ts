/**
 * The outside addresses a module links to (ADR 086): typed http(s) addresses in its link fields (`link`, `link_url`,
 * a list item's `link`) and `href`s in its rich text, to a host other than the site's own. Works on stored module
 * data and on assembled modules alike: both hold the same fields.
 */

/** The fields that hold one address each, in a module or a list item. */
const addressFields = new Set(['link', 'link_url']);
/** The fields that hold rich text (db/rules/module-rules.ts `richTextFields`). */
const richTextFields = new Set(['content', 'answer']);

const hrefPattern = /<a\b[^>]*?\shref="([^"]*)"/gi;

/** The HTML entities the sanitiser writes into an `href`. */
const unescapeHref = (href: string) => href.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

/** The address as the checker keys it (WHATWG-parsed, fragment dropped), or undefined for anything but http(s). */
export function outsideAddress(value: string, ownHost?: string): string | undefined {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (ownHost && url.host.toLowerCase() === ownHost.toLowerCase()) return undefined;
  url.hash = '';
  return url.href;
}

/** The addresses the links of rich text point to (`href`), as written. */
export function richTextHrefs(html: string): string[] {
  return [...html.matchAll(hrefPattern)].map((match) => unescapeHref(match[1]));
}

/** Every outside address a module (or a list item) holds, each once, with the field it is in. */
export function outsideLinksOf(module: Record<string, unknown>, ownHost?: string): { url: string; field: string }[] {
  const found = new Map<string, string>();
  const visit = (holder: Record<string, unknown>, prefix: string) => {
    for (const [name, value] of Object.entries(holder)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          if (item && typeof item === 'object') visit(item as Record<string, unknown>, `${path}.${i}`);
        });
        continue;
      }
      if (typeof value !== 'string') continue;
      const candidates = addressFields.has(name) ? [value] : richTextFields.has(name) ? richTextHrefs(value) : [];
      for (const candidate of candidates) {
        const url = outsideAddress(candidate, ownHost);
        if (url && !found.has(url)) found.set(url, path);
      }
    }
  };
  visit(module, '');
  return [...found].map(([url, field]) => ({ url, field }));
}

/**
 * The one rule for every link address a person can type (ADR 026): module links, navigation and footer, the
 * hero, events' ticket links, redirects, settings' page paths and rich-text links. Checked on write (as a
 * JSON-schema pattern, so a refusal is the usual 400 naming the field) and again where the site renders a link
 * (`safeHref`), so a value stored before the rule existed cannot run script.
 *
 * Allowed: `http(s)://host…`, `mailto:…`, `tel:…`, a same-site path starting with a single `/`, and `#anchor`
 * where the field allows it. Never: whitespace, control characters or a backslash anywhere (browsers strip or
 * reinterpret them, so `java\tscript:` and `/\evil.example` read differently than they look), `//host`.
 *
 * Plain code without imports, so the server and the site's rendering code can both use it.
 */

/** Characters no typed link may hold: C0 controls, space, DEL, backslash and other whitespace. */
const BAD = '\\x00-\\x20\\x7f\\\\\\s';
const tail = `[^${BAD}]*`;
/** A letter matched in either case, for pattern strings that carry no flags. */
const anyCase = (word: string) => [...word].map((c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).join('');

const web = `${anyCase('http')}[sS]?://[^${BAD}/?#@]+(?:[/?#]${tail})?`;
const mail = `${anyCase('mailto')}:[^${BAD}]+`;
const phone = `${anyCase('tel')}:[^${BAD}]+`;
/** `/` alone or `/x…`, where x is not a second slash. */
const path = `/(?:[^${BAD}/]${tail})?`;
const anchor = `#${tail}`;

export interface LinkRuleOptions {
  /** `#anchor` on the same page is allowed (module, navigation and hero links). */
  anchor?: boolean;
  /** The empty string is allowed (an optional link). */
  empty?: boolean;
  /** Only these kinds: `web` (http/https), `path` (same-site path). Default: all. */
  only?: readonly ('web' | 'path')[];
}

/** The rule as a JSON-schema pattern (no flags; ECMAScript syntax valid with and without the `u` flag). */
export function linkPattern(options: LinkRuleOptions = {}): string {
  const kinds = options.only
    ? options.only.map((kind) => (kind === 'web' ? web : path))
    : [web, mail, phone, path, ...(options.anchor ? [anchor] : [])];
  if (options.empty) kinds.push('');
  return `^(?:${kinds.join('|')})$`;
}

/** The description used in the 400 message (`module.link must be …`). */
export function linkDescription(options: LinkRuleOptions = {}): string {
  if (options.only?.length === 1 && options.only[0] === 'path') {
    return 'a path on this site starting with a single / (no spaces or backslashes)';
  }
  if (options.only?.length === 1 && options.only[0] === 'web') return 'an http(s) link (no spaces or backslashes)';
  return `a site path starting with a single /${options.anchor ? ', an #anchor' : ''} or an http(s), mailto or tel link (no spaces or backslashes)`;
}

const fullRule = new RegExp(linkPattern({ anchor: true }));

/** True when `value` is a link the site may render as an `href` (any kind the rule allows, anchors included). */
export function isSafeLink(value: unknown): value is string {
  return typeof value === 'string' && fullRule.test(value);
}

/** True when `value` is a same-site path: a single leading `/`, no backslash, whitespace or control character. */
export function isSameSitePath(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(linkPattern({ only: ['path'] })).test(value);
}

/** The href to render for a stored link, or undefined when it breaks the rule (render it as text then). */
export function safeHref(value: unknown): string | undefined {
  return isSafeLink(value) ? value : undefined;
}

/**
 * Link addresses as an editor types them (docs/product.md, Module rules: links default to https). The schemes are the
 * sanitiser's (server/src/db/rules/rich-text.ts); site paths (`/de/…`) and anchors (`#…`) are kept as they are.
 */

export const LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const;

import { isSafeLink } from '../../../contract/link-rule';
import { isEmailAddress } from '../../../contract/email-rule';

export type LinkCheck = { ok: true; href: string } | { ok: false; reason: 'empty' | 'scheme' | 'invalid' };

// Control characters (including tab and newline) are refused rather than stripped: the browser would strip
// them and may then read a different scheme than the one checked here.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// `example.org:8080/x` looks like a scheme to the pattern above but is a host with a port.
const HOST_WITH_PORT = /^[^\s/?#:@]+\.[^\s/?#:@]+:\d+(?:[/?#]|$)/;

/** The address to store for what the editor typed; whatever it gives passes the one link rule (ADR 026). */
export function normalizeHref(input: string): LinkCheck {
  const check = normalize(input);
  // The server's sanitiser drops an href that breaks the rule (a backslash in a path, say): refuse it here instead.
  return check.ok && !isSafeLink(check.href) ? { ok: false, reason: 'invalid' } : check;
}

function normalize(input: string): LinkCheck {
  const value = input.trim();
  if (value === '') return { ok: false, reason: 'empty' };
  if (CONTROL.test(value)) return { ok: false, reason: 'invalid' };
  const href = value.replace(/ /g, '%20');

  if (HOST_WITH_PORT.test(href)) return { ok: true, href: `https://${href}` };
  const scheme = SCHEME.exec(href);
  if (scheme) {
    const name = scheme[1].toLowerCase();
    if (!(LINK_SCHEMES as readonly string[]).includes(name)) return { ok: false, reason: 'scheme' };
    const rest = href.slice(scheme[0].length);
    if (rest === '' || ((name === 'http' || name === 'https') && !/^\/\/[^/\\]/.test(rest))) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, href: `${name}:${rest}` };
  }
  // A backslash after the first slash is read as `//` (another host) by browsers.
  if (/^[/\\][/\\]/.test(href)) return withHttps(href.replace(/^[/\\]+/, ''));
  if (href.startsWith('/') || href.startsWith('#')) return { ok: true, href };
  // Typed without `mailto:`: an address under the site's one e-mail rule (ADR 027) becomes a mail link.
  if (isEmailAddress(href)) return { ok: true, href: `mailto:${href}` };
  return withHttps(href);
}

function withHttps(rest: string): LinkCheck {
  const host = /^[^/?#]*/.exec(rest)?.[0] ?? '';
  if (!/^[^\\%@\s]+$/.test(host)) return { ok: false, reason: 'invalid' };
  return { ok: true, href: `https://${rest}` };
}

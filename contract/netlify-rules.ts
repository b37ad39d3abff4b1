/**
 * Netlify's routing rules read as Netlify reads them (ADR 022): `_redirects` and `_headers` in the formats and
 * with the semantics Netlify documents. The build writes both files (gatsby/netlify-files.ts) and checks them with
 * these functions; our own server applies them to the built site (server/src/services/netlify-rules.ts), so the
 * site answers on a laptop as it does on the CDN. The route-table test (scripts/netlify-routes.ts) runs one table
 * against Netlify's own CLI and against that server over the same build, and the two must agree.
 *
 * `_redirects`: one rule a line, `from to [status][!]`; the first rule that matches wins. `from` may hold
 * `:placeholder` segments and end in a `*` splat (which also matches the bare prefix); `to` may use them as
 * `:placeholder` and `:splat`. Status defaults to 301. Without `!` a rule is shadowed when a file exists at the
 * path. Status 200 to a path is a rewrite, to an absolute URL a proxy; other non-3xx statuses answer the target
 * page with that status. A trailing slash on the request is ignored. `Sign=VARIABLE` marks a proxy Netlify signs
 * (ADR 029); it changes nothing here, where the proxy's target is this server itself. Lines with other conditions
 * or query matches are skipped: the build writes none.
 *
 * Whatever a rule says, a target filled from the request must stay where the rule points (ADR 063): a path of this
 * site (one leading slash, no backslash, whitespace or control character) or, for a URL, the rule's own origin; and
 * a redirect must not lead to the very path asked for, which could only loop. Otherwise the decision is `refused`,
 * which our server answers as not found. Netlify itself is kept safe by the records' rule
 * (contract/redirect-rule.ts), which the build applies to what it writes.
 *
 * `_headers`: a path pattern on its own line, then indented `Name: value` lines; every matching block applies. The
 * pattern is read as Netlify's headers-parser reads it (`netlifyPathPattern`): `/de/*` covers `/de` too.
 */
import { netlifyPathPattern } from './security-headers';

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  /** The environment variable whose secret Netlify signs this proxy with (`Sign=`), if any. */
  signed?: string;
  /** Matches a path (without trailing slash); groups are the placeholders in order, then the splat. */
  pattern: RegExp;
  names: string[];
}

export type RuleDecision =
  | { kind: 'none' }
  | { kind: 'redirect'; location: string; status: number; force: boolean }
  | { kind: 'rewrite'; path: string; force: boolean }
  | { kind: 'proxy'; url: string }
  | { kind: 'status'; path: string; status: number; force: boolean }
  /** A rule matched, but its filled target would leave the site (or its origin): answered as not found. */
  | { kind: 'refused'; force: boolean };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A `from` pattern as a regular expression, with the names of its placeholders (`splat` last). */
export function compileFrom(from: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let rest = trimSlash(from);
  let splat = false;
  if (rest.endsWith('/*')) {
    rest = rest.slice(0, -2);
    splat = true;
  } else if (rest === '*' || rest === '/*') {
    rest = '';
    splat = true;
  }
  for (const segment of rest.split('/').filter(Boolean)) {
    if (segment.startsWith(':')) {
      names.push(segment.slice(1));
      source += '/([^/]+)';
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  if (splat) {
    names.push('splat');
    // `/news/*` takes `/news` itself and everything below it, line breaks included (the `s` flag).
    source += '(?:/(.*))?';
  }
  return { pattern: new RegExp(`^${source || (splat ? '' : '/')}$`, 's'), names };
}

export function parseRedirectRules(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const [from, to, statusToken = '301', ...rest] = line.split(/\s+/);
    if (!to || !from.startsWith('/') || from.includes('?')) continue;
    const signed = rest.length === 1 ? /^(?:Sign|signed)=(\w+)$/.exec(rest[0])?.[1] : undefined;
    if (rest.length && !signed) continue;
    const match = /^(\d{3})(!?)$/.exec(statusToken);
    if (!match) continue;
    rules.push({ from, to, status: Number(match[1]), force: match[2] === '!', ...(signed ? { signed } : {}), ...compileFrom(from) });
  }
  return rules;
}

/** `:name` in the target, whole names only (`:id` does not touch `:idx`), from the match's values. */
function fill(target: string, names: string[], values: (string | undefined)[]): string {
  return target.replace(/:(\w+)/g, (token, name: string) => {
    const index = names.indexOf(name);
    return index < 0 ? token : (values[index] ?? '');
  });
}

const isAbsolute = (target: string) => /^https?:\/\//i.test(target);

/** A path of this site: one leading slash, then no second slash; nowhere a backslash, whitespace or control. */
// eslint-disable-next-line no-control-regex
const sitePath = /^\/(?![/\\])[^\\\s\x00-\x1f\x7f]*$/;
// eslint-disable-next-line no-control-regex
const unsafeCharacter = /[\\\s\x00-\x1f\x7f]/;

/**
 * Whether a filled target stays where its rule points: a path of this site for a path, the rule's own origin
 * (scheme, host and port, then `/`, `?`, `#` or nothing) for a URL; a redirect's Location holds no backslash,
 * whitespace or control character either. Anything else (a target that became `//host`, `/\host` or `http:…`)
 * is refused, whatever the rule says.
 */
function staysPut(rule: RedirectRule, target: string): boolean {
  const origin = /^https?:\/\/[^/?#:\\\s]+(?::\d+)?/i.exec(rule.to)?.[0];
  if (!origin) return sitePath.test(target);
  const redirect = rule.status >= 300 && rule.status < 400;
  return target.startsWith(origin) && /^(?:$|[/?#])/.test(target.slice(origin.length)) && !(redirect && unsafeCharacter.test(target));
}

/**
 * What Netlify does with `path` under `rules`: the first matching rule, skipping rules that are not forced when
 * a file exists at the path (`hasFile`).
 */
export function decide(rules: RedirectRule[], path: string, hasFile: boolean): RuleDecision {
  const subject = trimSlash(path);
  for (const rule of rules) {
    if (!rule.force && hasFile) continue;
    const match = rule.pattern.exec(subject);
    if (!match) continue;
    const target = fill(rule.to, rule.names, match.slice(1));
    const redirect = rule.status >= 300 && rule.status < 400;
    // A redirect to the very path asked for would only loop.
    if (!staysPut(rule, target) || (redirect && trimSlash(target.split(/[?#]/)[0]) === subject)) return { kind: 'refused', force: rule.force };
    if (redirect) return { kind: 'redirect', location: target, status: rule.status, force: rule.force };
    if (rule.status === 200) return isAbsolute(target) ? { kind: 'proxy', url: target } : { kind: 'rewrite', path: target, force: rule.force };
    return { kind: 'status', path: target, status: rule.status, force: rule.force };
  }
  return { kind: 'none' };
}

export interface HeaderBlock {
  for: string;
  pattern: RegExp;
  values: [string, string][];
}

export function parseHeaderBlocks(text: string): HeaderBlock[] {
  const blocks: HeaderBlock[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const path = raw.trim();
      blocks.push({ for: path, pattern: netlifyPathPattern(path), values: [] });
      continue;
    }
    const separator = raw.indexOf(':');
    const block = blocks.at(-1);
    if (!block || separator < 0) continue;
    block.values.push([raw.slice(0, separator).trim(), raw.slice(separator + 1).trim()]);
  }
  return blocks;
}

/** The headers of every block matching `path`; a later block's value replaces an earlier one's (the build writes no overlaps). */
export function headersFor(blocks: HeaderBlock[], path: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const block of blocks) {
    if (!block.pattern.test(path)) continue;
    for (const [name, value] of block.values) headers.set(name.toLowerCase(), value);
  }
  return headers;
}

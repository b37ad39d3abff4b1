/**
 * What a redirect record may say, so that no record sends a visitor off the site, takes over an area the site
 * itself answers, or leads into another redirect (ADR 063). Netlify fills a rule's target from the request
 * (contract/netlify-rules.ts): `:name` takes one path segment, a trailing `*` (`:splat`) the rest of the path, and
 * neither is checked there. So the record is checked when it is written (server/src/db/repositories/redirects.ts,
 * with the other records and the pages as well) and again when the build writes `_redirects`
 * (gatsby/netlify-files.ts), which leaves out an older row that breaks the rule.
 *
 * A record's old address is a path with fixed segments, `:name` segments and at most a trailing `/*`; its new
 * address is a path whose first segment is fixed text and whose other segments are fixed text or whole `:name` /
 * `:splat` segments of the old address. A placeholder first would let the request choose what follows the first
 * slash: `//host`, `/\host`, or a scheme when filled into `:splat` alone.
 */
import { isSameSitePath } from './link-rule';
import { isLocale, locales } from './locales';
import type { RefusalCode } from './refusal-codes';

/** One segment of a record's path: fixed text, a `:name` (one segment) or the splat (any number of segments). */
type Part = { kind: 'text'; text: string } | { kind: 'one'; name: string } | { kind: 'many' };

export interface RedirectProblem {
  field: 'old_path' | 'new_path';
  code: RefusalCode;
  /** In English, for API users; staff read the sentence for `code` (src/staff/refusal-texts.ts). */
  message: string;
}

const placeholderName = /^[A-Za-z][A-Za-z0-9_]*$/;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The parts of an old address, or the reason it is no pattern Netlify reads as written. */
function sourceParts(path: string): Part[] | string {
  const segments = segmentsOf(path);
  const parts: Part[] = [];
  const names = new Set<string>();
  for (const [index, segment] of segments.entries()) {
    if (segment === '*' && index === segments.length - 1) {
      parts.push({ kind: 'many' });
    } else if (segment.includes('*')) {
      return 'old_path may hold * only as its whole last segment (/de/alt/*)';
    } else if (segment.startsWith(':')) {
      const name = segment.slice(1);
      if (!placeholderName.test(name) || name === 'splat') return `old_path has a placeholder ${segment} that is not a name like :slug`;
      if (names.has(name)) return `old_path names the placeholder ${segment} twice`;
      names.add(name);
      parts.push({ kind: 'one', name });
    } else {
      parts.push({ kind: 'text', text: segment });
    }
  }
  return parts;
}

/**
 * The parts of a new address as visitors may end up at them, or the reason it breaks the rule. `defined` are the
 * placeholders the old address fills; undefined reads every placeholder as filled (an address to compare with).
 */
function targetParts(path: string, defined?: ReadonlySet<string>): Part[] | string {
  const parts: Part[] = [];
  for (const segment of segmentsOf(path)) {
    if (segment.startsWith(':') && (!defined || defined.has(segment.slice(1)))) {
      const name = segment.slice(1);
      parts.push(name === 'splat' ? { kind: 'many' } : { kind: 'one', name });
    } else if (defined && (segment.includes(':') || segment.includes('*'))) {
      return `new_path may use only the placeholders of old_path, each as a whole segment (${[...defined].map((name) => `:${name}`).join(', ') || 'none here'})`;
    } else {
      parts.push({ kind: 'text', text: segment });
    }
  }
  return parts;
}

/**
 * Whether some path matches both part lists, read as Netlify matches a path (`one` is a single non-empty
 * segment, `many` any number of them, fixed text itself). Letter case counts as on our server, unless `anyCase`.
 */
function overlap(a: Part[], b: Part[], anyCase = false): boolean {
  const same = (x: string, y: string) => (anyCase ? x.toLowerCase() === y.toLowerCase() : x === y);
  const seen = new Map<number, boolean>();
  const step = (i: number, j: number): boolean => {
    const key = i * (b.length + 1) + j;
    const known = seen.get(key);
    if (known !== undefined) return known;
    seen.set(key, false);
    let result: boolean;
    if (i === a.length && j === b.length) result = true;
    else if (a[i]?.kind === 'many') result = step(i + 1, j) || (j < b.length && step(i, j + 1));
    else if (b[j]?.kind === 'many') result = step(i, j + 1) || (i < a.length && step(i + 1, j));
    else if (i === a.length || j === b.length) result = false;
    else {
      const [x, y] = [a[i], b[j]];
      result = (x.kind !== 'text' || y.kind !== 'text' || same(x.text, y.text)) && step(i + 1, j + 1);
    }
    seen.set(key, result);
    return result;
  };
  return step(0, 0);
}

const text = (value: string): Part => ({ kind: 'text', text: value });
const below = (...prefix: string[]): Part[] => [...prefix.map(text), { kind: 'many' }];

/**
 * Areas the site answers itself, where no record may reach: the site's root and each language's home, the
 * content server's API and media (proxied by the build, gatsby/netlify-files.ts; server/src/plugins/api-paths.ts),
 * the 404 pages, the hub (`/cms-hub`, gatsby/create-hub-page.ts) and the build's own files.
 */
const reservedAreas: Part[][] = [
  [],
  ...locales.flatMap((locale) => [[text(locale)], below(locale, 'api'), below(locale, 'pageeditor-api'), below(locale, '404')]),
  ...['api', 'pageeditor-api', 'media', 'cms-hub', 'static', 'page-data', '_gatsby', '~partytown', '404', '404.html'].map((first) => below(first)),
];

const isFixed = (part: Part | undefined) => part?.kind === 'text' && part.text !== '.' && part.text !== '..';

/**
 * What is wrong with a redirect from `oldPath` to `newPath` taken on its own, or undefined. The rules that need
 * the other records and the pages (duplicates, chains, a loop through a fixed address) are the repository's.
 */
export function redirectRecordProblem(oldPath: string, newPath: string): RedirectProblem | undefined {
  if (!isSameSitePath(oldPath)) return problem('old_path', 'invalid_path', 'old_path must be a path of this site');
  if (!isSameSitePath(newPath)) return problem('new_path', 'invalid_path', 'new_path must be a path of this site');
  const source = sourceParts(oldPath);
  if (typeof source === 'string') return problem('old_path', 'redirect_pattern', source);
  const [first, second] = source;
  if (source.length && (!isFixed(first) || (first.kind === 'text' && isLocale(first.text) && source.length > 1 && !isFixed(second)))) {
    return problem('old_path', 'redirect_too_wide', 'old_path must start with fixed segments (/de/alt/*), not take over the site or a language');
  }
  if (reservedAreas.some((area) => overlap(source, area, true))) {
    return problem('old_path', 'reserved_path', `${oldPath} reaches an address the site answers itself (a language's home, API, media, hub or build files)`);
  }
  const defined = new Set(source.flatMap((part) => (part.kind === 'one' ? [part.name] : part.kind === 'many' ? ['splat'] : [])));
  const target = targetParts(newPath, defined);
  if (typeof target === 'string') {
    // A placeholder first is the way off the site; say so rather than that it is unknown.
    const leading = segmentsOf(newPath)[0] ?? '';
    if (leading.startsWith(':')) return leavesSite();
    return problem('new_path', 'redirect_pattern', target);
  }
  if (target.length && !isFixed(target[0])) return leavesSite();
  if (target.some((part) => part.kind !== 'text') && overlap(source, target)) {
    return problem('new_path', 'redirect_loop', `${oldPath} would catch the address it sends visitors to`);
  }
  if (normaliseRedirectPath(oldPath) === normaliseRedirectPath(newPath)) return problem('new_path', 'redirect_to_itself', 'new_path must differ from old_path');
  return undefined;
}

const problem = (field: RedirectProblem['field'], code: RefusalCode, message: string): RedirectProblem => ({ field, code, message });
const leavesSite = () => problem('new_path', 'redirect_leaves_site', 'new_path must start with a fixed segment (/de/…): a placeholder first could lead to another site');
/** `/de/verein/` and `/de/verein` are the same address. */
export const normaliseRedirectPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/** Whether the path holds placeholders or a splat, i.e. stands for many addresses. */
export const isRedirectPattern = (path: string) => segmentsOf(path).some((segment) => segment.startsWith(':') || segment === '*');

/**
 * Whether a record from `oldPath` catches some address a record to `newPath` sends visitors to: then the two
 * make a chain (or, for one record, a loop). Placeholders in `newPath` stand for any value.
 */
export function redirectCatches(oldPath: string, newPath: string): boolean {
  const source = sourceParts(oldPath);
  const target = targetParts(newPath);
  return typeof source !== 'string' && typeof target !== 'string' && overlap(source, target);
}

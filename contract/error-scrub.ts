/**
 * Personal data out of error reports (issue 20, ADR 057), before they are stored or forwarded: what an error's
 * message, stack, path or call may carry of a person or a credential is replaced by a marker in brackets.
 *
 * - query strings and fragments of URLs and paths (`?email=…`, `#token=…`): `?…`;
 * - e-mail addresses: `[email]`;
 * - credentials: `Bearer …`/`Basic …`, JSON Web Tokens, `password=…`, `token: …`, `cookie=…`, `csrf…` and the like:
 *   `[token]`, `name=[removed]`;
 * - long random-looking runs (32 or more letters and digits, with at most three `-` or `_`): `[token]` (links from
 *   mails carry such tokens in their path; a chunk's file name, words joined by dashes, is left alone);
 * - IBANs and numbers of nine or more digits (phone, account, card numbers): `[number]`.
 *
 * Cookies and form values are never part of a report (the reporter sends no body, no header); the rules above catch
 * them should a message quote one.
 */
import { replaceControlCharacters } from './control-characters';

const queryPattern = /\?[^\s"'`<>()[\]{}]*?(?=(?::\d+){1,2}(?=[\s)\]"'`]|$)|[\s"'`<>()[\]{}]|$)/g;
const fragmentPattern = /(\/[^\s"'`<>()#]*)#[^\s"'`<>()]*/g;
const emailPattern = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const bearerPattern = /\b(Bearer|Basic|Token)\s+[\w~+/.=-]{8,}/gi;
const jwtPattern = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const secretNames = '(?:pass(?:word|wd)?|pwd|token|secret|session(?:id)?|sid|csrf[\\w-]*|auth(?:orization)?|api[-_]?key|cookie|set-cookie|signature|sig)';
const secretPairPattern = new RegExp(`\\b(${secretNames})(["']?\\s*[:=]\\s*["']?)([^\\s"'&;,)}\\]]+)`, 'gi');
const longRunPattern = /(?<![\w-])[A-Za-z0-9_-]{32,}(?![\w-])/g;
/** Random, not a name: digits and letters both, and at most three `-`/`_` (a chunk's name has many). */
const isToken = (run: string) => /\d/.test(run) && /[A-Za-z]/.test(run) && (run.match(/[-_]/g)?.length ?? 0) <= 3;
const ibanPattern = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b/g;
const longNumberPattern = /(?<![\w.:])\+?\d(?:[ /-]?\d){8,}(?![\w.])/g;

/** `text` without the personal data and credentials listed above, and without control characters (but tab and line breaks). */
export function scrubText(text: string): string {
  return replaceControlCharacters(text)
    .replace(queryPattern, '?…')
    .replace(fragmentPattern, '$1')
    .replace(emailPattern, '[email]')
    .replace(bearerPattern, '$1 [token]')
    .replace(jwtPattern, '[token]')
    .replace(secretPairPattern, (_match, name: string, separator: string) => `${name}${separator}[removed]`)
    .replace(longRunPattern, (run) => (isToken(run) ? '[token]' : run))
    .replace(ibanPattern, '[number]')
    .replace(longNumberPattern, '[number]');
}

/** A path or URL's path alone, scrubbed: no origin, query or fragment. */
export function scrubPath(value: string): string {
  let path = value;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) path = new URL(value).pathname;
  } catch {
    // Not a URL after all: scrubbed as text.
  }
  return scrubText(path.replace(/[?#].*$/s, ''));
}

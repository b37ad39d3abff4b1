/**
 * Personal data out of error reports (ADR 057, ADR 065), before they are stored or forwarded: what an error's
 * message, stack, path or call may carry of a person or a credential is replaced by a marker in brackets.
 *
 * - query strings and fragments of URLs and paths (`?email=…`, `#token=…`): `?…`;
 * - e-mail addresses, also URL-encoded (`%40`) and written out against harvesters (`name(at)example.org`,
 *   `name [at] example [dot] org`, `name at example dot org`): `[email]`;
 * - credentials: `Bearer …`/`Basic …`, JSON Web Tokens, `password=…`, `Passwort: …`, `pw=…`, `token: …`,
 *   `kf_session=…`, `cookie=…`, `csrf…` and the like: `[token]`, `name=[removed]`;
 * - personal fields of a form or query quoted without their `?` (`name=…&email=…`): `name=[removed]`;
 * - long random-looking runs (32 or more letters, digits, `-` and `_`; the tokens in links from mails) unless they
 *   read as a name (`component---src-templates-event-page-tsx-4f3a2b1c9d8e`, `handleNewsletterFormSubmission`):
 *   `[token]`;
 * - IP addresses: `[ip]`; a street with its number (`Hauptstraße 12, 10115 Berlin`): `[address]`;
 * - IBANs, phone numbers (`+49 (0)30 …`, `(030) …`, `0171/…`) and numbers of nine or more digits (account, card
 *   numbers): `[number]`.
 *
 * Cookies and form values are never part of a report (the reporter sends no body, no header); the rules above catch
 * them should a message quote one. Ordinary stack text (file paths, chunk names with their hashes, function names,
 * lines and columns, short numbers, dates) is left as it is: contract/error-scrub.test.ts holds both sides.
 */
import { replaceControlCharacters } from './control-characters';

const queryPattern = /\?[^\s"'`<>()[\]{}]*?(?=(?::\d+){1,2}(?=[\s)\]"'`]|$)|[\s"'`<>()[\]{}]|$)/g;
/** A word with a `#`: its fragment goes when what comes before it is a path or URL (has a `/`). */
const fragmentPattern = /(?<![^\s"'`<>()])([^\s"'`<>()#]*)#[^\s"'`<>()]*/g;
/** Starts where a run of such characters starts: tried once a run, a long run of letters costs no more than its length. */
const emailLocal = String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+`;
const emailPattern = new RegExp(String.raw`${emailLocal}(?:@|%40)[\p{L}\p{N}.-]+\.\p{L}{2,}`, 'giu');
/** `(at)`, `[at]`, `{at}` and `(dot)`…, with or without spaces; or ` at ` … ` dot `, spaced, which needs the dot words. */
const bracketed = (word: string) => String.raw`\s*[[({]\s*${word}\s*[\])}]\s*`;
const spelledEmailPattern = new RegExp(
  String.raw`${emailLocal}(?:${bracketed('at')}[\p{L}\p{N}-]+(?:(?:${bracketed('dot')}|\.)[\p{L}\p{N}-]+)+|\s+at\s+[\p{L}\p{N}-]+(?:\s+dot\s+[\p{L}\p{N}-]+)+)`,
  'giu',
);
const bearerPattern = /\b(Bearer|Basic|Token)\s+[\w~+/.=-]{8,}/gi;
const jwtPattern = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
/** A secret's name, alone or at the end of a longer one (`kf_session`, `x-csrftoken`, `access_token`, `Benutzerpasswort`). */
const secretNames = String.raw`[\w-]*?(?:pass(?:word|wort|wd)?|kennwort|pwd|pw|token|secret|session(?:id)?|sid|csrf[\w-]*|auth(?:orization)?|api[-_]?key|cookie|signature|sig)`;
const secretValue = String.raw`[^\s"'&;,)}\]]+`;
const secretPairPattern = new RegExp(String.raw`(?<![\w-])(${secretNames})(["']?\s*[:=]\s*["']?)${secretValue}`, 'gi');
/** A person's fields as a form or query string names them; only with `=`, so `name: TypeError` stays. */
const personalNames = String.raw`(?:(?:first|last|full|sur|user|vor|nach)?[-_]?name|e-?mail|mail|phone|telefon|tel|mobil[e]?|handy|address|adresse|street|stra(?:ss|ß)e|plz|zip|city|ort|iban|birthday|geburtstag)`;
const personalPairPattern = new RegExp(String.raw`(?<=^|[\s?&;,{("'])(${personalNames})=${secretValue}`, 'gi');
const longRunPattern = /(?<![\w-])[\w-]{32,}(?![\w-])/g;
/**
 * A word of a name: small or capital letters, a capitalised or camel-cased word of parts of two or more small letters
 * (random letters break it within a few characters) with at most two digits at its end, a short number, or a
 * chunk's content hash (20 hex digits at most). Of a million random 32-byte tokens none reads as a name.
 */
const nameWord = /^(?:[a-z]+|[A-Z]+|[A-Z]?[a-z]{2,}(?:[A-Z][a-z]{2,})*\d{0,2}|\d{1,4}|[0-9a-f]{6,20})$/;
/** A name, not a token: its parts between `-` and `_` are words, and one at least has letters but is no hex hash. */
const isName = (run: string) => {
  const words = run.split(/[-_]+/).filter(Boolean);
  return words.every((word) => nameWord.test(word)) && words.some((word) => /^[A-Za-z]+$/.test(word) && !/^[0-9a-f]{6,}$/.test(word));
};
const ipv4Pattern = /(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\w]|\.\d)/g;
const ipv6Pattern = /(?<![\w:])(?:[0-9a-f]{1,4}:){1,7}(?::|(?::[0-9a-f]{1,4}){1,6}|[0-9a-f]{1,4})(?![\w:])/gi;
/** An IPv6 address has `::` or eight groups; `a:10:20` (a file's line and column) has neither. */
const isIpv6 = (text: string) => text.includes('::') || text.split(':').length === 8;
const addressPattern = /(?<![\p{L}-])\p{Lu}[\p{L}-]*?(?:straße|strasse|str\.|weg|platz|allee|gasse|damm|ufer|chaussee)\s*\d{1,4}\s?[a-z]?\b(?:,?\s*\d{5}\s+\p{Lu}\p{L}+)?/gu;
const ibanPattern = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b/g;
/** A phone number written as in Germany: `+49`/`0049` (and `(0)`), an area code in brackets, or a leading 0; seven digits or more. */
const phonePattern = /(?<![\w.:+])(?:(?:\+|00)\d{2,3}[ /-]?(?:\(0\)[ /-]?)?|\(0\d{2,5}\)[ /-]?|0)\d(?:[ /-]{0,3}\d){5,}(?![\w.])/g;
const longNumberPattern = /(?<![\w.:])\+?\d(?:[ /-]?\d){8,}(?![\w.])/g;

/** `text` without the personal data and credentials listed above, and without control characters (but tab and line breaks). */
export function scrubText(text: string): string {
  return replaceControlCharacters(text)
    .replace(queryPattern, '?…')
    .replace(fragmentPattern, (word, before: string) => (before.includes('/') ? before : word))
    .replace(emailPattern, '[email]')
    .replace(spelledEmailPattern, '[email]')
    .replace(bearerPattern, '$1 [token]')
    .replace(jwtPattern, '[token]')
    .replace(secretPairPattern, (_match, name: string, separator: string) => `${name}${separator}[removed]`)
    .replace(personalPairPattern, (_match, name: string) => `${name}=[removed]`)
    .replace(longRunPattern, (run) => (isName(run) ? run : '[token]'))
    .replace(ipv4Pattern, '[ip]')
    .replace(ipv6Pattern, (found) => (isIpv6(found) ? '[ip]' : found))
    .replace(addressPattern, '[address]')
    .replace(ibanPattern, '[number]')
    .replace(phonePattern, '[number]')
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

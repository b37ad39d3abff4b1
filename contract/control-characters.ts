/**
 * Characters no text sent to the server may hold (ADR 027): C0 controls, DEL and C1 controls, the line
 * and paragraph separators U+2028/U+2029 and lone UTF-16 surrogates. A multi-line text may hold tab, line feed and
 * carriage return. Shared by the server's input guard (plugins/input-guard.ts) and the site's form checks.
 */

/** Never allowed: C0 but tab/LF/CR, DEL and C1, the JavaScript line separators. */
// eslint-disable-next-line no-control-regex
const controlMultiLine = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;
/** …and in a single-line value not tab, LF or CR either. */
// eslint-disable-next-line no-control-regex
const controlSingleLine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `value` holds a character refused in input; `multiLine` allows tab, LF and CR. */
export function hasControlCharacter(value: string, multiLine = false): boolean {
  return (multiLine ? controlMultiLine : controlSingleLine).test(value) || loneSurrogate.test(value);
}

const refusedInMultiLine = new RegExp(`${controlMultiLine.source}|${loneSurrogate.source}`, 'g');

/**
 * `value` with every character refused in a multi-line text replaced by U+FFFD: for texts that must reach the server
 * whatever they hold (error reports), rather than be refused for one character.
 */
export const replaceControlCharacters = (value: string): string => value.replace(refusedInMultiLine, '\ufffd');

/**
 * The bidirectional controls: the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069 and the marks
 * U+200E, U+200F and U+061C. In a file name they make it read differently from what it is (`rechnung‮fdp.exe` shows
 * as `rechnungexe.pdf`), and a name never needs them: they are dropped, not refused (ADR 064).
 */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `value` without bidirectional controls, for names people give files (uploads to forms and to the hub). */
export const stripBidiControls = (value: string): string => value.replace(bidiControls, '');

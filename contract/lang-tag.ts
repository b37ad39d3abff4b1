/**
 * A plausible BCP 47 language tag (`it`, `la`, `en-GB`, `sr-Latn-RS`; at most 35 characters, RFC 5646 §4.4.1), as rich text may mark a passage with (WCAG 3.1.2). One
 * check for the server's sanitiser (db/rules/rich-text.ts) and the editor (src/editor/rich-text/), which must
 * accept exactly the same marks.
 */
const LANG_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export const isLangTag = (value: unknown): value is string => typeof value === 'string' && value.length <= 35 && LANG_TAG.test(value);

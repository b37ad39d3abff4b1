/**
 * How words are compared in the site search (ADR 010), in one place for the index, the queries and the
 * highlighting, on both dialects. A word is a run of letters and digits (what FTS5's unicode61 tokenizer and our
 * tsvector input treat as a token). It is folded to lower case with German umlauts written out (ä → ae, ö → oe,
 * ü → ue, ß → ss) and other diacritics dropped (é → e), so "München" and "Muenchen", "Straße" and "Strasse" are
 * the same word. Words with an umlaut are indexed a second time with the umlaut's dots dropped instead ("munchen"),
 * which is what a diacritics-removing tokenizer alone would give, so a query typed without umlauts finds them too.
 */

import { wordPattern } from '../../../../contract/search-rules';

const combiningMarks = /\p{M}+/gu;
const writtenOut: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const dotsDropped: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss' };

const stripMarks = (text: string) => text.normalize('NFD').replace(combiningMarks, '');

/** The words of a text as written (NFC), with their offsets in `text.normalize('NFC')`. */
export function wordsOf(text: string): { word: string; start: number; end: number }[] {
  const words: { word: string; start: number; end: number }[] = [];
  for (const match of text.normalize('NFC').matchAll(wordPattern)) {
    words.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  }
  return words;
}

/** One word folded: lower case, umlauts written out, other diacritics dropped ("Bühne" → "buehne"). */
export function foldWord(word: string): string {
  return stripMarks(word.normalize('NFC').toLowerCase().replace(/[äöüß]/g, (c) => writtenOut[c]));
}

/** The other spelling of a word with an umlaut or ß ("Bühne" → "buhne"), or undefined for any other word. */
export function umlautVariant(word: string): string | undefined {
  const lower = word.normalize('NFC').toLowerCase();
  if (!/[äöüß]/.test(lower)) return undefined;
  const variant = stripMarks(lower.replace(/[äöüß]/g, (c) => dotsDropped[c]));
  return variant === foldWord(word) ? undefined : variant;
}

/** The folded words of a text, in order ("Konzert in München!" → ["konzert", "in", "muenchen"]). */
export function foldedWords(text: string): string[] {
  return wordsOf(text).map(({ word }) => foldWord(word));
}

/**
 * What the full-text index is given for a text: its folded words, then the other spelling of each word with an
 * umlaut once. Plain words separated by spaces, so the FTS5 tokenizer and PostgreSQL's parser see the same tokens.
 */
export function indexText(text: string): string {
  const words = wordsOf(text);
  const variants = new Set<string>();
  for (const { word } of words) {
    const variant = umlautVariant(word);
    if (variant) variants.add(variant);
  }
  return [...words.map(({ word }) => foldWord(word)), ...variants].join(' ');
}

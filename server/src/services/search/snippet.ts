/**
 * A result's snippet: a short stretch of the document's text around the words the query matched, as HTML in
 * which everything is escaped except the `<mark>` elements around those words. Cut here rather than by the
 * engines (FTS5's snippet(), PostgreSQL's ts_headline) because the index holds folded words: the engines would
 * highlight "muenchen" where the page says "München", or nothing at all. The same code serves both dialects.
 */
import { foldWord, umlautVariant, wordsOf } from '../../db/search/fold';
import type { QueryTerm } from '../../db/search/search-query';

/** Words a snippet shows at most. */
export const snippetWords = 30;
/** Words shown before the first match, so it is read in context. */
const leadWords = 4;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]);

/**
 * Whether a word of the text is one the terms matched: the same folded word or its other umlaut spelling, a
 * longer word for a prefix term, and (as PostgreSQL's stemming finds it) a shorter word of at least four letters
 * the term starts with, up to three letters shorter ("Konzert" for "konzerte").
 */
export function wordMatches(word: string, terms: QueryTerm[]): boolean {
  const forms = [foldWord(word)];
  const variant = umlautVariant(word);
  if (variant) forms.push(variant);
  return terms.some((term) =>
    forms.some(
      (form) =>
        form === term.text ||
        (term.prefix && form.startsWith(term.text)) ||
        (form.length >= 4 && term.text.length - form.length <= 3 && term.text.startsWith(form)),
    ),
  );
}

/** The snippet of `text` for the terms: the window of words with the most matches, matches marked. */
export function buildSnippet(text: string, terms: QueryTerm[], size = snippetWords): string {
  const normalised = text.normalize('NFC');
  const words = wordsOf(normalised);
  if (!words.length) return escapeHtml(normalised.slice(0, 200));
  const hits = words.map(({ word }) => wordMatches(word, terms));
  const hitIndexes = hits.flatMap((hit, i) => (hit ? [i] : []));

  // The window starting a little before some match that holds the most matches; the earliest of equals.
  // Starts only grow, so the bounds of the matches inside the window move forward only.
  let first = 0;
  let best = -1;
  let lo = 0;
  let hi = 0;
  for (const index of hitIndexes) {
    const start = Math.max(0, index - leadWords);
    while (hitIndexes[lo] < start) lo += 1;
    while (hi < hitIndexes.length && hitIndexes[hi] < start + size) hi += 1;
    if (hi - lo > best) {
      best = hi - lo;
      first = start;
    }
  }
  const last = Math.min(words.length, first + size) - 1;

  const from = first === 0 ? 0 : words[first].start;
  // The end takes the punctuation right after the last word (a full stop, a closing quote), not the next word.
  const to = last === words.length - 1 ? normalised.length : words[last].end + (/^\S*/.exec(normalised.slice(words[last].end))?.[0].length ?? 0);
  let html = '';
  let at = from;
  for (let i = first; i <= last; i += 1) {
    if (!hits[i]) continue;
    html += `${escapeHtml(normalised.slice(at, words[i].start))}<mark>${escapeHtml(words[i].word)}</mark>`;
    at = words[i].end;
  }
  html += escapeHtml(normalised.slice(at, to));
  return `${from > 0 ? '… ' : ''}${html.trim()}${to < normalised.length ? ' …' : ''}`;
}

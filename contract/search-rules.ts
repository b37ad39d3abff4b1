/**
 * What a search string must be (ADR 010), for the server's check and the site's, which mirrors it so a visitor
 * hears at once what the server would answer: 1 to 100 characters after trimming (2 for the autocomplete), and at
 * least one letter or digit, since words are the only thing searched for.
 */

/** A word: a run of letters and digits. */
export const wordPattern = /[\p{L}\p{N}]+/gu;

/** Longest search string, in characters, after trimming. */
export const maxQueryLength = 100;
/** Shortest search string: one character for a search, two for the autocomplete. */
export const minQueryLength = { search: 1, autocomplete: 2 } as const;

export type QueryProblem = 'empty' | 'tooShort' | 'tooLong' | 'noWord';

/** What is wrong with a search string, or null when it can be searched for. */
export function queryProblem(raw: string, minLength: number = minQueryLength.search): QueryProblem | null {
  const text = raw.trim();
  const length = [...text].length;
  if (length === 0) return 'empty';
  if (length < minLength) return 'tooShort';
  if (length > maxQueryLength) return 'tooLong';
  if (!/[\p{L}\p{N}]/u.test(text)) return 'noWord';
  return null;
}

/**
 * The last page of a category's results the site offers (ADR 073): the hosts answer the numbered search
 * addresses up to it and no further, since their rules cannot tell a number from a word.
 */
export const maxResultPage = 50;

/**
 * Where a search form sends its string without script (ADR 073): the content server answers with a page of the site
 * holding the results. `?query=` as in the search calls, with `category` and `page` for a category's pages.
 */
export const searchAnswerPath = (locale: string) => `/${locale}/api/search/results/`;

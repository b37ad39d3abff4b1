/**
 * A visitor's search string turned into terms, and the terms into the two engines' query languages. Only
 * letters and digits ever reach a query: the string is split into words (db/search/fold.ts), so quotes, `*`, `NEAR`,
 * `OR`, `:`, `&`, `!` and the like are separators or plain words, never syntax. Each term is quoted again when
 * the query text is built.
 */
import { maxQueryLength, minQueryLength, queryProblem, type QueryProblem } from '../../../../contract/search-rules';
import { ContentValidationError } from '../errors';
import { foldedWords } from './fold';

/** Terms used of a long query; the rest are ignored (each term is a prefix match the engine must expand). */
export const maxTerms = 8;

export interface QueryTerm {
  /** The folded word. */
  text: string;
  /** Whether longer words match too; one-letter terms match whole words only (a one-letter prefix is everything). */
  prefix: boolean;
}

export interface SearchQuery {
  /** The search string as given, trimmed. */
  text: string;
  /** Every term must match (AND), in the title or the text. */
  terms: QueryTerm[];
}

const messages: Record<QueryProblem, (field: string, minLength: number) => string> = {
  empty: (field) => `${field} must not be empty`,
  tooShort: (field, minLength) => `${field} must be at least ${minLength} characters long`,
  tooLong: (field) => `${field} must be at most ${maxQueryLength} characters long`,
  noWord: (field) => `${field} must contain a letter or a digit`,
};

/**
 * Validates `?query=` (trimmed length, something to search for) and splits it into terms; 400 naming `query.query`
 * (or the `field` given, e.g. the hub search's `query.q`) otherwise.
 */
export function parseSearchQuery(raw: string, minLength: number = minQueryLength.search, field = 'query.query'): SearchQuery {
  const problem = queryProblem(raw, minLength);
  if (problem) throw new ContentValidationError(field, messages[problem](field, minLength));
  const text = raw.trim();
  const words = [...new Set(foldedWords(text))].slice(0, maxTerms);
  return { text, terms: words.map((word) => ({ text: word, prefix: [...word].length > 1 })) };
}

/** An FTS5 string literal: double quotes, inner ones doubled (terms hold only letters and digits anyway). */
const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The FTS5 MATCH expression: every term, as a quoted string, with `*` for a prefix. */
export function ftsMatch(terms: QueryTerm[]): string {
  return terms.map((term) => `${ftsString(term.text)}${term.prefix ? '*' : ''}`).join(' AND ');
}

/** A tsquery lexeme literal: single quotes, inner ones and backslashes escaped. */
const tsString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The `to_tsquery` text: every term, quoted, with `:*` for a prefix and the weight A (the title) if asked. The
 * configuration (german, english) then stems each term as it stemmed the documents.
 */
export function tsQuery(terms: QueryTerm[], titleOnly = false): string {
  const weight = titleOnly ? 'A' : '';
  return terms.map((term) => `${tsString(term.text)}${term.prefix || weight ? `:${term.prefix ? '*' : ''}${weight}` : ''}`).join(' & ');
}

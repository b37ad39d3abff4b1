/**
 * The refusal code (shared/refusal-codes.ts) of a broken schema rule, for both checkers that speak for the
 * schemas: Ajv on the request (plugins/error-handler.ts) and TypeBox's `assertValid` (server/src/db/rules/assert-valid.ts).
 * A pattern is told apart by what its `description` promises, so one shape (an e-mail address, a date and time)
 * gets one sentence wherever its schema is used.
 */
import type { RefusalCode, RefusalParams } from '../refusal-codes';

export interface SchemaRefusal {
  code: RefusalCode;
  params?: RefusalParams;
}

/** Description words → code, first match wins (descriptions in schemas/*.ts and hub/*.ts). */
const patternKinds: Array<[RegExp, RefusalCode]> = [
  [/e-mail/i, 'invalid_email'],
  [/date and time/i, 'invalid_datetime'],
  [/\ba date\b|calendar date/i, 'invalid_date'],
  [/season/i, 'invalid_season'],
  [/more than spaces|not only spaces/i, 'required'],
  [/lowercase letters, digits and single hyphens/i, 'invalid_slug'],
  [/http\(s\)|mailto|#anchor/i, 'invalid_link'],
  [/path on this site|starting with a single \//i, 'invalid_path'],
];

export function patternRefusal(description: unknown): RefusalCode {
  if (typeof description !== 'string') return 'invalid_format';
  return patternKinds.find(([words]) => words.test(description))?.[1] ?? 'invalid_format';
}

const typeRefusals: Record<string, RefusalCode> = {
  integer: 'not_a_whole_number',
  number: 'not_a_number',
  string: 'not_text',
  boolean: 'not_yes_no',
  array: 'not_a_list',
};

/** The code of a value of the wrong JSON type (`integer`, `string`, …). */
export const typeRefusal = (type: unknown): RefusalCode => typeRefusals[String(type)] ?? 'invalid';

/** A string length rule: `minLength: 1` means the field must be filled. */
export function lengthRefusal(kind: 'min' | 'max', limit: unknown): SchemaRefusal {
  if (kind === 'min') return Number(limit) === 1 ? { code: 'required' } : { code: 'too_short', params: { limit: Number(limit) } };
  return { code: 'too_long', params: { limit: Number(limit) } };
}

/** A number bound (`minimum`, `exclusiveMaximum`, …) as too small or too big, with its limit. */
export const boundRefusal = (kind: 'min' | 'max', limit: unknown): SchemaRefusal => ({
  code: kind === 'min' ? 'too_small' : 'too_big',
  params: { limit: Number(limit) },
});

/** One of a fixed set of values: the allowed ones, comma-separated, for the sentence. */
export const choiceRefusal = (allowed: unknown[]): SchemaRefusal => ({
  code: 'not_allowed_value',
  params: { allowed: allowed.map(String).join(', ') },
});

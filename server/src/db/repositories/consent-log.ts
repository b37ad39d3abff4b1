/**
 * The cookie-consent log (routes/consent.ts): appended to, never changed. Categories are stored as a JSON array
 * in `consentCategories` order, so two identical choices are stored identically whatever order the banner sent.
 * Refusals throw ContentValidationError naming `body.categories`; nothing is written then.
 */
import { ContentValidationError } from '../errors';
import type { Db } from '../database';
import { consentCategories, type ConsentAction, type ConsentCategory } from '../../../../contract/consent';

export interface ConsentInput {
  /** The banner's UUID; stored lower-case, so a lookup does not depend on how it was written. */
  consentId: string;
  categories: readonly string[];
  revision: number;
  action: ConsentAction;
  now: Date;
}

export interface ConsentEntry {
  categories: ConsentCategory[];
  revision: number;
  action: ConsentAction;
  created_at: string;
}

const field = 'body.categories';

function canonicalCategories(categories: readonly string[]): ConsentCategory[] {
  const known = new Set<string>(consentCategories);
  const unknown = categories.find((category) => !known.has(category));
  if (unknown !== undefined) throw new ContentValidationError(field, `${field} must hold only: ${consentCategories.join(', ')}; got "${unknown}"`);
  if (new Set(categories).size !== categories.length) throw new ContentValidationError(field, `${field} must not name a category twice`);
  if (!categories.includes('required')) {
    throw new ContentValidationError(field, `${field} must include "required": the cookies the site needs cannot be refused`);
  }
  return consentCategories.filter((category) => categories.includes(category));
}

export async function recordConsent(db: Db, { consentId, categories, revision, action, now }: ConsentInput): Promise<void> {
  await db
    .insertInto('consent_log')
    .values({
      consent_id: consentId.toLowerCase(),
      categories: JSON.stringify(canonicalCategories(categories)),
      revision,
      action,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Every decision logged for a consent id, oldest first (rows of the same moment in the order they came). */
export async function consentHistory(db: Db, consentId: string): Promise<ConsentEntry[]> {
  const rows = await db
    .selectFrom('consent_log')
    .select(['categories', 'revision', 'action', 'created_at'])
    .where('consent_id', '=', consentId.toLowerCase())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, categories: JSON.parse(row.categories) as ConsentCategory[] }));
}

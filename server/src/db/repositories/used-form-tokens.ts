/**
 * Form tokens used for an accepted public write (plugins/public-writes.ts, ADR 029): a token is good for one
 * submission, in any process, so its claim lives in the database.
 */
import type { Db } from '../database';

/**
 * Claims a token until `expiresAt`: true when it was free, false when a request took it before. The insert is
 * atomic on both dialects (primary key, ON CONFLICT DO NOTHING), so two parallel requests with one token cannot
 * both get it.
 */
export async function claimUsedFormToken(db: Db, token: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .insertInto('used_form_token')
    .values({ token, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('token').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives a claim back (the write it was for was refused). */
export const releaseUsedFormToken = (db: Db, token: string) => db.deleteFrom('used_form_token').where('token', '=', token).execute();

export const pruneUsedFormTokens = (db: Db, now: Date) =>
  db.deleteFrom('used_form_token').where('expires_at', '<=', now.toISOString()).execute();

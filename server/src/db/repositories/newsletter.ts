/**
 * Newsletter subscribers: double opt-in with proof of consent. Every function takes `now` (the app's clock) and
 * a handle or transaction, so a route can queue the mail in the same transaction. Refusals throw
 * ContentValidationError (400) or GoneError (410) naming `body.token`; nothing is changed then.
 */
import { CONFIRM_TTL_HOURS, CONSENT_TEXT_VERSION, PURGE_UNCONFIRMED_AFTER_DAYS, tokenErrors } from '../../../../contract/newsletter';
import type { Locale } from '../../../../contract/locales';
import { ContentValidationError, GoneError } from '../errors';
import { hashToken, newConfirmToken, newSalt, unsubscribeToken } from '../rules/newsletter-tokens';
import type { Db } from '../database';
import type { NewsletterSubscriberRow } from '../tables/newsletter.table';

export const DEFAULT_LIST = 'general';
const hour = 60 * 60 * 1000;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SignUpInput {
  email: string;
  locale: Locale;
  ip: string;
  now: Date;
}

export type SignUpResult =
  /** A confirmation mail is due: a new or pending sign-up, or a former subscriber signing up again. */
  | { outcome: 'confirm'; subscriber: NewsletterSubscriberRow; confirmToken: string }
  /** Already subscribed: nothing changes and no mail goes out (the visitor's answer is the same). */
  | { outcome: 'already-confirmed'; subscriber: NewsletterSubscriberRow };

const findByEmail = (db: Db, email: string) =>
  db.selectFrom('newsletter_subscriber').selectAll().where('list', '=', DEFAULT_LIST).where('email', '=', email).executeTakeFirst();

/**
 * Records a sign-up with the current consent text version, time and IP and a fresh confirmation token (a
 * repeated sign-up replaces the earlier token, so only the newest mail's link works).
 */
export async function signUp(db: Db, { email: rawEmail, locale, ip, now }: SignUpInput): Promise<SignUpResult> {
  const email = normaliseEmail(rawEmail);
  const confirmToken = newConfirmToken();
  const fresh = {
    locale,
    status: 'pending' as const,
    consent_text_version: CONSENT_TEXT_VERSION,
    signup_ip: ip,
    signed_up_at: now.toISOString(),
    confirm_token_hash: hashToken(confirmToken),
    confirm_token_expires_at: new Date(now.getTime() + CONFIRM_TTL_HOURS * hour).toISOString(),
    updated_at: now.toISOString(),
  };
  let existing = await findByEmail(db, email);
  if (!existing) {
    // A parallel sign-up of the same address may win the insert; this one then updates its row below.
    const inserted = await db
      .insertInto('newsletter_subscriber')
      .values({ ...fresh, list: DEFAULT_LIST, email, confirmed_at: null, confirm_ip: null, unsubscribe_token_hash: null, unsubscribe_salt: null, unsubscribed_at: null })
      .onConflict((oc) => oc.columns(['list', 'email']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { outcome: 'confirm', subscriber: inserted, confirmToken };
    existing = await findByEmail(db, email);
    if (!existing) throw new Error('newsletter sign-up: row vanished during insert');
  }
  if (existing.status === 'confirmed') return { outcome: 'already-confirmed', subscriber: existing };
  // Pending again with the new consent; a former subscriber's last confirmation stays on record until replaced.
  const subscriber = await db
    .updateTable('newsletter_subscriber')
    .set(fresh)
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: 'confirm', subscriber, confirmToken };
}

/**
 * Confirms the sign-up the token belongs to and resolves with it and its unsubscribe token (for the welcome
 * mail; derived from a salt kept across re-subscriptions, so links in older mails keep working).
 * Unknown token: 400. Used already (confirmed or unsubscribed since) or expired: 410.
 */
export async function confirmSubscription(
  db: Db,
  token: string,
  { ip, now, secret }: { ip: string; now: Date; secret: string },
): Promise<{ subscriber: NewsletterSubscriberRow; unsubscribeToken: string }> {
  const row = await db.selectFrom('newsletter_subscriber').selectAll().where('confirm_token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) {
    throw new ContentValidationError('body.token', tokenErrors.confirmInvalid);
  }
  if (row.status !== 'pending') throw new GoneError(tokenErrors.confirmUsed, 'body.token');
  if (row.confirm_token_expires_at < now.toISOString()) {
    throw new GoneError(tokenErrors.confirmExpired, 'body.token');
  }
  const salt = row.unsubscribe_salt ?? newSalt();
  const leaveToken = unsubscribeToken(secret, { id: row.id, unsubscribe_salt: salt });
  const subscriber = await db
    .updateTable('newsletter_subscriber')
    .set({
      status: 'confirmed',
      confirmed_at: now.toISOString(),
      confirm_ip: ip,
      unsubscribe_salt: salt,
      unsubscribe_token_hash: hashToken(leaveToken),
      unsubscribed_at: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { subscriber, unsubscribeToken: leaveToken };
}

/** Ends the subscription the token belongs to. Repeating it is harmless; an unknown token is 400. */
export async function unsubscribe(db: Db, token: string, { now }: { now: Date }): Promise<NewsletterSubscriberRow> {
  const row = await db.selectFrom('newsletter_subscriber').selectAll().where('unsubscribe_token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) throw new ContentValidationError('body.token', tokenErrors.unsubscribeInvalid);
  if (row.status === 'unsubscribed') return row;
  // Also ends a pending re-sign-up of a former subscriber (the row keeps its earlier confirmation).
  return db
    .updateTable('newsletter_subscriber')
    .set({ status: 'unsubscribed', unsubscribed_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes sign-ups still unconfirmed PURGE_UNCONFIRMED_AFTER_DAYS after they were made; resolves with how many. */
export async function purgeUnconfirmed(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PURGE_UNCONFIRMED_AFTER_DAYS * 24 * hour).toISOString();
  const result = await db.deleteFrom('newsletter_subscriber').where('status', '=', 'pending').where('signed_up_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes a subscriber's row with its proof of consent (erasure on request, GDPR Art. 17); resolves with whether
 * there was one. Unlike unsubscribing, nothing of the address remains. Not logged: subscribers never reach the site.
 */
export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('newsletter_subscriber').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

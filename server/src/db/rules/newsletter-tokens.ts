/**
 * Newsletter tokens. The confirmation token is 128 random bits shown once (in the mail); the unsubscribe token is
 * derived from the subscriber's id, a random salt and the server's secret, so every later mail can carry it
 * without the token itself being stored. The database keeps SHA-256 hashes only, to look tokens up.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 16 random bytes (128 bits), base64url. */
export const newConfirmToken = () => randomBytes(16).toString('base64url');

export const newSalt = () => randomBytes(16).toString('base64url');

export function unsubscribeToken(secret: string, subscriber: { id: number; unsubscribe_salt: string | null }): string {
  if (!subscriber.unsubscribe_salt) throw new Error(`subscriber ${subscriber.id} has no unsubscribe salt (not confirmed yet)`);
  return createHmac('sha256', secret).update(`newsletter-unsubscribe|${subscriber.id}|${subscriber.unsubscribe_salt}`).digest('base64url');
}

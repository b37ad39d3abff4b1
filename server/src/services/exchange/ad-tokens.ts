/**
 * The tokens of an ad's confirmation and withdrawal links: 32 random bytes (256 bits) as base64url, so they
 * cannot be guessed. Only their SHA-256 hash is stored; the token itself exists in the mail alone, so a copy of
 * the database opens no ad.
 */
import { createHash, randomBytes } from 'node:crypto';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

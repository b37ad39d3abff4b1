/**
 * Values signed with the server's secret (HMAC-SHA256, base64url): `value.signature`. Used for the CSRF cookie
 * and the form tokens. `purpose` separates the uses, so a value signed for one is never valid for another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const signature = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');

export function signValue(secret: string, purpose: string, value: string): string {
  return `${value}.${signature(secret, purpose, value)}`;
}

/** The value when `signed` carries a valid signature for `purpose`, else undefined. */
export function verifySignedValue(secret: string, purpose: string, signed: unknown): string | undefined {
  if (typeof signed !== 'string' || signed.length > 512) return undefined;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(signature(secret, purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

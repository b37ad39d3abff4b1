/**
 * Netlify's signature on its outgoing webhooks (ADR 023): with a "JWS secret token" set, each notification
 * carries `X-Webhook-Signature`, a compact JWS signed HS256 with that secret, whose payload says `iss: "netlify"`
 * and `sha256`: the hex SHA-256 of the request body as sent. Checked with node:crypto alone.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A compact JWS is three base64url parts; a longer header is no signature of Netlify's. */
const maxTokenLength = 4096;
const base64url = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Equal bytes, compared in constant time (a plain comparison tells an attacker how much of a guess was right). */
function sameBytes(a: Buffer, b: Buffer) {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether `token` is Netlify's signature of `body` under `secret`: alg HS256 (never `none` or another the caller
 * did not choose), a valid HMAC, iss netlify and the body's SHA-256. Every failure is just false: the caller
 * answers 401 without saying which check failed.
 */
export function isNetlifySignature(secret: string, token: unknown, body: Buffer): boolean {
  if (typeof token !== 'string' || token.length > maxTokenLength) return false;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => base64url.test(part))) return false;
  const [header, payload, signature] = parts;
  if (decodeJson(header)?.alg !== 'HS256') return false;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  if (!sameBytes(Buffer.from(signature, 'base64url'), expected)) return false;
  const claims = decodeJson(payload);
  if (claims?.iss !== 'netlify' || typeof claims.sha256 !== 'string') return false;
  const digest = createHash('sha256').update(body).digest('hex');
  return sameBytes(Buffer.from(claims.sha256.toLowerCase()), Buffer.from(digest));
}

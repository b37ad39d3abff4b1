/**
 * Netlify's JWS signatures, checked with node:crypto alone. Netlify signs two kinds of request with a secret we share:
 *
 * - its outgoing deploy notifications (ADR 023): `X-Webhook-Signature`, whose payload says `iss: "netlify"` and
 *   `sha256`, the hex SHA-256 of the request body as sent;
 * - requests its CDN proxies under a signed rule (ADR 029): `X-Nf-Sign`, whose payload says `iss: "netlify"` and
 *   `exp`, five minutes after signing, with the deploy context, site id and site URL.
 *
 * Both are compact JWS signed HS256 with the secret.
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
 * The claims of `token` when it is a JWS of Netlify's under `secret`: alg HS256 (never `none` or another the caller
 * did not choose), a valid HMAC and iss netlify. Undefined for anything else, without saying which check failed.
 */
function netlifyClaims(secret: string, token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string' || token.length > maxTokenLength) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => base64url.test(part))) return undefined;
  const [header, payload, signature] = parts;
  if (decodeJson(header)?.alg !== 'HS256') return undefined;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  if (!sameBytes(Buffer.from(signature, 'base64url'), expected)) return undefined;
  const claims = decodeJson(payload);
  return claims?.iss === 'netlify' ? claims : undefined;
}

/** Whether `token` is Netlify's signature of the deploy notification `body` under `secret`. */
export function isNetlifySignature(secret: string, token: unknown, body: Buffer): boolean {
  const claims = netlifyClaims(secret, token);
  if (typeof claims?.sha256 !== 'string') return false;
  const digest = createHash('sha256').update(body).digest('hex');
  return sameBytes(Buffer.from(claims.sha256.toLowerCase()), Buffer.from(digest));
}

/** Clocks of the CDN and this server may differ a little; a token is honoured this long past its `exp`. */
const clockLeewaySeconds = 30;

/**
 * Whether `token` (a request's `X-Nf-Sign`) is the signature Netlify's CDN puts on a request it proxies under a
 * signed rule with `secret`, and has not expired (`exp` is required: a token without one would be good forever).
 */
export function isNetlifyProxySignature(secret: string, token: unknown, nowMs: number): boolean {
  const claims = netlifyClaims(secret, token);
  return typeof claims?.exp === 'number' && Number.isFinite(claims.exp) && claims.exp + clockLeewaySeconds > nowMs / 1000;
}

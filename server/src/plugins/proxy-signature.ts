/**
 * Forwarded headers only from Netlify's proxy (ADR 029). With PROXY_SIGNATURE_SECRET set, a request's
 * X-Forwarded-For, X-Forwarded-Proto, X-Forwarded-Host and Forwarded are believed only when it carries `X-Nf-Sign`,
 * the JWS Netlify's CDN adds under the build's signed proxy rules; from anyone else they are removed before Fastify
 * reads them, so the client address (rate limits, the login throttle, consent proofs), the protocol (Secure
 * cookies, HSTS) and the host are the connection's own. A hop count in TRUST_PROXY needs this (config.ts): it
 * believes whoever connects, and the signature is what tells Netlify's proxy from a client that sends the header
 * itself.
 *
 * The check runs as the HTTP server's first `request` listener, ahead of Fastify's handler, so even the request
 * log's address is the vetted one.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { isNetlifyProxySignature } from '../services/publish/netlify-signature';

/** Where Netlify's CDN names the visitor's address on a proxied request (the header its staff point to). */
const netlifyClientHeader = 'x-nf-client-connection-ip';
const forwardedHeaders = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded', netlifyClientHeader] as const;

/** One warning a minute at most: an unsigned forwarded request is either an attack or a misconfigured site. */
const warnEveryMs = 60_000;

/**
 * Removes the forwarded headers of `request` unless it is signed with `secret`; whether it removed any. A signed
 * request that names the visitor in `X-Nf-Client-Connection-Ip` gets that address as its X-Forwarded-For, so the
 * hop count reads Netlify's own statement of the client rather than depend on how its edge chains the header.
 */
export function vetForwardedHeaders(request: IncomingMessage, secret: string, nowMs: number): boolean {
  const headers = request.headers;
  if (!forwardedHeaders.some((name) => name in headers)) return false;
  if (isNetlifyProxySignature(secret, headers['x-nf-sign'], nowMs)) {
    const client = headers[netlifyClientHeader];
    if (typeof client === 'string' && isIP(client.trim())) headers['x-forwarded-for'] = client.trim();
    return false;
  }
  for (const name of forwardedHeaders) delete headers[name];
  return true;
}

export function registerProxySignature(app: FastifyInstance, secret: string | undefined) {
  if (!secret) return;
  let lastWarning = -Infinity;
  app.server.prependListener('request', (request: IncomingMessage) => {
    const now = Date.now();
    if (!vetForwardedHeaders(request, secret, now) || now - lastWarning < warnEveryMs) return;
    lastWarning = now;
    app.log.warn(
      { address: request.socket.remoteAddress },
      'forwarded headers without a valid X-Nf-Sign were ignored: a client sent them itself, or the site does not sign its proxy rules with PROXY_SIGNATURE_SECRET',
    );
  });
}

/**
 * The security headers (shared/security-headers.ts, ADR 028) on every answer of the content server: pages, API
 * calls, media, redirects and errors, Fastify's own 404 included. An onSend hook, registered after the site
 * (plugins/site.ts), which copies `_headers` onto answers: it sets each header to the shared value, so a header is
 * never sent twice or with two values, and Strict-Transport-Security only when the request came over https
 * (directly or through a trusted proxy, `request.protocol` with the configured trustProxy). X-Frame-Options on every
 * answer (ADR 037, ADR 067): a file of the build as `_headers` has it (SAMEORIGIN, for the editor's preview, on
 * pages, scripts, styles, page-data and images alike; the hub DENY), the server's own answers (calls, media,
 * redirects, errors) DENY. 304s and errors go through this hook too.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { frameOptionsFor, securityHeaders, strictTransportSecurity } from '../../../contract/security-headers';

/** The file of the build each answer of the site plugin sent (`/de/404/index.html`); the server's own have none. */
const servedFiles = new WeakMap<FastifyRequest, string>();

/** Called by the site plugin when it answers from the build: the answer is framed by that file's rule (ADR 037). */
export function markServedFile(request: FastifyRequest, file: string) {
  servedFiles.set(request, `/${file.replace(/^\/+/, '')}`);
}

/** Answers that must not name their address to anyone (a preview link's, ADR 084): `Referrer-Policy: no-referrer`. */
const unreferred = new WeakSet<FastifyRequest>();
export function markNoReferrer(request: FastifyRequest) {
  unreferred.add(request);
}

const entries = Object.entries(securityHeaders);

function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  for (const [name, value] of entries) reply.header(name, value);
  // A file of the build as `_headers` has it (ADR 037, ADR 067); the server's own answers (calls, media, errors)
  // are framed by nobody.
  const served = servedFiles.get(request);
  reply.header('x-frame-options', served === undefined ? 'DENY' : frameOptionsFor(served));
  if (unreferred.has(request)) reply.header('referrer-policy', 'no-referrer');
  // `_headers` carries HSTS for the CDN, which is https only; over plain http it is not ours to send.
  if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
  else reply.removeHeader('strict-transport-security');
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply);
    return payload;
  });
}

/**
 * Fastify's `frameworkErrors` (app.ts): a URL the router cannot decode (`/de/%E0%A4%A`) or a parameter over its
 * length limit is answered before any hook runs; without this, Fastify wrote a bare 400 with no security headers
 * and not in the API's error shape. Now a 400 in that shape, with the headers.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request, reply);
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Bad Request', message: statusCode === 400 ? 'Bad request: malformed URL' : error.message });
}

/**
 * CSRF protection for writes from the site (double-submit cookie, signed). Every GET under `/{locale}/api/` sets
 * the `csrftoken` cookie when the request has none or an invalid one, except answers Netlify's CDN may keep
 * (ADR 050); `GET /{locale}/api/csrf/` exists only for that (204). A route opts in with `config: { csrf: true }`: its request must carry the cookie's value in the
 * `X-CSRFToken` header, the value's signature must verify, and the Origin (or, without one, the Referer) must be
 * the request's own origin or the public URL. Otherwise 403 "CSRF check failed" naming what was wrong, before the
 * body is validated or anything is written.
 *
 * `subject(request)` is signed into the token: the staff session's id (plugins/session.ts), '' for visitors. A
 * token is only good for the session it was issued in; login and logout hand out a new one (`setCsrfCookie`).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { RequestForbiddenError } from '../db/errors';
import { signValue, verifySignedValue } from '../services/signed-values';
import { CDN_CACHE_CONTROL } from '../services/cdn/cdn-headers';
import { localeAlternation } from '../../../contract/locales';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route changes state for a browser client: it needs the CSRF header and a same-site Origin. */
    csrf?: boolean;
  }
}

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const purpose = 'csrf';

export interface CsrfOptions {
  secret: string;
  /** Who the token belongs to; '' for anonymous visitors (see the module comment). */
  subject?: (request: FastifyRequest) => string;
}

const localeApiGet = new RegExp(`^/(?:${localeAlternation})/api/`);
const localHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** `random|subject` signed: the random part makes each visitor's token unguessable. */
function issueToken(secret: string, subject: string) {
  return signValue(secret, purpose, `${randomBytes(32).toString('base64url')}|${subject}`);
}

function isValidToken(secret: string, token: unknown, subject: string) {
  const value = verifySignedValue(secret, purpose, token);
  return value !== undefined && value.slice(value.indexOf('|') + 1) === subject;
}

function originOf(value: string | undefined) {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether an Origin (or Referer) header names the site itself: the request's own origin or the public URL's. The
 * one definition of "same site" for the server's write checks.
 */
export function isSiteOrigin(app: FastifyInstance, request: FastifyRequest, header: string | undefined): boolean {
  const claimed = originOf(header);
  return claimed !== undefined && (claimed === `${request.protocol}://${request.host}` || claimed === originOf(app.publicUrl()));
}

/**
 * The `onRequest` hook of a write no form sends and no cookie guards (the consent log): answers are never kept
 * (`no-store`), and a request whose Origin is present and not the site's is refused with 403 naming
 * `headers.origin` before its body is read. Browsers send an Origin with every cross-site POST; a request without
 * one comes from the site itself or from a script, which the route's rate limit is for. Error reports ask for more
 * (routes/error-reports.ts, ADR 065).
 */
export function siteOriginOnly(app: FastifyInstance, refusal: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const { origin } = request.headers;
    if (origin !== undefined && !isSiteOrigin(app, request, origin)) throw new RequestForbiddenError(refusal, 'headers.origin');
  };
}

/** Sets a new `csrftoken` cookie signed for `subject` (login and logout rotate it this way). */
export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, secret: string, subject: string) {
  reply.setCookie(CSRF_COOKIE, issueToken(secret, subject), {
    path: '/',
    sameSite: 'lax',
    // The site reads it to copy it into the header (ADR 028: why it stays readable).
    httpOnly: false,
    secure: request.protocol === 'https' || !localHosts.has(request.hostname),
    maxAge: 365 * 24 * 60 * 60,
  });
}

export function registerCsrf(app: FastifyInstance, { secret, subject = () => '' }: CsrfOptions) {
  const refuse = (field: string) => new RequestForbiddenError('CSRF check failed', field).because('csrf_failed');

  // Before the body is parsed or validated: a forged request learns nothing about the body's rules.
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.csrf) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || header === '') throw refuse(`headers.${CSRF_HEADER}`);
    if (!cookie) throw refuse(`cookies.${CSRF_COOKIE}`);
    if (header !== cookie) throw refuse(`headers.${CSRF_HEADER}`);
    if (!isValidToken(secret, cookie, subject(request))) throw refuse(`cookies.${CSRF_COOKIE}`);
    const origin = request.headers.origin;
    if (!isSiteOrigin(app, request, origin ?? request.headers.referer)) throw refuse(origin !== undefined ? 'headers.origin' : 'headers.referer');
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' || !localeApiGet.test(request.url)) return;
    // An answer the CDN keeps is everybody's: it carries nobody's cookie (ADR 050; the site fetches /api/csrf/).
    if (reply.hasHeader(CDN_CACHE_CONTROL)) return;
    const who = subject(request);
    if (isValidToken(secret, request.cookies[CSRF_COOKIE], who)) return;
    setCsrfCookie(request, reply, secret, who);
  });

  app.get(
    '/:locale/api/csrf/',
    { schema: { params: LocaleParamsSchema, response: { 204: Type.Null(), 400: ErrorSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(204).send();
    },
  );
}

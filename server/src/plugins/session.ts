/**
 * Staff sessions on every request (ADR 013). An onRequest hook, registered before the CSRF check, reads the
 * `kf_session` cookie and sets `request.staff` / `request.isStaff` for a valid session of an active account. A
 * route with `config: { staff: true }` is then answered 401 without one (403 for a disabled account) before the
 * CSRF check runs, so an editor whose session expired gets the login modal, not a CSRF failure.
 * `sessionSubject` is what the CSRF tokens are signed for: the session's id, '' for visitors.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { findValidStaffSession, SESSION_MAX_AGE_MS, type ValidSession } from '../db/repositories/staff-sessions';
import { RequestForbiddenError } from '../db/errors';
import { localeAlternation } from '../../../contract/locales';
import { isProbe } from './probes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's valid session with its account, a disabled one included (then `staff` stays undefined). */
    staffSession: ValidSession | undefined;
  }
}

export const SESSION_COOKIE = 'kf_session';

/** A staff call without a valid session: the editor answers it with the login modal. */
export class UnauthorizedError extends Error {
  readonly statusCode = 401;
  constructor(
    message = 'Not logged in: please log in again.',
    /** `login_failed` for a refused login, else the session is missing or over. */
    readonly refusal: 'session_expired' | 'login_failed' = 'session_expired',
  ) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

export const accountDisabledMessage = 'This account is disabled.';

export interface SessionOptions {
  db: Db;
  now: () => Date;
  /**
   * Tests only (test/test-context.ts): `x-test-staff: 1` makes a request staff for reads (offline pages, version
   * previews) without logging in. It never passes the staff guard: writes need a real session and its CSRF token.
   */
  testStaffHeader?: boolean;
}

/** The CSRF subject of a request: its session's id, or '' for visitors. */
export const sessionSubject = (request: FastifyRequest) => request.staffSession?.session.id ?? '';

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);
const localeApi = new RegExp(`^/(?:${localeAlternation})/(?:api|pageeditor-api)/`);

/** Whether a public URL is plain http on this machine, where a browser would drop a Secure cookie. */
function isLocalHttp(publicUrl: string) {
  try {
    const url = new URL(publicUrl);
    return url.protocol === 'http:' && localHosts.has(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Whether a cookie set on this answer gets `Secure`: always when the request came over https, directly or through a
 * trusted proxy (`request.protocol` follows X-Forwarded-Proto only from the configured trustProxy); otherwise
 * everywhere except a public URL of plain http on this machine. Used by every Set-Cookie of the server.
 */
export function secureCookieFor(request: FastifyRequest): boolean {
  return request.protocol === 'https' || !isLocalHttp(request.server.publicUrl());
}

/** Sets `kf_session` to a new session's token, or clears it (`token` undefined). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string | undefined) {
  reply.setCookie(SESSION_COOKIE, token ?? '', {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: secureCookieFor(request),
    maxAge: token === undefined ? 0 : SESSION_MAX_AGE_MS / 1000,
  });
}

export function registerSession(app: FastifyInstance, { db, now, testStaffHeader = false }: SessionOptions) {
  app.decorateRequest('staffSession', undefined);

  app.addHook('onRequest', async (request) => {
    // A probe is nobody's: a cookie on it is not looked up (plugins/probes.ts).
    if (isProbe(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await findValidStaffSession(db, token, now()) : undefined;
    request.staffSession = found;
    if (found?.user.is_active) {
      request.staff = found.user;
      request.isStaff = true;
    }
    if (testStaffHeader && request.headers['x-test-staff'] === '1') request.isStaff = true;
    if (request.routeOptions.config.staff && !request.staff) {
      throw found ? new RequestForbiddenError(accountDisabledMessage).because('account_disabled') : new UnauthorizedError();
    }
  });

  // What the API shows a logged-in person may be unpublished: no cache may keep it. (The built site's files are
  // the same for everybody and keep their caching.)
  app.addHook('onSend', async (request, reply) => {
    if (request.staffSession && localeApi.test(request.url)) reply.header('cache-control', 'private, no-store');
  });
}

/**
 * Staff login, logout and the user call (ADR 013), under `/{locale}/pageeditor-api/`:
 * - `POST login/` {login, password}: 200 with the user, a new session cookie and a CSRF token for it; 401 with
 *   one message for an unknown login and a wrong password alike; 403 for a disabled account (only told to
 *   someone who knows its password); 429 with Retry-After after too many failures, counted across servers (services/login-throttle.ts, ADR 029, 051).
 * - `POST logout/`: 204; the session row is deleted, the cookie cleared, and the CSRF token is an anonymous one.
 * - `GET user`: 200 with the user, 401 without a valid session, 403 for a disabled account.
 * - `POST user/language/` {staff_language}: the logged-in person sets the language of their own tools (ADR 061), never
 *   anyone else's (the call has no account id); 200 with the user as `GET user` answers it.
 * Login and logout need the CSRF header like every browser write (a forged login would otherwise log a victim
 * into an attacker's account).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/database';
import { readNavigation } from '../db/repositories/navigation';
import { createStaffSession, deleteExpiredStaffSessions, deleteStaffSession } from '../db/repositories/staff-sessions';
import { findStaffUserByLogin, setStaffLanguage, type StaffUser } from '../db/repositories/staff-users';
import { setCsrfCookie } from '../plugins/csrf';
import { accountDisabledMessage, UnauthorizedError, SESSION_COOKIE, setSessionCookie } from '../plugins/session';
import { LoginBodySchema, StaffLanguageBodySchema, StaffUserAnswerSchema, type StaffUserAnswer } from '../../../contract/schemas/auth';
import { ErrorSchema } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { ContentValidationError, RequestForbiddenError, TooManyRequestsError } from '../db/errors';
import { adminMenusFor } from '../../../contract/admin-menus';
import { LoginThrottle } from '../services/login-throttle';
import { hashPassword, verifyPassword } from '../db/rules/passwords';
import { resolveSecretKey } from '../services/secret-key';
import type { RouteOptions } from './route-options';

export const wrongLoginMessage = 'Wrong login or password.';

async function staffAnswer(db: Db, user: StaffUser, locale: Locale): Promise<StaffUserAnswer> {
  return {
    logged: true,
    id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    staff_language: user.staff_language,
    admin_menus: adminMenusFor(user.role, locale),
    navigation: await readNavigation(db, locale),
  };
}

const UserResponse = routeSchema(StaffUserAnswerSchema);

/**
 * Logout takes no fields. Its body is checked here rather than by a schema, because Fastify validates a missing
 * body against the schema too, and `fetch(url, { method: 'POST' })` sends none.
 */
function refuseLogoutFields(body: unknown) {
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body)) throw new ContentValidationError('body', 'body must be empty or {}');
  const [extra] = Object.keys(body);
  if (extra !== undefined) throw new ContentValidationError(`body.${extra}`, `body.${extra} is not a known field`).because('unknown_field');
}

const authRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, config, now }) => {
  const secret = resolveSecretKey(config);
  const throttle = new LoginThrottle(db);
  // An unknown login is checked against this hash, so it costs as much time as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const hashForUnknown = () => (dummyHash ??= hashPassword(randomBytes(18).toString('base64url')));

  app.post(
    '/:locale/pageeditor-api/login/',
    {
      config: { csrf: true },
      schema: {
        params: LocaleParamsSchema,
        body: LoginBodySchema,
        response: { 200: UserResponse, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const { login, password } = request.body;
      const at = now();
      const user = await findStaffUserByLogin(db, login);
      // The account's e-mail and username share one count; an unknown login is counted by what was typed.
      const account = user ? `user:${user.id}` : `login:${login.trim().toLowerCase()}`;
      // Counted per account and address, per address, and per account from unknown addresses (ADR 029), across
      // every server on the database (ADR 051).
      const { wait, attempt } = await throttle.attempt(account, request.ip, at.getTime());
      if (wait !== undefined) {
        request.log.info({ userId: user?.id, ip: request.ip }, 'staff login throttled');
        throw new TooManyRequestsError(`Too many failed logins: please wait ${wait} seconds before trying again.`, wait).because('login_throttled', { seconds: wait });
      }
      const matches = await verifyPassword(password, user?.password_hash ?? (await hashForUnknown()));
      if (!user || !matches) {
        request.log.info({ userId: user?.id, ip: request.ip }, 'staff login failed');
        throw new UnauthorizedError(wrongLoginMessage, 'login_failed');
      }
      if (!user.is_active) throw new RequestForbiddenError(accountDisabledMessage).because('account_disabled');
      await throttle.succeeded(attempt, at.getTime());

      // A session that came with the request is replaced, never continued: no fixation of a known session id.
      await deleteStaffSession(db, request.cookies[SESSION_COOKIE]);
      await deleteExpiredStaffSessions(db, at);
      const { token, session } = await createStaffSession(db, {
        userId: user.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        now: at,
      });
      setSessionCookie(request, reply, token);
      setCsrfCookie(request, reply, secret, session.id);
      reply.header('cache-control', 'no-store');
      const { password_hash: _hash, ...shown } = user;
      return staffAnswer(db, shown, locale);
    },
  );

  app.post(
    '/:locale/pageeditor-api/logout/',
    {
      config: { csrf: true },
      schema: { params: LocaleParamsSchema, response: { 204: Type.Null(), 400: ErrorSchema, 403: ErrorSchema } },
    },
    async (request, reply) => {
      refuseLogoutFields(request.body);
      await deleteStaffSession(db, request.cookies[SESSION_COOKIE]);
      setSessionCookie(request, reply, undefined);
      setCsrfCookie(request, reply, secret, '');
      reply.header('cache-control', 'no-store');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:locale/pageeditor-api/user',
    {
      schema: {
        params: LocaleParamsSchema,
        response: { 200: UserResponse, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.staff) throw request.staffSession ? new RequestForbiddenError(accountDisabledMessage).because('account_disabled') : new UnauthorizedError();
      return staffAnswer(db, request.staff, request.params.locale);
    },
  );

  app.post(
    '/:locale/pageeditor-api/user/language/',
    {
      config: { staff: true, csrf: true },
      schema: {
        params: LocaleParamsSchema,
        body: StaffLanguageBodySchema,
        response: { 200: UserResponse, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
      // The schema's type coercion would take `["en"]` for "en"; a language is sent as text or refused.
      preValidation: async (request) => {
        const sent = (request.body as { staff_language?: unknown } | undefined)?.staff_language;
        if (sent !== undefined && typeof sent !== 'string') {
          throw new ContentValidationError('body.staff_language', 'body.staff_language must be one of: de, en').because('not_allowed_value');
        }
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await setStaffLanguage(db, request.staff!.id, request.body.staff_language);
      return staffAnswer(db, user, request.params.locale);
    },
  );
};

export default authRoutes;

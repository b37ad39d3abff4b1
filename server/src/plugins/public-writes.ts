/**
 * The abuse guard for anonymous writes (newsletter, forms, ticket ads, uploads). A route opts in with
 * `config: { publicWrite: { limit, windowMs } }` and gets:
 * - a rate limit per client IP and route: past `limit` requests in `windowMs`, 429 with Retry-After. Counted by
 *   @fastify/rate-limit in the database (plugins/rate-limit-store.ts), so it holds across server processes;
 * - the bot check: `request.isBot` is true when the honeypot `website` is filled, or the form token (body field
 *   `form_token`, or header `X-Form-Token` for multipart bodies) is missing, forged, younger than MIN_FILL_MS or
 *   older than a day. A bot's request must be answered exactly like a success without writing or mailing
 *   anything: write the handler with `unlessBot()`, or, where the answer depends on what is stored (the links
 *   from a mail that still take a form token: the newsletter's confirm and unsubscribe), with `rolledBackIfBot()`.
 * - one submission per form token (ADR 029): a valid token is claimed in the table `used_form_token` before the
 *   handler runs; a second request with it is refused with 403 naming the token's field (the site shows its
 *   "reload the page" text for a 403). A request answered with an error (4xx/5xx) gives its claim back, so a
 *   visitor can correct a refused field and send again. Expired claims are pruned.
 * Bodies spread `publicWriteFields` into their schema (with `additionalProperties: false`).
 * A write that no form sends (the cookie banner's consent log) sets `botCheck: false`: it keeps the rate limit but
 * has no honeypot and no form token, so the bot check is skipped and `request.isBot` stays false. Such a route must
 * guard itself in another way (routes/consent.ts refuses a foreign Origin; the ticket exchange's mailed links carry a
 * secret token, ADR 074).
 * `GET /{locale}/api/form-token/` hands out a token when a form is shown.
 */
import { randomBytes } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/database';
import { ErrorSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { RequestForbiddenError, TooManyRequestsError } from '../db/errors';
import { claimUsedFormToken, pruneUsedFormTokens, releaseUsedFormToken } from '../db/repositories/used-form-tokens';
import { databaseRateLimitStore } from './rate-limit-store';
import { signValue, verifySignedValue } from '../services/signed-values';

export interface PublicWriteLimit {
  /** Requests allowed per client IP and route within the window. */
  limit: number;
  windowMs: number;
  /** false: no form sends this write, so there is no honeypot or form token to check (see the module comment). */
  botCheck?: false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous write: rate-limited and, unless `botCheck: false`, bot-checked (plugins/public-writes.ts). */
    publicWrite?: PublicWriteLimit;
  }
  interface FastifyRequest {
    /** The form token this request claimed (plugins/public-writes.ts); given back when the answer is an error. */
    claimedFormToken: string | undefined;
    /** Set on publicWrite routes: the request looks automated. Answer like a success, write nothing. */
    isBot: boolean;
    /** Why isBot is set, for the log. */
    botReason: string | undefined;
  }
}

/** Default minimum time between showing a form and sending it (config MIN_FILL_MS overrides it). */
export const MIN_FILL_MS = 3000;
/** A form token older than this is refused: the form has been open for more than a day. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;
export const FORM_TOKEN_HEADER = 'x-form-token';
const purpose = 'form-token';

/**
 * Runs `write` for a person's request; a bot's gets `pretend()` (the same answer a success gives), and nothing is
 * written or mailed. The one way public-write handlers should branch on `request.isBot`.
 */
export async function unlessBot<T>(request: FastifyRequest, write: () => Promise<T>, pretend: () => T | Promise<T>): Promise<T> {
  if (request.isBot) {
    request.log.info({ route: request.routeOptions.url, reason: request.botReason }, 'public write ignored: looks automated');
    return pretend();
  }
  return write();
}

/** Thrown inside a bot's transaction to undo it; carries the answer a person would have had. */
class BotRollback<T> extends Error {
  constructor(readonly result: T) {
    super('rolled back: the request looks automated');
  }
}

/**
 * Runs `work` in a transaction and answers with its result either way; for a bot's request the transaction is
 * rolled back, so the answer (including a refusal such as "this link has been used") is the one a person would
 * get and nothing is written. Mail queued inside `work` is rolled back with it; callers flush the outbox only
 * when `request.isBot` is false.
 */
export async function rolledBackIfBot<T>(db: Db, request: FastifyRequest, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await work(trx);
      if (request.isBot) throw new BotRollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof BotRollback) {
      request.log.info({ route: request.routeOptions.url, reason: request.botReason }, 'public write rolled back: looks automated');
      return error.result as T;
    }
    throw error;
  }
}

export function issueFormToken(secret: string, issuedAt = Date.now()) {
  return signValue(secret, purpose, `${issuedAt}.${randomBytes(6).toString('base64url')}`);
}

/** Why a token does not prove a person filled the form, or undefined when it does. */
export function checkFormToken(secret: string, token: unknown, minFillMs: number, now = Date.now()): string | undefined {
  if (typeof token !== 'string' || token === '') return 'no form token';
  const value = verifySignedValue(secret, purpose, token);
  if (value === undefined) return 'invalid form token';
  const age = now - Number(value.split('.')[0]);
  if (!Number.isFinite(age)) return 'invalid form token';
  if (age < minFillMs) return `sent ${age} ms after the form was shown`;
  if (age > MAX_FORM_AGE_MS) return 'form token older than a day';
  return undefined;
}

export const usedFormTokenMessage = 'This form has already been sent: reload the page to send it again.';

/** When a token that `checkFormToken` accepted expires anyway: its row in `used_form_token` may go then. */
function formTokenExpiry(secret: string, token: string): string {
  const issuedAt = Number(verifySignedValue(secret, purpose, token)!.split('.')[0]);
  return new Date(issuedAt + MAX_FORM_AGE_MS).toISOString();
}

/** Claims a valid form token for one submission: true when it was free, false when a request took it before. */
const claimFormToken = (db: Db, secret: string, token: string) => claimUsedFormToken(db, token, formTokenExpiry(secret, token));

export interface PublicWritesOptions {
  secret: string;
  minFillMs: number;
  /** Where used form tokens are kept (table used_form_token). */
  db: Db;
}

export function registerPublicWrites(app: FastifyInstance, { secret, minFillMs, db }: PublicWritesOptions) {
  // Not per route (`global: false`, no `config.rateLimit`): the check below runs it from the app-wide hook, so it
  // counts before the session and CSRF hooks, as the hand-written counter did.
  app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(db) });
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  app.decorateRequest('isBot', false);
  app.decorateRequest('claimedFormToken', undefined);
  let nextPrune = 0;
  app.decorateRequest('botReason', undefined);

  // Counted before the body is read or checked: a flood costs as little as possible.
  app.addHook('onRequest', async (request) => {
    const limit = request.routeOptions.config.publicWrite;
    if (!limit) return;
    // Made on first use: the plugin's decorator exists once the app has loaded its plugins.
    limiter ??= app.createRateLimit({
      // Per client IP and route, the address as Fastify resolved it (trust proxy), not widened to a subnet.
      keyGenerator: (req) => `${req.method} ${req.routeOptions.url}|${req.ip}`,
      max: (req) => req.routeOptions.config.publicWrite!.limit,
      timeWindow: (req) => req.routeOptions.config.publicWrite!.windowMs,
    });
    const counted = await limiter(request);
    if (!counted.isAllowed && counted.isExceeded) {
      const wait = Math.max(1, counted.ttlInSeconds);
      throw new TooManyRequestsError(`Too many requests: please wait ${wait} seconds before trying again.`, wait);
    }
  });

  // After validation, so the body has its declared shape.
  app.addHook('preHandler', async (request) => {
    const limit = request.routeOptions.config.publicWrite;
    if (!limit || limit.botCheck === false) return;
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    if (typeof body.website === 'string' && body.website.trim() !== '') {
      request.isBot = true;
      request.botReason = 'honeypot filled';
      return;
    }
    const headerToken = request.headers[FORM_TOKEN_HEADER];
    const token = body.form_token ?? (typeof headerToken === 'string' ? headerToken : undefined);
    const reason = checkFormToken(secret, token, minFillMs);
    request.isBot = reason !== undefined;
    request.botReason = reason;
    if (reason !== undefined) return;
    const now = Date.now();
    if (now >= nextPrune) {
      nextPrune = now + 60 * 60_000;
      await pruneUsedFormTokens(db, new Date(now));
    }
    if (!(await claimFormToken(db, secret, token as string))) {
      throw new RequestForbiddenError(usedFormTokenMessage, body.form_token !== undefined ? 'body.form_token' : `headers.${FORM_TOKEN_HEADER}`);
    }
    request.claimedFormToken = token as string;
  });

  // A refused or failed write did not use its token: give it back (before the answer leaves, so a resend finds it free).
  app.addHook('onSend', async (request, reply, payload) => {
    const token = request.claimedFormToken;
    if (token === undefined || reply.statusCode < 400) return payload;
    request.claimedFormToken = undefined;
    await releaseUsedFormToken(db, token);
    return payload;
  });

  app.get(
    '/:locale/api/form-token/',
    {
      schema: {
        params: LocaleParamsSchema,
        response: {
          200: Type.Object({
            token: Type.String(),
            min_fill_ms: Type.Integer({ description: 'how long after this answer the token is accepted: wait before sending' }),
          }),
          400: ErrorSchema,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: issueFormToken(secret), min_fill_ms: minFillMs };
    },
  );
}

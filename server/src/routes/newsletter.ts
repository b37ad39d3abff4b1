/**
 * The newsletter with double opt-in (ADR 009), under `/{locale}/api/newsletter/`:
 * - `POST subscribe/` {email, consent: true}: 202 `{status: 'received'}` whatever the address's state (and for
 *   bots); a new or pending sign-up gets a confirmation mail in the request's language.
 * - `POST confirm/` {token}: 200 confirmed, plus a welcome mail with the unsubscribe link; unknown token 400,
 *   used or expired 410.
 * - `POST unsubscribe/` {token}: 200, also when repeated; unknown token 400.
 * All three need the CSRF header, a form token and an empty honeypot (a bot's request is answered like a person's
 * and changes nothing) and are rate-limited per IP. Unconfirmed sign-ups are purged hourly.
 * - `POST /{locale}/api/newsletter/` (a form body: email, consent, website, form_token): the sign-up form sent
 *   without script (ADR 071, ADR 073), answered with a page of the site: the form with its refusals (400), "check
 *   and send" with a fresh form token when the form had none it could use, or the sign-up taken as `subscribe/`
 *   takes it. No CSRF header can come with it: a foreign Origin (or Referer) is refused with 403 instead.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { confirmSubscription, purgeUnconfirmed, signUp, unsubscribe } from '../db/repositories/newsletter';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { issueFormToken, rolledBackIfBot, unlessBot } from '../plugins/public-writes';
import { acceptFormBodies } from '../plugins/form-bodies';
import { RequestForbiddenError } from '../db/errors';
import { routes, type Locale } from '../../../contract/locales';
import { sendAnswerPage } from '../services/answer-pages/answer-page';
import { consentFormValue } from '../../../contract/newsletter';
import { checkSignup, refusedSignup, signupReceived, signupRefusals, type SignupEntries } from '../services/newsletter/answer-page';
import { ErrorSchema } from '../../../contract/schemas/content';
import {
  ConfirmResponseSchema,
  SubscribeBodySchema,
  SubscribeResponseSchema,
  TokenBodySchema,
  UnsubscribeResponseSchema,
} from '../../../contract/schemas/newsletter';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { ContentValidationError } from '../db/errors';
import { queueMail } from '../services/mail/outbox';
import { confirmationMail, welcomeMail } from '../services/newsletter/mails';
import { resolveSecretKey } from '../services/secret-key';
import type { RouteOptions } from './route-options';

/** A household or office shares an IP; ten sign-ups an hour is plenty for people and little for a script. */
export const subscribeLimit = { limit: 10, windowMs: 60 * 60_000 };
export const tokenLimit = { limit: 30, windowMs: 10 * 60_000 };
const PURGE_EVERY_MS = 60 * 60_000;

const errors = { 400: ErrorSchema, 403: ErrorSchema, 410: ErrorSchema, 429: ErrorSchema };

/** The sign-up form's fields as a form sends them: text only, converted by the route (a repeated name is refused). */
const SignupFormSchema = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: 1000 })),
    consent: Type.Optional(Type.String({ maxLength: 100 })),
    website: Type.Optional(Type.String({ maxLength: 500 })),
    form_token: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const newsletterRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, config, now }) => {
  const secret = resolveSecretKey(config);

  /** A person's sign-up (a bot's changes nothing): stored, and a new or pending one gets the confirmation mail. */
  const signUpFor = (request: FastifyRequest, locale: Locale, email: string) =>
    unlessBot(
      request,
      async () => {
        const queued = await db.transaction().execute(async (trx) => {
          const result = await signUp(trx, { email, locale, ip: request.ip, now: now() });
          if (result.outcome !== 'confirm') return false;
          const mail = confirmationMail(locale, { publicUrl: app.publicUrl(), token: result.confirmToken });
          await queueMail(trx, { kind: 'newsletter-confirm', locale, to: [result.subscriber.email], ...mail }, now());
          return true;
        });
        if (queued) app.mail.flushSoon();
      },
      () => undefined,
    );

  app.post(
    '/:locale/api/newsletter/subscribe/',
    {
      config: { csrf: true, publicWrite: subscribeLimit },
      schema: { params: LocaleParamsSchema, body: SubscribeBodySchema, response: { 202: SubscribeResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { locale } = request.params;
      if (request.body.consent !== true) {
        throw new ContentValidationError('body.consent', 'body.consent must be true: the newsletter is only sent with your consent');
      }
      await signUpFor(request, locale, request.body.email);
      return reply.code(202).send({ status: 'received' as const });
    },
  );

  // The form without script: a scope of its own, the only one here that reads form bodies.
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post<{ Params: { locale: Locale }; Body: Record<string, string | undefined> }>(
      '/:locale/api/newsletter/',
      {
        config: { publicWrite: subscribeLimit },
        schema: { params: LocaleParamsSchema, body: SignupFormSchema },
        // A form sent twice with one token (a double press) was taken the first time: the second press gets the
        // same answer, not the JSON refusal of a used token (ADR 029), which would replace the page.
        errorHandler: async (error, request, reply) => {
          if (!(error instanceof RequestForbiddenError && error.field === 'body.form_token')) throw error;
          const { locale } = request.params as { locale: Locale };
          return sendAnswerPage(reply, config.publicDir, { locale, shellPath: routes.newsletter[locale], ...signupReceived(locale) });
        },
      },
      async (request, reply) => {
        const { locale } = request.params;
        const entries: SignupEntries = { email: (request.body.email ?? '').trim(), consent: request.body.consent === consentFormValue };
        const refusals = signupRefusals(entries);
        const honeypot = (request.body.website ?? '').trim() !== '';
        let answer;
        if (Object.keys(refusals).length > 0) answer = refusedSignup(locale, entries, refusals, issueFormToken(secret));
        // Without a token it can use, a person's form is checked once more: a bot's is answered like a success.
        else if (request.isBot && !honeypot) answer = checkSignup(locale, entries, issueFormToken(secret));
        else {
          await signUpFor(request, locale, entries.email);
          answer = signupReceived(locale);
        }
        return sendAnswerPage(reply, config.publicDir, { locale, shellPath: routes.newsletter[locale], ...answer });
      },
    );
  });

  app.post(
    '/:locale/api/newsletter/confirm/',
    {
      config: { csrf: true, publicWrite: tokenLimit },
      schema: { params: LocaleParamsSchema, body: TokenBodySchema, response: { 200: ConfirmResponseSchema, ...errors } },
    },
    // The confirm page waits out the minimum fill time before it sends the token; a bot's request gets the same
    // answer from a transaction that is rolled back.
    async (request) => {
      await rolledBackIfBot(db, request, async (trx) => {
        const { subscriber, unsubscribeToken } = await confirmSubscription(trx, request.body.token, { ip: request.ip, now: now(), secret });
        const mail = welcomeMail(subscriber.locale, { publicUrl: app.publicUrl(), unsubscribeToken });
        await queueMail(trx, { kind: 'newsletter-welcome', locale: subscriber.locale, to: [subscriber.email], ...mail }, now());
      });
      if (!request.isBot) app.mail.flushSoon();
      return { status: 'confirmed' as const };
    },
  );

  app.post(
    '/:locale/api/newsletter/unsubscribe/',
    {
      config: { csrf: true, publicWrite: tokenLimit },
      schema: { params: LocaleParamsSchema, body: TokenBodySchema, response: { 200: UnsubscribeResponseSchema, ...errors } },
    },
    async (request) => {
      await rolledBackIfBot(db, request, (trx) => unsubscribe(trx, request.body.token, { now: now() }));
      return { status: 'unsubscribed' as const };
    },
  );

  let timer: NodeJS.Timeout | undefined;
  const purge = () =>
    purgeUnconfirmed(db, now()).then(
      (count) => count && app.log.info(`newsletter: deleted ${count} unconfirmed sign-ups`),
      (error: unknown) => app.log.error({ err: error }, 'newsletter: purging unconfirmed sign-ups failed'),
    );
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

export default newsletterRoutes;

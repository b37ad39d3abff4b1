/**
 * The newsletter with double opt-in (ADR 009), under `/{locale}/api/newsletter/`:
 * - `POST subscribe/` {email, consent: true}: 202 `{status: 'received'}` whatever the address's state (and for
 *   bots); a new or pending sign-up gets a confirmation mail in the request's language.
 * - `POST confirm/` {token}: 200 confirmed, plus a welcome mail with the unsubscribe link; unknown token 400,
 *   used or expired 410.
 * - `POST unsubscribe/` {token}: 200, also when repeated; unknown token 400.
 * All three need the CSRF header, a form token and an empty honeypot (a bot's request is answered like a person's
 * and changes nothing) and are rate-limited per IP. Unconfirmed sign-ups are purged hourly.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { confirmSubscription, purgeUnconfirmed, signUp, unsubscribe } from '../db/repositories/newsletter';
import { rolledBackIfBot, unlessBot } from '../plugins/public-writes';
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

const newsletterRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, config, now }) => {
  const secret = resolveSecretKey(config);

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
      await unlessBot(
        request,
        async () => {
          const queued = await db.transaction().execute(async (trx) => {
            const result = await signUp(trx, { email: request.body.email, locale, ip: request.ip, now: now() });
            if (result.outcome !== 'confirm') return false;
            const mail = confirmationMail(locale, { publicUrl: app.publicUrl(), token: result.confirmToken });
            await queueMail(trx, { kind: 'newsletter-confirm', locale, to: [result.subscriber.email], ...mail }, now());
            return true;
          });
          if (queued) app.mail.flushSoon();
        },
        () => undefined,
      );
      return reply.code(202).send({ status: 'received' as const });
    },
  );

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

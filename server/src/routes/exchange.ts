import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { sweepTicketAds } from '../db/repositories/ticket-ads';
import { unlessBot } from '../plugins/public-writes';
import { publicWriteFields } from '../../../contract/schemas/public-write-fields';
import { ErrorSchema } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import {
  AcceptedSchema,
  adInputFields,
  AdParamsSchema,
  AdsQuerySchema,
  AdStateSchema,
  contactInputFields,
  ExchangeEventSchema,
  TicketAdSchema,
  TokenInputSchema,
} from '../../../contract/schemas/exchange';
import { PagedSchema } from '../../../contract/schemas/programme';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { confirmAd, contactAdvertiser, placeAd, readAdEvents, readAdsPage, withdrawAd } from '../services/exchange/ticket-exchange';
import { requestPublish } from '../services/publish/publish-queue';
import type { SaveDescription } from '../../../contract/save-descriptions';
import type { RouteOptions } from './route-options';

const minute = 60_000;
/** Per client: placing ads and writing to placers are rare acts; a burst of them is a script. */
const placeLimit = { limit: 10, windowMs: 60 * minute };
const contactLimit = { limit: 10, windowMs: 60 * minute };
/**
 * The links from the mail carry 256-bit tokens; the limit only caps how fast anyone can try. The token is the proof
 * of a person (ADR 074): no form token, so the page behind the link sends at once.
 */
const tokenLimit = { limit: 30, windowMs: 10 * minute, botCheck: false } as const;
/** How often the sweep marks ads of begun events expired and deletes personal data no longer needed. */
const sweepEveryMs = 60 * minute;
/** Unconfirmed, withdrawn and expired ads are deleted this long after they ended. */
const keepEndedAdsMs = 30 * 24 * 60 * minute;

const errors = { 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };

/**
 * The ticket exchange (ADR 012), under `/{locale}/api/exchange/`:
 * - `GET events/`: events that take ads now, with their price categories and live ad counts;
 * - `GET ads/?page&event&kind`: confirmed ads of events that have not begun, by event date, DRF-paged;
 * - `POST ads/`: places a pending ad and mails its confirmation and withdrawal links (202);
 * - `POST ads/confirm/`, `POST ads/withdraw/`: `{ token }` from those links;
 * - `POST ads/{id}/contact/`: mails a message to the ad's placer without revealing the placer's address (202).
 * POSTs need the CSRF header and are rate-limited per client; placing and contacting are also bot-checked (a
 * bot gets the 202 and nothing happens); confirming and withdrawing are not, their mailed token being the proof. Ads are not content, so answers are not cached: a confirmation shows at
 * once.
 */
const exchangeRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, now }) => {
  /**
   * An ad went on or off the exchange (logged as a change by the repository): the site is rebuilt, so the built
   * exchange lists it or no longer does (ADR 074). Without a queue here, written down for a server that publishes.
   */
  const publishAdChange = async (verb: 'confirm' | 'withdraw' | 'expire', ids: readonly number[], locale: Locale = 'de') => {
    if (!ids.length) return;
    const done = { confirm: 'confirmed by its mailed link', withdraw: 'withdrawn by its mailed link', expire: 'expired' }[verb];
    const title = `Ticket ${ids.length === 1 ? `ad ${ids[0]}` : `ads ${ids.join(', ')}`} ${done}`;
    const save: SaveDescription = { action: 'record_action', locale, section: 'ticket-ads', verb, ...(ids.length === 1 ? { id: ids[0] } : {}) };
    if (app.publishQueue) app.publishQueue.notify(title.slice(0, 200), save);
    else await requestPublish(db, title.slice(0, 200), save).catch((error: unknown) => app.log.error({ err: error, title }, 'could not record an ad change for publishing'));
  };

  let sweepTimer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const { expired, deleted, expiredListed } = await sweepTicketAds(db, now().toISOString(), keepEndedAdsMs);
      if (expired || deleted) app.log.info({ expired, deleted }, 'ticket exchange sweep');
      await publishAdChange('expire', expiredListed);
    } catch (error) {
      app.log.error({ err: error }, 'ticket exchange sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    await sweep();
    sweepTimer = setInterval(() => void sweep(), sweepEveryMs);
    sweepTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweepTimer));

  app.get(
    '/:locale/api/exchange/events/',
    { schema: { params: LocaleParamsSchema, response: { 200: Type.Array(ExchangeEventSchema), 400: ErrorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readAdEvents(db, request.params.locale, now());
    },
  );

  app.get(
    '/:locale/api/exchange/ads/',
    {
      schema: {
        params: LocaleParamsSchema,
        querystring: AdsQuerySchema,
        response: { 200: PagedSchema(TicketAdSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { page = 1, event, kind } = request.query;
      reply.header('cache-control', 'no-store');
      return readAdsPage(db, request.params.locale, now(), { eventId: event, kind }, page, request.url);
    },
  );

  const acceptedDetail = {
    ad: {
      de: 'Wir haben Ihnen eine E-Mail geschickt. Ihre Anzeige erscheint, sobald Sie den Link darin bestätigen.',
      en: 'We have sent you an email. Your ad appears once you confirm the link in it.',
    },
    contact: { de: 'Ihre Nachricht ist unterwegs.', en: 'Your message is on its way.' },
  } as const;
  /** 202 for a person's write once `write` has committed its mail, and the same 202 for a bot's without writing. */
  const accept = async (request: FastifyRequest, reply: FastifyReply, what: keyof typeof acceptedDetail, locale: Locale, write: () => Promise<unknown>) => {
    const answer = { detail: acceptedDetail[what][locale] };
    await unlessBot(
      request,
      async () => {
        await write();
        app.mail.flushSoon();
      },
      () => undefined,
    );
    return reply.code(202).send(answer);
  };

  app.post(
    '/:locale/api/exchange/ads/',
    {
      config: { csrf: true, publicWrite: placeLimit },
      schema: {
        params: LocaleParamsSchema,
        body: Type.Object({ ...adInputFields, ...publicWriteFields }, { additionalProperties: false }),
        response: { 202: AcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const { website: _website, form_token: _formToken, ...input } = request.body;
      return accept(request, reply, 'ad', locale, () => placeAd(db, input, locale, now(), app.publicUrl()));
    },
  );

  app.post(
    '/:locale/api/exchange/ads/:id/contact/',
    {
      config: { csrf: true, publicWrite: contactLimit },
      schema: {
        params: AdParamsSchema,
        body: Type.Object({ ...contactInputFields, ...publicWriteFields }, { additionalProperties: false }),
        response: { 202: AcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { locale, id } = request.params;
      const { website: _website, form_token: _formToken, ...input } = request.body;
      return accept(request, reply, 'contact', locale, () => contactAdvertiser(db, id, input, now()));
    },
  );

  // The links from the mail (ADR 074). The pages behind them send the token at once: a 256-bit secret only the
  // mail's reader has is proof enough of a person, so there is no form token to wait for; the rate limit stays.
  const tokenRoute = {
    config: { csrf: true, publicWrite: tokenLimit },
    schema: { params: LocaleParamsSchema, body: TokenInputSchema, response: { 200: AdStateSchema, 410: ErrorSchema, ...errors } },
  };
  app.post('/:locale/api/exchange/ads/confirm/', tokenRoute, async (request) => {
    const state = await confirmAd(db, request.body.token, request.params.locale, now());
    await publishAdChange('confirm', [state.id], request.params.locale);
    return state;
  });
  app.post('/:locale/api/exchange/ads/withdraw/', tokenRoute, async (request) => {
    const state = await withdrawAd(db, request.body.token, request.params.locale, now());
    await publishAdChange('withdraw', [state.id], request.params.locale);
    return state;
  });
};

export default exchangeRoutes;

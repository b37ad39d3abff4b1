import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '../../../contract/schemas/content';
import { EventSchema, EventSummarySchema, PagedSchema } from '../../../contract/schemas/programme';
import { DbId, LocaleParamsSchema, PageQuerySchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { berlinDate, berlinInstant, isCalendarDate, isCalendarMonth, nextMonthStart } from '../../../contract/berlin-time';
import { ContentValidationError } from '../db/errors';
import { isOnlineSubscription, type EventFilter } from '../db/repositories/programme-reads';
import { readAllEvents, readEventsPage } from '../services/programme-reader';
import { secondsUntilBerlinMidnight } from '../services/cdn/cdn-headers';
import type { RouteOptions } from './route-options';

/**
 * What a page of the programme shows (services/response-cache.ts): events and their series. A venue's, a series' or
 * a picture's change is logged for each event it shows in; content pages and their modules are not part of it.
 */
const programmeDependencies = ['event:*', 'subscription:*'];

const EventsQuerySchema = Type.Object({
  page: Type.Optional(PageQuerySchema),
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a date YYYY-MM-DD' })),
  month: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'a month YYYY-MM' })),
  subscription: Type.Optional(DbId({ description: 'a subscription id' })),
});

/**
 * `GET /{locale}/api/events/?page&date[&month][&subscription]` (docs/product.md, Calls): the online programme from the
 * start of `date` (a Berlin calendar day; default today in Berlin) on, in start order, 12 a page (ADR 006). An event
 * that began earlier but is still running at 00:00 Berlin time of that day is included.
 * `GET /{locale}/api/all-events/`: every online event, past ones too, compact.
 */
const eventRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, now, cache }) => {
  const schema = {
    params: LocaleParamsSchema,
    querystring: EventsQuerySchema,
    response: { 200: routeSchema(PagedSchema(EventSchema)), 400: ErrorSchema, 404: ErrorSchema },
  };
  app.get('/:locale/api/events/', { schema }, async (request, reply) => {
    const { locale } = request.params;
    const { page = 1, date = berlinDate(now()), month, subscription } = request.query;
    if (!isCalendarDate(date)) throw new ContentValidationError('query.date', 'query.date must be a real calendar date (YYYY-MM-DD)');
    const filter: EventFilter = { from: berlinInstant(date) };
    if (month !== undefined) {
      if (!isCalendarMonth(month)) throw new ContentValidationError('query.month', 'query.month must be a real month (YYYY-MM)');
      const monthStart = berlinInstant(`${month}-01`);
      if (monthStart > filter.from) filter.from = monthStart;
      filter.startsBefore = berlinInstant(nextMonthStart(month));
    }
    if (subscription !== undefined) filter.subscriptionId = subscription;
    // The links carry the date, so paging on across midnight still pages through the same list. Without a date
    // the URL means "from today": the CDN keeps that answer only until midnight in Berlin (ADR 050).
    const today = request.query.date === undefined;
    return cache.send(
      reply,
      `${date} ${request.url}`,
      async () => {
        if (subscription !== undefined && !(await isOnlineSubscription(db, subscription))) {
          throw new ContentValidationError('query.subscription', `query.subscription ${subscription} is not an online subscription`);
        }
        return readEventsPage(db, locale, filter, page, request.url, { date });
      },
      programmeDependencies,
      today ? { cdnMaxAgeSeconds: secondsUntilBerlinMidnight(now()) } : {},
    );
  });

  const allSchema = {
    params: LocaleParamsSchema,
    response: { 200: Type.Array(EventSummarySchema), 400: ErrorSchema },
  };
  app.get('/:locale/api/all-events/', { schema: allSchema }, async (request, reply) =>
    cache.send(reply, request.url, () => readAllEvents(db, request.params.locale), ['event:*']),
  );
};

export default eventRoutes;

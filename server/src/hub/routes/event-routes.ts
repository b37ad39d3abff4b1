/**
 * What the hub asks about an event beside its record (ADR 060):
 *
 *   GET /{locale}/pageeditor-api/hub/events/{id}/subscriptions/   the series that list it (404 for no such event)
 *
 * Staff only, as the events' resource.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EventSubscriptionsSchema } from '../../../../contract/hub/event-subscriptions';
import { ErrorSchema, LocaleSchema } from '../../../../contract/schemas/content';
import { DbId } from '../../../../contract/schemas/requests';
import { ContentNotFoundError } from '../../db/errors';
import { readEventInput } from '../../db/repositories/events';
import { subscriptionsListing } from '../../db/repositories/subscriptions';
import type { RouteOptions } from '../../routes/route-options';
import { guard } from '../resource';
import { events } from '../resources/events';

const eventRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  app.get(
    `/:locale/pageeditor-api/hub/${events.key}/:id/subscriptions/`,
    {
      config: { staff: true },
      schema: { params: Type.Object({ locale: LocaleSchema, id: DbId() }), response: { 200: EventSubscriptionsSchema, '4xx': ErrorSchema } },
    },
    async (request) => {
      guard(events, request);
      const { id, locale } = request.params;
      if (!(await readEventInput(db, id))) throw new ContentNotFoundError(`Event ${id} not found`, 'params.id');
      const rows = await subscriptionsListing(db, id);
      return { results: rows.map((row) => ({ id: row.id, title: (locale === 'de' ? row.title_de : row.title_en) || row.title_de })) };
    },
  );
};

export default eventRoutes;

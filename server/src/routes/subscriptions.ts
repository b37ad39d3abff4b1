import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorSchema, LocaleSchema } from '../../../contract/schemas/content';
import { SubscriptionDetailSchema, SubscriptionSchema } from '../../../contract/schemas/programme';
import { DbId, LocaleParamsSchema } from '../../../contract/schemas/requests';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { ContentNotFoundError } from '../db/errors';
import { readSubscription, readSubscriptions } from '../services/programme-reader';
import type { RouteOptions } from './route-options';

/**
 * `GET /{locale}/api/subscriptions/`: the online subscription series in order.
 * `GET /{locale}/api/subscriptions/{id}/`: one series with its events (status and prices) in series order and its
 * description containers; unknown or offline → 404 (staff see offline ones).
 */
const subscriptionRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, cache }) => {
  const listSchema = {
    params: LocaleParamsSchema,
    response: { 200: routeSchema(Type.Array(SubscriptionSchema)), 400: ErrorSchema },
  };
  app.get('/:locale/api/subscriptions/', { schema: listSchema }, async (request, reply) =>
    cache.send(reply, request.url, () => readSubscriptions(db, request.params.locale)),
  );

  const detailSchema = {
    params: Type.Object({ locale: LocaleSchema, id: DbId({ description: 'a subscription id' }) }),
    response: { 200: routeSchema(SubscriptionDetailSchema), 400: ErrorSchema, 404: ErrorSchema },
  };
  app.get('/:locale/api/subscriptions/:id/', { schema: detailSchema }, async (request, reply) => {
    const { locale, id } = request.params;
    const read = async () => {
      const subscription = await readSubscription(db, locale, id, { staff: request.isStaff });
      if (!subscription) throw new ContentNotFoundError(`Subscription ${id} not found`, 'params.id');
      return subscription;
    };
    // Staff may see an offline series; only visitors' answers are kept.
    return request.isStaff ? read() : cache.send(reply, request.url, read);
  });
};

export default subscriptionRoutes;

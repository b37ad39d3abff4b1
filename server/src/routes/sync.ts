import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../schemas/content';
import { routeSchema } from '../schemas/shared-schemas';
import { SyncQuerySchema, SyncResponseSchema } from '../schemas/sync';
import { deltaSync, fullSync } from '../services/sync-feed';
import type { RouteOptions } from './route-options';

/**
 * `GET /api/sync[?since=<epoch>:<seq>]`: the changes feed for the source plugin (docs/content-api.md). A cursor
 * the feed cannot answer gets 410, upon which the plugin fetches everything.
 */
const syncRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const schema = {
    querystring: SyncQuerySchema,
    response: { 200: routeSchema(SyncResponseSchema), 400: ErrorSchema, 410: ErrorSchema },
  };
  app.get('/api/sync', { schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { since } = request.query;
    if (since === undefined) return fullSync(db);
    const result = await deltaSync(db, since);
    if ('reason' in result) {
      request.log.info({ since, reason: result.reason }, 'changes feed cursor refused');
      return reply.code(410).send({ statusCode: 410, error: 'Gone', message: 'Cursor expired' });
    }
    return result;
  });
};

export default syncRoutes;

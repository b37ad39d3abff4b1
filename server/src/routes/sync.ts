import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../../contract/schemas/content';
import { routeSchema } from '../../../contract/schemas/shared-schemas';
import { SyncQuerySchema, SyncResponseSchema } from '../../../contract/schemas/sync';
import { carriesBuildToken } from '../services/build-token';
import { deltaSync, fullSync } from '../services/sync-feed';
import type { RouteOptions } from './route-options';

export interface SyncRouteOptions extends RouteOptions {
  /** The secret the build sends (services/build-token.ts). */
  buildToken: string;
}

/**
 * `GET /api/sync[?since=<epoch>:<seq>]`: the changes feed for the source plugin (docs/content-api.md). A cursor
 * the feed cannot answer gets 410, upon which the plugin fetches everything. The feed holds offline pages, their
 * sections and offline programme records, so it answers only the build: `Authorization: Bearer <BUILD_TOKEN>`
 * (ADR 024); anyone else gets 401 before the query is even read.
 */
const syncRoutes: FastifyPluginAsyncTypebox<SyncRouteOptions> = async (app, { db, buildToken }) => {
  const schema = {
    querystring: SyncQuerySchema,
    response: { 200: routeSchema(SyncResponseSchema), 400: ErrorSchema, 401: ErrorSchema, 410: ErrorSchema },
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (carriesBuildToken(request.headers.authorization, buildToken)) return;
    // Whether a header came at all, never what it held.
    request.log.warn({ authorization: request.headers.authorization === undefined ? 'missing' : 'wrong' }, 'changes feed refused');
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="changes feed"')
      .send({ statusCode: 401, error: 'Unauthorized', message: 'The changes feed is for the site build only: send its build token.' });
  });
  app.get('/api/sync', { schema }, async (request, reply) => {
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

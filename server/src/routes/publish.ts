import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readFeedState } from '../db/repositories/change-log';
import { lastPublishRun } from '../db/repositories/publish-runs';
import { ErrorSchema } from '../../../contract/schemas/content';
import { PublishStatusSchema, type PublishStatusBody } from '../../../contract/schemas/publish';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import type { RouteOptions } from './route-options';

/**
 * `GET /{locale}/pageeditor-api/publish/`: where the staff's saves are on their way to the live site (ADR 013):
 * the queue's state, the run in progress and the last finished one. The editor's toolbar polls it.
 */
const publishRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const schema = { params: LocaleParamsSchema, response: { 200: PublishStatusSchema, '4xx': ErrorSchema } };
  app.get('/:locale/pageeditor-api/publish/', { schema, config: { staff: true } }, async (_request, reply): Promise<PublishStatusBody> => {
    reply.header('cache-control', 'no-store');
    if (app.publishQueue) return app.publishQueue.status();
    // No queue: nothing publishes here, but runs of an earlier start (or of `npm start`) still say how it went.
    const [{ maxSeq }, last] = await Promise.all([readFeedState(db), lastPublishRun(db, ['live', 'failed', 'triggered'])]);
    return { mode: 'off', state: 'idle', deploy_notifications: false, saved_seq: maxSeq, live_seq: null, running: null, last: last ?? null, retrying: null };
  });
};

export default publishRoutes;

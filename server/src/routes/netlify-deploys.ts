import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { deployedRange, recordDeployReport } from '../db/repositories/publish-runs';
import { ErrorSchema } from '../../../contract/schemas/content';
import { readDeployNotification } from '../services/publish/netlify-deploys';
import { isNetlifySignature } from '../services/publish/netlify-signature';
import type { RouteOptions } from './route-options';

/** A deploy object is a few kilobytes; Netlify's summary messages leave plenty of room under this. */
const bodyLimit = 256 * 1024;

const AnswerSchema = Type.Object({
  /** applied: a run moved on; unchanged: a repeat, or a run already past that state; ignored: not ours. */
  result: Type.Union([Type.Literal('applied'), Type.Literal('unchanged'), Type.Literal('ignored')]),
  run: Type.Union([Type.Integer(), Type.Null()]),
});

/**
 * `POST /api/publish/netlify-deploy`: Netlify's outgoing deploy notifications (ADR 023), outside the per-language
 * API because Netlify calls the content server directly. Registered only with NETLIFY_WEBHOOK_SECRET (else 404).
 * The body is kept as sent, since the signature covers its bytes: a missing, forged or foreign signature is 401
 * and nothing changes. A signed notification that is not about one of our production runs is answered 200, so
 * Netlify does not send it again, and changes nothing either. A deploy that went live purges the CDN (ADR 050).
 */
const netlifyDeployRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config, db }) => {
  const secret = config.netlifyWebhookSecret;
  if (!secret) return;
  // This plugin's scope only: every other route keeps Fastify's JSON parsing.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));

  const schema = { response: { 200: AnswerSchema, '4xx': ErrorSchema } };
  app.post('/api/publish/netlify-deploy', { schema, bodyLimit }, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!isNetlifySignature(secret, request.headers['x-webhook-signature'], body)) {
      request.log.warn('deploy notification with a missing or invalid signature refused');
      return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'X-Webhook-Signature is missing or invalid' });
    }
    let deploy: unknown;
    try {
      deploy = JSON.parse(body.toString('utf8'));
    } catch {
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'The body must be the deploy as JSON', field: 'body' });
    }
    // The wall clock, as the queue's own run times use (the app's clock is the programme's "today").
    const notification = readDeployNotification(deploy, new Date().toISOString());
    if (notification.kind === 'ignored') {
      request.log.info({ reason: notification.reason }, 'deploy notification ignored');
      return { result: 'ignored' as const, run: null };
    }
    const { report } = notification;
    // What the deploy puts live, read before the report makes older triggered runs live too: the CDN purge's range.
    const range = report.state === 'ready' && app.cdnPurger ? await deployedRange(db, report.runId) : undefined;
    const changed = await recordDeployReport(db, report);
    if (changed) await app.publishQueue?.reload();
    if (changed && range) app.cdnPurger?.onPublished({ ...range, status: 'live' });
    request.log.info({ run: report.runId, state: report.state, deploy: report.deployId, changed }, 'deploy notification');
    return { result: changed ? ('applied' as const) : ('unchanged' as const), run: report.runId };
  });
};

export default netlifyDeployRoutes;

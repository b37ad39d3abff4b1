/**
 * The probes of a process manager and a load balancer (docs/operations.md, Health checks), at the root, not under a
 * language, and not proxied by the site on Netlify (only `/{locale}/api/…`, `/{locale}/pageeditor-api/…` and
 * `/media/…` are): they are for whoever runs this server, on its own address.
 *
 * - `GET|HEAD /healthz`: 200 `{"status":"ok"}` whenever the process answers. No database, no file, no session.
 * - `GET|HEAD /readyz`: 200 `{"status":"ready","checks":{…}}` or 503 `{"status":"not ready","checks":{…}}`, one
 *   check each for the database, the site and the publish queue (services/readiness.ts).
 *
 * Both are probes (plugins/probes.ts): no session lookup, the query ignored, no site headers, a 503 not reported as
 * an error; `Cache-Control: no-store` and no CDN marks, so nothing keeps an answer. Fastify's request log lines (info)
 * are left out for them, so a poll every few seconds does not fill the log; a change of readiness is logged once.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { LogLevel } from '../config';
import { ReadinessCheck } from '../services/readiness';
import type { RouteOptions } from './route-options';

/** The probes' paths, which docs/systemd/ and docs/operations.md name (scripts/systemd-units.test.ts checks them). */
export const probePaths = { liveness: '/healthz', readiness: '/readyz' } as const;

const CheckSchema = Type.Object({ ok: Type.Boolean(), detail: Type.String() });
const ChecksSchema = Type.Object({ database: CheckSchema, site: CheckSchema, publish: CheckSchema });

const order: LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** The server's level, but never below warn: a probe's request lines (info) are not logged. */
const probeLogLevel = (level: LogLevel): LogLevel => (order.indexOf(level) > order.indexOf('warn') ? level : 'warn');

const healthRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config, db }) => {
  const readiness = new ReadinessCheck(db, config, () => app.publishQueue);
  const options = { config: { probe: true }, logLevel: probeLogLevel(config.logLevel) };
  let wasReady: boolean | undefined;

  app.get(
    probePaths.liveness,
    { ...options, schema: { response: { 200: Type.Object({ status: Type.Literal('ok') }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    probePaths.readiness,
    {
      ...options,
      schema: {
        response: {
          200: Type.Object({ status: Type.Literal('ready'), checks: ChecksSchema }),
          503: Type.Object({ status: Type.Literal('not ready'), checks: ChecksSchema }),
        },
      },
    },
    async (_request, reply) => {
      const { ready, checks, error } = await readiness.check();
      if (ready !== wasReady) {
        if (ready) app.log.info({ checks }, 'readiness: ready');
        else app.log.warn({ checks, err: error }, 'readiness: not ready');
        wasReady = ready;
      }
      reply.header('cache-control', 'no-store');
      return ready ? reply.code(200).send({ status: 'ready' as const, checks }) : reply.code(503).send({ status: 'not ready' as const, checks });
    },
  );
};

export default healthRoutes;

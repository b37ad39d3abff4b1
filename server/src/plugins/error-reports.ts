/**
 * Error reporting in the server (ADR 057): `app.errorReports` (services/errors/error-reporter.ts) for
 * the routes and the publish queue, every 5xx answer reported after it was sent (with its route's pattern, the
 * request's path and the error the handler threw, if any), and the loop that reports failed publish runs,
 * forwards to a Sentry-compatible service when one is configured and prunes old reports.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { repoRoot } from '../config';
import type { Db } from '../db/database';
import { resolveRelease } from '../../../contract/release';
import { ErrorReporter } from '../services/errors/error-reporter';
import { parseSentryDsn } from '../services/errors/sentry';
import { isProbe } from './probes';

declare module 'fastify' {
  interface FastifyInstance {
    errorReports: ErrorReporter;
  }
  interface FastifyRequest {
    /** The error a handler or hook threw, kept for the report of a 5xx answer. */
    failure: unknown;
  }
}

export interface ErrorReportOptions {
  config: Config;
  db: Db;
  now: () => Date;
  /** How often failed publish runs are looked for and reports forwarded; 0 or unset: never (tests flush). */
  intervalMs?: number;
}

export function registerErrorReports(app: FastifyInstance, { config, db, now, intervalMs = 0 }: ErrorReportOptions) {
  const dsn = config.sentryDsn ? parseSentryDsn(config.sentryDsn) : undefined;
  const reporter = new ErrorReporter({
    db,
    now,
    release: config.release ?? resolveRelease(repoRoot),
    root: repoRoot,
    log: app.log,
    ...(dsn ? { sentry: { dsn, environment: config.sentryEnvironment ?? 'production' } } : {}),
  });
  app.decorate('errorReports', reporter);
  app.decorateRequest('failure', undefined);
  app.addHook('onError', async (request, _reply, error) => {
    request.failure = error;
  });
  app.addHook('onResponse', (request, reply, done) => {
    // A readiness probe's 503 is its answer ("not ready"), not a failure of it (plugins/probes.ts).
    if (reply.statusCode >= 500 && !(isProbe(request) && reply.statusCode === 503)) {
      void reporter.server({
        error: request.failure,
        status: reply.statusCode,
        method: request.method,
        route: request.routeOptions.url,
        url: request.url,
      });
    }
    done();
  });
  app.addHook('onReady', async () => reporter.start(intervalMs));
  app.addHook('onClose', async () => reporter.close());
}

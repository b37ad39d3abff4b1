/**
 * Probes: the liveness and readiness calls a process manager or load balancer polls (routes/health.ts,
 * docs/operations.md). A route marked `config: { probe: true }` is answered by its handler alone: the app-wide hooks
 * that would read a session, look at the query, copy the site's `_headers` onto it or report its 503 as a server
 * error leave it alone (each asks `isProbe`), so a poll every few seconds costs no session lookup, no file and no
 * write. The security headers still go on it.
 */
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A health probe (routes/health.ts): no session, no query, no site headers, no error report. */
    probe?: boolean;
  }
}

export const isProbe = (request: FastifyRequest) => request.routeOptions.config.probe === true;

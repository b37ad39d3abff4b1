/**
 * Kept answers sent again straight from the socket (ADR 092). A visitor's read that the answer cache
 * (services/response-cache.ts) had kept already (its URL was asked for before) goes through every hook of the app;
 * its status, headers and bytes are then recorded under its URL and Accept-Encoding. The next request for the same URL with the same Accept-Encoding,
 * from a visitor whose request carries nothing that could change the answer, is sent that record by the HTTP
 * server's request listener before Fastify sees it, as long as the answer cache still keeps the answer and no
 * content was written since (one read of the newest seq, on SQLite a synchronous one of a few microseconds). So a
 * write on this or another server is seen by the next request exactly as on the hooks' path, and every header the
 * hooks set (security, CDN, compression, Vary) goes out unchanged, because it is their own output.
 *
 * Recorded only: GET answers with status 200, marked for the CDN (so plugins/cdn-cache.ts judged them a visitor's),
 * without Set-Cookie, over plain http, for requests that are plain (below); never an answer whose CDN time depends
 * on the clock (the answer cache does not offer those). Anything else, and every request that is not plain, takes
 * the hooks' path as before.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory } from 'fastify';
import { CDN_CACHE_CONTROL } from '../services/cdn/cdn-headers';
import { sentKeptAnswer, type SentKept } from '../services/response-cache';
import { SESSION_COOKIE } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers sent from records (plugins/fast-reads.ts, ADR 092). */
    fastReads: FastReads;
  }
}

/** Request headers that can change an answer or who may read it: such a request takes the hooks' path. */
const telling = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded', 'x-nf-sign', 'x-nf-client-connection-ip', 'x-test-staff', 'authorization', 'range', 'if-none-match', 'if-modified-since'];
const sessionCookie = `${SESSION_COOKIE}=`;

/**
 * A request whose answer is the same for everybody who sends it: no session cookie (a staff answer is private), no
 * forwarded headers (the client address, protocol and host would be someone else's, plugins/proxy-signature.ts), no
 * test header, no conditional or partial request.
 */
function isPlain(headers: IncomingHttpHeaders): boolean {
  for (const name of telling) if (headers[name] !== undefined) return false;
  const cookie = headers.cookie;
  return cookie === undefined || !cookie.includes(sessionCookie);
}

interface Recorded extends SentKept {
  headers: OutgoingHttpHeaders;
  body: Buffer | string;
}

/** Recorded answers kept at most; the oldest recorded goes first. Each holds only headers and a reference. */
export const recordedAnswersKept = 2000;

export class FastReads {
  readonly #recorded = new Map<string, Recorded>();
  #log: FastifyBaseLogger | undefined;
  /** Answers sent from a record, for tests and the benchmark. */
  served = 0;

  /** The HTTP server for Fastify's `serverFactory`: the records first, the app for everything else. */
  readonly serverFactory: FastifyServerFactory = (handler) => {
    const server = http.createServer((request, response) => {
      const served = this.#serve(request, response);
      if (served === false) handler(request, response);
      else if (served !== true) void served.then((done) => done || handler(request, response));
    });
    // What Fastify sets on the server it makes itself (its defaults), since it leaves a factory's server alone.
    server.keepAliveTimeout = 72_000;
    return server;
  };

  /** Records the answers of `app` that qualify (see the module comment): an onSend hook, registered after every other. */
  register(app: FastifyInstance) {
    this.#log = app.log;
    app.addHook('onSend', async (request, reply, payload) => {
      const sent = sentKeptAnswer(request);
      if (!sent || request.method !== 'GET' || reply.statusCode !== 200 || request.protocol !== 'http') return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!isPlain(request.headers) || !reply.hasHeader(CDN_CACHE_CONTROL) || reply.hasHeader('set-cookie')) return payload;
      const headers = reply.getHeaders() as OutgoingHttpHeaders;
      headers['content-length'] = Buffer.byteLength(payload);
      const key = recordKey(request.url, request.headers['accept-encoding']);
      this.#recorded.delete(key);
      if (this.#recorded.size >= recordedAnswersKept) this.#recorded.delete(this.#recorded.keys().next().value!);
      this.#recorded.set(key, { ...sent, headers, body: payload });
      return payload;
    });
  }

  /** Sends the recorded answer when it is still current: true; false (or a promise of it) for the app to answer. */
  #serve(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> {
    if (request.method !== 'GET' || this.#recorded.size === 0) return false;
    const key = recordKey(request.url ?? '', request.headers['accept-encoding']);
    const recorded = this.#recorded.get(key);
    if (recorded === undefined || !isPlain(request.headers)) return false;
    const current = recorded.cache.stillCurrent(recorded.key, recorded.kept);
    if (current === true) return this.#send(request, response, recorded);
    if (current === false) {
      this.#recorded.delete(key);
      return false;
    }
    return current.then((yes) => yes && this.#send(request, response, recorded)).catch(() => false);
  }

  #send(request: IncomingMessage, response: ServerResponse, recorded: Recorded): true {
    const started = performance.now();
    response.writeHead(200, recorded.headers);
    response.end(recorded.body);
    this.served++;
    // Fastify's own request log line, for the answers it never sees.
    if (this.#log !== undefined && logsInfo(this.#log)) {
      this.#log.info({ req: { method: request.method, url: request.url }, res: { statusCode: 200 }, responseTime: performance.now() - started }, 'request completed from a kept answer');
    }
    return true;
  }
}

/** Whether the app's logger writes info lines (pino's levels: info is 30, silent is Infinity). */
const logsInfo = (log: FastifyBaseLogger) => ((log as { levelVal?: number }).levelVal ?? Infinity) <= 30;

const recordKey = (url: string, acceptEncoding: string | undefined) => `${url}\n${acceptEncoding ?? ''}`;

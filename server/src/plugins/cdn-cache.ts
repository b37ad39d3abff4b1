/**
 * The public API at Netlify's CDN (ADR 050). Routes mark the answers the CDN may keep (services/cdn/cdn-headers.ts,
 * through the answer cache); this plugin's onSend hook, registered after the session's and before the CSRF
 * cookie's, makes sure only visitors' 200 answers to GET keep the marks:
 * - every marked answer gets `Netlify-Vary: cookie=kf_session` (the same on every answer of a URL, as Netlify
 *   asks), so a request with a staff session never gets a visitor's kept answer;
 * - an answer to staff (a session, even of a disabled account) or with another status loses
 *   `Netlify-CDN-Cache-Control` and `Netlify-Cache-ID`; staff answers are `private, no-store`.
 * The CSRF hook then leaves kept answers without a cookie (plugins/csrf.ts): the site fetches its token from
 * `/{locale}/api/csrf/` before a write.
 *
 * With NETLIFY_PURGE_TOKEN and NETLIFY_SITE_ID it also makes the purger (`app.cdnPurger`), which the publish queue
 * calls when a run ends and the deploy notifications when a deploy is live.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { CDN_CACHE_CONTROL, CDN_CACHE_ID } from '../services/cdn/cdn-headers';
import { NetlifyPurger } from '../services/cdn/purge';
import { SESSION_COOKIE } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Purges Netlify's CDN after a publish; null without the purge settings (nothing is purged). */
    cdnPurger: NetlifyPurger | null;
  }
}

const reads = new Set(['GET', 'HEAD']);

export function registerCdnCache(app: FastifyInstance, { config, db }: { config: Config; db: Db }): NetlifyPurger | null {
  const purger = config.netlifyPurge ? new NetlifyPurger(db, config.netlifyPurge, config.netlifyWebhookSecret !== undefined, app.log) : null;
  app.decorate('cdnPurger', purger);
  // A purge under way ends (or times out) before the database closes under it.
  if (purger) app.addHook('onClose', async () => purger.settled());

  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader(CDN_CACHE_CONTROL)) return;
    reply.header('netlify-vary', `cookie=${SESSION_COOKIE}`);
    const staff = request.staffSession !== undefined || request.isStaff;
    if (!staff && reply.statusCode === 200 && reads.has(request.method)) return;
    reply.removeHeader(CDN_CACHE_CONTROL);
    reply.removeHeader(CDN_CACHE_ID);
    if (staff) reply.header('cache-control', 'private, no-store');
  });
  return purger;
}

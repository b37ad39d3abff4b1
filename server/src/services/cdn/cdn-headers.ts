/**
 * What the public API's answers tell Netlify's CDN (ADR 050). An answer the CDN may keep carries
 * - `Cache-Control: public, max-age=0, must-revalidate`: browsers ask again every time (the CDN answers them);
 * - `Netlify-CDN-Cache-Control: public, s-maxage=N, must-revalidate`: the CDN keeps it N seconds (Netlify strips it
 *   before the browser);
 * - `Netlify-Cache-ID`: what it shows, in the answer cache's tags (services/response-cache.ts), so a publish
 *   purges exactly the answers its changes touched (services/cdn/purge.ts). Cache IDs are cache tags the purge
 *   API takes that a Netlify deploy does not invalidate (`Netlify-Cache-Tag` ones it does): every hook-mode
 *   publish is a deploy, which would otherwise drop every kept answer, touched or not;
 * and plugins/cdn-cache.ts adds `Netlify-Vary: cookie=kf_session`: a request with a staff session is another cache
 * key, so staff never get a visitor's kept answer (staff answers themselves are `private, no-store`).
 * Answers without these headers are not kept: Netlify caches nothing it proxies unless told to.
 */
import type { FastifyReply } from 'fastify';
import { addDays, berlinDate, berlinInstant } from '../../../../contract/berlin-time';

export const browserCacheControl = 'public, max-age=0, must-revalidate';
export const CDN_CACHE_CONTROL = 'netlify-cdn-cache-control';
export const CDN_CACHE_ID = 'netlify-cache-id';

/** Every answer the CDN keeps carries this tag: purging it drops them all (an unknown range of changes). */
export const everyAnswerTag = 'api';
/**
 * Answers that name no dependencies depend on every change (the response cache drops them on any write): they carry
 * this tag, and every purge with changes names it.
 */
export const anyChangeTag = 'any-change';

/** Netlify's limit of cache IDs on one answer (its caching docs: at most 500; a tag at most 1024 characters). */
export const maxTagsPerAnswer = 500;

/** How long the CDN keeps answers: long when a publish purges them, short when nothing would (no purge settings). */
export interface CdnPolicy {
  sMaxAgeSeconds: number;
}

/** With the purge configured: a day, a safety net for a purge that failed; every publish purges what it changed. */
export const purgedMaxAgeSeconds = 24 * 60 * 60;
/** Without it: a minute, so the CDN still absorbs a crowd but an edit shows within a minute. */
export const unpurgedMaxAgeSeconds = 60;

export const cdnPolicy = (purgeConfigured: boolean): CdnPolicy => ({
  sMaxAgeSeconds: purgeConfigured ? purgedMaxAgeSeconds : unpurgedMaxAgeSeconds,
});

/**
 * The CDN tags of an answer with these dependencies (`kind:id`, `kind:*`): the same tags, plus `api`; `any-change`
 * when it names none (undefined). Past Netlify's limit, each kind's tags become its `kind:*`, which every change of
 * the kind touches too.
 */
export function cdnTagsOf(dependencies: ReadonlySet<string> | undefined): string[] {
  if (dependencies === undefined) return [everyAnswerTag, anyChangeTag];
  let tags = [...dependencies];
  if (tags.length + 1 > maxTagsPerAnswer) tags = [...new Set(tags.map((tag) => `${tag.slice(0, tag.indexOf(':'))}:*`))];
  return [everyAnswerTag, ...tags];
}

/** Seconds from `now` until the next midnight in Berlin, when "today" changes (at least 1). */
export function secondsUntilBerlinMidnight(now: Date): number {
  const midnight = Date.parse(berlinInstant(addDays(berlinDate(now), 1)));
  return Math.max(1, Math.floor((midnight - now.getTime()) / 1000));
}

/**
 * Marks the answer as one the CDN may keep, with its tags; `maxAgeSeconds` bounds the policy's time (an answer
 * that depends on "today"). plugins/cdn-cache.ts takes the marks off again for staff and for anything but a 200.
 */
export function markCdnCacheable(reply: FastifyReply, tags: readonly string[], policy: CdnPolicy, maxAgeSeconds?: number): void {
  const seconds = Math.max(1, Math.min(policy.sMaxAgeSeconds, maxAgeSeconds ?? Infinity));
  reply
    .header('cache-control', browserCacheControl)
    .header(CDN_CACHE_CONTROL, `public, s-maxage=${seconds}, must-revalidate`)
    .header(CDN_CACHE_ID, tags.join(','));
}

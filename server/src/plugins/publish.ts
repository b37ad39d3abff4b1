/**
 * Publishing staff saves (ADR 013): the app's publish queue, when it has something to publish with (the build
 * hook of NETLIFY_BUILD_HOOK, else the builder the starter passes), and the hook that wakes it after every
 * successful staff write. Without either there is no queue (`app.publishQueue` is null) and saves wait for the
 * next manual build; tests get a queue only when they ask for one.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { PublishQueue, type PublishQueueOptions, type PublishTarget, type SiteBuilder } from '../services/publish/publish-queue';
import { describeSave, titleOfSave } from '../services/publish/save-titles';

declare module 'fastify' {
  interface FastifyInstance {
    /** The publish queue, or null when the server publishes nothing (no builder and no build hook). */
    publishQueue: PublishQueue | null;
  }
}

export interface PublishOptions {
  /** Rebuilds the site (scripts/lib/site-builder.ts); the build hook wins when NETLIFY_BUILD_HOOK is set. */
  builder?: SiteBuilder;
  /** Overrides config.publishQuietMs (tests use a short one). */
  quietMs?: number;
  /** The longest a save waits while saves keep coming; default 10 × the quiet period. */
  maxWaitMs?: number;
}

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerPublishing(
  app: FastifyInstance,
  { config, db, publish, onPublished }: { config: Config; db: Db; publish?: PublishOptions; onPublished?: PublishQueueOptions['onPublished'] },
) {
  const target: PublishTarget | undefined = config.netlifyBuildHook
    ? { kind: 'hook', url: config.netlifyBuildHook }
    : publish?.builder
      ? { kind: 'build', build: publish.builder }
      : undefined;
  const queue = target
    ? new PublishQueue({
        db,
        target,
        deployNotifications: config.netlifyWebhookSecret !== undefined,
        quietMs: publish?.quietMs ?? config.publishQuietMs,
        maxWaitMs: publish?.maxWaitMs,
        log: app.log,
        onPublished,
      })
    : null;
  app.decorate('publishQueue', queue);
  if (!queue) return;

  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.close());
  // After the answer went out, so a save's reply never waits for the queue; only writes the route accepted.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (request.routeOptions.config.staff === true && !reads.has(request.method) && status >= 200 && status < 300) {
      queue.notify(titleOfSave(request.method, request.url, request.staff?.username), describeSave(request.method, request.url, request.staff?.username));
    }
    done();
  });
}

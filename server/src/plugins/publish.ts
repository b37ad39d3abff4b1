/**
 * Publishing staff saves (ADR 013): the app's publish queue, when it has something to publish with (the build
 * hook of NETLIFY_BUILD_HOOK, else the builder the starter passes), and the hook that wakes it after every
 * successful staff write. Without either there is no queue (`app.publishQueue` is null): saves are written down
 * as waiting (`publish_request`) for a server on the same database that publishes (ADR 051), else for the next
 * manual build; tests get a queue only when they ask for one.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { PublishQueue, requestPublish, type PublishQueueOptions, type PublishTarget, type SiteBuilder } from '../services/publish/publish-queue';
import { describeSave, titleOfSave } from '../services/publish/save-titles';

declare module 'fastify' {
  interface FastifyInstance {
    /** The publish queue, or null when the server publishes nothing (no builder and no build hook). */
    publishQueue: PublishQueue | null;
  }
  interface FastifyRequest {
    /** Set by a route whose write went to a draft only (ADR 085): nothing to publish. */
    draftOnly: boolean;
  }
  interface FastifyContextConfig {
    /** False for a staff write that never changes what visitors see (starting or planning a draft, ADR 085). */
    publishes?: boolean;
  }
}

export interface PublishOptions {
  /** Rebuilds the site (scripts/lib/site-builder.ts); the build hook wins when NETLIFY_BUILD_HOOK is set. */
  builder?: SiteBuilder;
  /** Overrides config.publishQuietMs (tests use a short one). */
  quietMs?: number;
  /** The longest a save waits while saves keep coming; default 10 × the quiet period. */
  maxWaitMs?: number;
  /** How often the queue looks for saves another server took (ADR 051); default 2000 ms, 0: never. */
  pollMs?: number;
  /** How long the publish lease holds without renewal; default 30 s. */
  leaseMs?: number;
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
        pollMs: publish?.pollMs,
        leaseMs: publish?.leaseMs,
        log: app.log,
        onPublished,
        onFailed: () => app.errorReports.publishFailures(),
      })
    : null;
  app.decorate('publishQueue', queue);
  app.decorateRequest('draftOnly', false);
  if (queue) {
    app.addHook('onReady', async () => queue.start());
    app.addHook('onClose', async () => queue.close());
  }
  // After the answer went out, so a save's reply never waits for the queue; only writes the route accepted. A
  // server without a queue still writes the save down, for a server that publishes (ADR 051).
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const publishes = request.routeOptions.config.publishes !== false && !request.draftOnly;
    if (request.routeOptions.config.staff === true && publishes && !reads.has(request.method) && status >= 200 && status < 300) {
      const title = titleOfSave(request.method, request.url, request.staff?.username);
      const save = describeSave(request.method, request.url, request.staff?.username);
      if (queue) queue.notify(title, save);
      else requestPublish(db, title, save).catch((error: unknown) => request.log.error({ err: error, title }, 'could not record a save for publishing'));
    }
    done();
  });
}

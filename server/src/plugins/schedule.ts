/**
 * Scheduled publishing (ADR 035): the app's scheduler (services/schedule/scheduler.ts) starts when the app is
 * ready, applying what fell due while it was down, and stops when it closes. A staff write to a section that has
 * schedules wakes it, so a change due in a few seconds does not wait for its next look at the table.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { Scheduler } from '../services/schedule/scheduler';
import { localeAlternation } from '../../../contract/locales';

declare module 'fastify' {
  interface FastifyInstance {
    /** Applies scheduled changes when they fall due; `applyDue()` at once (tests). */
    scheduler: Scheduler;
  }
}

const scheduledSections = new RegExp(`^/(${localeAlternation})/pageeditor-api/hub/(pages|events|articles)/`);
const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerScheduler(app: FastifyInstance, { db, maxSleepMs }: { db: Db; maxSleepMs?: number }) {
  const scheduler = new Scheduler({ db, publish: () => app.publishQueue, maxSleepMs, log: app.log });
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.close());
  app.addHook('onResponse', (request, reply, done) => {
    if (!reads.has(request.method) && reply.statusCode < 300 && scheduledSections.test(request.url)) scheduler.wake();
    done();
  });
}

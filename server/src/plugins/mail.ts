import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { MailDelivery } from '../services/mail/delivery';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the mail outbox (services/mail/delivery.ts): `flush()` now, `flushSoon()` after a commit. */
    mail: MailDelivery;
  }
}

/** Delivery starts when the app is ready and stops (waiting for a send in progress) when it closes. */
export function registerMail(app: FastifyInstance, options: { config: Config; db: Db; now: () => Date; intervalMs?: number }) {
  const delivery = new MailDelivery({ ...options, log: app.log });
  app.decorate('mail', delivery);
  app.addHook('onReady', async () => delivery.start());
  app.addHook('onClose', async () => delivery.stop());
}

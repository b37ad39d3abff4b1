/**
 * A test-only public write, shaped like the real ones: `POST /{locale}/api/probe/` with CSRF, a rate limit of 5 a
 * minute, the bot check and a body of `email` plus the public-write fields; a person's request queues a mail.
 * Register it with `createTestContext(dialect, { register: registerProbe })`.
 */
import { Type } from '@sinclair/typebox';
import type { App } from '../app';
import type { Db } from '../db/database';
import { unlessBot } from '../plugins/public-writes';
import { publicWriteFields } from '../../../contract/schemas/public-write-fields';
import { ErrorSchema, LocaleSchema } from '../../../contract/schemas/content';
import { queueMail } from '../services/mail/outbox';

export const probeLimit = { limit: 5, windowMs: 60_000 };

export function registerProbe(app: App, db: Db) {
  app.post(
    '/:locale/api/probe/',
    {
      config: { csrf: true, publicWrite: probeLimit },
      schema: {
        params: Type.Object({ locale: LocaleSchema }),
        body: Type.Object({ email: Type.String({ minLength: 3 }), ...publicWriteFields }, { additionalProperties: false }),
        response: { 202: Type.Object({ status: Type.Literal('received') }), '4xx': ErrorSchema },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const { email } = request.body;
      await unlessBot(
        request,
        () => db.transaction().execute((trx) => queueMail(trx, { kind: 'probe', locale, to: [email], subject: 'Probe', text: 't', html: '<p>t</p>' })),
        () => 0,
      );
      return reply.code(202).send({ status: 'received' as const });
    },
  );
}

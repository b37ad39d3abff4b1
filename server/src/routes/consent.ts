/**
 * The cookie-consent log (ADR 015): proof of what a browser agreed to in the cookie banner, and when.
 * - `POST /{locale}/api/consent/` `{consent_id, categories, revision, action}`: the banner sends every first
 *   answer, change and withdrawal; 201 `{ok: true}`. One row per call, with no IP address, user agent or other
 *   personal data (db/tables/consent-log.table.ts).
 * - `GET /{locale}/pageeditor-api/consent-log/?consent_id=…`: staff read a consent id's history, oldest first.
 *
 * The POST is rate-limited per client IP like every anonymous write, but has no form token or honeypot (the banner
 * is not a form: `botCheck: false`) and no CSRF token: checking one would need a cookie, and a visitor must not get
 * a cookie just for having the consent logged. Instead a request whose Origin is present and not the site's own
 * is refused with 403 before its body is read. A cross-site HTML form cannot reach the handler either: it cannot
 * send JSON, the only body the server parses. Browsers send an Origin with every cross-site POST, so a request
 * without one comes from the site itself or from a script, which the rate limit is for.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { consentHistory, recordConsent } from '../db/repositories/consent-log';
import { consentActions, consentCategories } from '../../../contract/consent';
import { siteOriginOnly } from '../plugins/csrf';
import { ErrorSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import type { RouteOptions } from './route-options';

/**
 * Per client IP. A person clicking through the banner's settings sends a handful of calls; 30 in ten minutes
 * leaves room for several people behind one address (a household, an office) and still stops a script filling
 * the log.
 */
export const consentRateLimit = { limit: 30, windowMs: 10 * 60_000, botCheck: false as const };

const ConsentIdSchema = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  description: "a UUID such as 3f2504e0-4f89-41d3-9a0c-0305e82c3301 (the banner's consent id)",
});
const CategorySchema = Type.Union(consentCategories.map((category) => Type.Literal(category)));
const ActionSchema = Type.Union(consentActions.map((action) => Type.Literal(action)));

const ConsentBodySchema = Type.Object(
  {
    consent_id: ConsentIdSchema,
    categories: Type.Array(CategorySchema, {
      uniqueItems: true,
      maxItems: consentCategories.length,
      description: 'the accepted categories; must include "required" (db/repositories/consent-log.ts checks it)',
    }),
    revision: Type.Integer({ minimum: 0, maximum: 1_000_000, description: "the banner's revision" }),
    action: ActionSchema,
  },
  { additionalProperties: false },
);

const ConsentHistorySchema = Type.Object({
  consent_id: Type.String(),
  entries: Type.Array(
    Type.Object({
      categories: Type.Array(CategorySchema),
      revision: Type.Integer(),
      action: ActionSchema,
      created_at: Type.String({ format: 'date-time' }),
    }),
  ),
});

const consentRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, now }) => {
  app.post(
    '/:locale/api/consent/',
    {
      config: { publicWrite: consentRateLimit },
      // Before the body is parsed: a foreign page learns nothing about the body's rules.
      onRequest: siteOriginOnly(app, 'Consent can only be logged from the site itself'),
      schema: {
        params: LocaleParamsSchema,
        body: ConsentBodySchema,
        response: { 201: Type.Object({ ok: Type.Literal(true) }), 400: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { consent_id: consentId, categories, revision, action } = request.body;
      await recordConsent(db, { consentId, categories, revision, action, now: now() });
      return reply.code(201).send({ ok: true as const });
    },
  );

  // Staff only; there is no per-route role check (the admin role only shapes the hub's menus), so every editor may
  // read it. It shows nothing about a person: only what a random id agreed to.
  app.get(
    '/:locale/pageeditor-api/consent-log/',
    {
      config: { staff: true },
      schema: {
        params: LocaleParamsSchema,
        querystring: Type.Object({ consent_id: ConsentIdSchema }),
        response: { 200: ConsentHistorySchema, '4xx': ErrorSchema },
      },
    },
    async (request, reply) => {
      const consentId = request.query.consent_id.toLowerCase();
      reply.header('cache-control', 'no-store');
      return { consent_id: consentId, entries: await consentHistory(db, consentId) };
    },
  );
};

export default consentRoutes;

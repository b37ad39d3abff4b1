/**
 * Checks before publishing and the outside-link checker (ADR 086). Staff only.
 *
 * - `GET /{locale}/pageeditor-api/checks/:type/:id/`: the findings of what the editor shows of a page, event,
 *   subscription series or article in that language (services/page-checks.ts).
 * - `GET /{locale}/pageeditor-api/hub/checks/`: every owner with open findings, and every outside address with what
 *   it answered when last checked and where it is used.
 * - `POST /{locale}/pageeditor-api/hub/checks/run/` (CSRF): one round of the link checker now ("Jetzt prüfen").
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../../contract/schemas/content';
import { DraftParamsSchema } from '../../../contract/schemas/drafts';
import { EmptyBodySchema } from '../../../contract/schemas/editor';
import { HubChecksSchema, LinkCheckRoundSchema, PageChecksSchema } from '../../../contract/schemas/page-checks';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { hubChecks, pageChecks } from '../services/page-checks';
import type { RouteOptions } from './route-options';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

const pageCheckRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const ownHost = () => app.linkChecker.ownHost();

  app.get(
    '/:locale/pageeditor-api/checks/:type/:id/',
    { config: { staff: true }, schema: { params: DraftParamsSchema, response: { 200: PageChecksSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { locale, type, id } = request.params;
      return pageChecks(db, { content_type: type, object_id: id, locale }, ownHost());
    },
  );

  app.get(
    '/:locale/pageeditor-api/hub/checks/',
    { config: { staff: true }, schema: { params: LocaleParamsSchema, response: { 200: HubChecksSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return hubChecks(db, ownHost());
    },
  );

  app.post(
    '/:locale/pageeditor-api/hub/checks/run/',
    { config: { staff: true, csrf: true, publishes: false }, schema: { params: LocaleParamsSchema, body: EmptyBodySchema, response: { 200: LinkCheckRoundSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const round = await app.linkChecker.runRound();
      return { checked: round.checked.length, budget_reached: round.budgetReached };
    },
  );
};

export default pageCheckRoutes;

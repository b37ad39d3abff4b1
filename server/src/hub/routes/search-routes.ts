/**
 * The hub's one search (ADR 089), staff only:
 *
 *   GET /{locale}/pageeditor-api/hub/search/?q=…   a group per kind the account may open (its admin_menus), each
 *                                                  with its count and first hits, titles in the locale
 *
 * `q` is checked like the site search's `query` (1 to 100 characters, a letter or digit; control characters are
 * refused before, plugins/input-guard.ts), naming `query.q`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminMenusFor } from '../../../../contract/admin-menus';
import { HubSearchQuerySchema, HubSearchSchema } from '../../../../contract/hub/search';
import { ErrorSchema } from '../../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../../contract/schemas/requests';
import { parseSearchQuery } from '../../db/search/search-query';
import type { RouteOptions } from '../../routes/route-options';
import { hubSearch } from '../hub-search';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

const searchRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  app.get(
    '/:locale/pageeditor-api/hub/search/',
    { config: { staff: true }, schema: { params: LocaleParamsSchema, querystring: HubSearchQuerySchema, response: { 200: HubSearchSchema, ...errors } } },
    async (request, reply) => {
      const { locale } = request.params;
      const query = parseSearchQuery(request.query.q, undefined, 'query.q');
      // The staff guard (plugins/staff.ts) answered 401 already when nobody is logged in.
      const allowed = new Set(request.staff ? adminMenusFor(request.staff.role, locale).map((menu) => menu.key) : []);
      reply.header('cache-control', 'no-store');
      return hubSearch(db, locale, query, allowed);
    },
  );
};

export default searchRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import {
  PagedSearchQuerySchema,
  SearchQuerySchema,
  SearchResultsPageSchema,
  SearchSuggestionSchema,
  SearchSummarySchema,
  searchCategories,
} from '../../../contract/schemas/search';
import { ResponseCache } from '../services/response-cache';
import { cdnPolicy } from '../services/cdn/cdn-headers';
import { parseSearchQuery } from '../db/search/search-query';
import { minQueryLength } from '../../../contract/search-rules';
import { searchCategory, searchSummary, suggest } from '../services/search/searcher';
import type { RouteOptions } from './route-options';

/** Search answers kept per content state. */
export const searchAnswersKept = 1000;

/**
 * Site search (spec §7, ADR 010), over the online pages, events, articles and subscriptions of the request's
 * language:
 * - `GET /{locale}/api/search/autocomplete/?query`: up to 8 suggestions `{ title, url, type, date? }` whose
 *   title matches (every word as a prefix, so the one being typed too);
 * - `GET /{locale}/api/search/?query`: `{ query, pages: { count, results }, others: { count, results } }` with the
 *   first five results of each category;
 * - `GET /{locale}/api/search/pages/?query&page` and `…/others/?query&page`: a category's results, 12 a page.
 * Answers are kept (the URL holds the query) until the next content write, in a cache of their own: typing makes
 * a new URL with every keystroke, which would push the programme's and the pages' answers out of the shared one.
 */
const searchRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, config }) => {
  const cache = new ResponseCache(db, searchAnswersKept, cdnPolicy(config.netlifyPurge !== undefined));

  app.get(
    '/:locale/api/search/autocomplete/',
    {
      schema: {
        params: LocaleParamsSchema,
        querystring: SearchQuerySchema,
        response: { 200: Type.Array(SearchSuggestionSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const query = parseSearchQuery(request.query.query, minQueryLength.autocomplete);
      return cache.send(reply, request.url, () => suggest(db, request.params.locale, query));
    },
  );

  app.get(
    '/:locale/api/search/',
    {
      schema: {
        params: LocaleParamsSchema,
        querystring: SearchQuerySchema,
        response: { 200: SearchSummarySchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const query = parseSearchQuery(request.query.query);
      return cache.send(reply, request.url, () => searchSummary(db, request.params.locale, query));
    },
  );

  for (const category of searchCategories) {
    app.get(
      `/:locale/api/search/${category}/`,
      {
        schema: {
          params: LocaleParamsSchema,
          querystring: PagedSearchQuerySchema,
          response: { 200: SearchResultsPageSchema, 400: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const query = parseSearchQuery(request.query.query);
        const { page = 1 } = request.query;
        return cache.send(reply, request.url, () => searchCategory(db, request.params.locale, query, category, page, request.url));
      },
    );
  }
};

export default searchRoutes;

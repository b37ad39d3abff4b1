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
  type SearchCategory,
} from '../../../contract/schemas/search';
import { ResponseCache } from '../services/response-cache';
import { cdnPolicy } from '../services/cdn/cdn-headers';
import { parseSearchQuery } from '../db/search/search-query';
import { maxResultPage, minQueryLength, queryProblem } from '../../../contract/search-rules';
import { searchCategory, searchSummary, suggest } from '../services/search/searcher';
import { pagesFor, refusedAnswer, resultsAnswer, type SearchAsked } from '../services/search/answer-page';
import { sendAnswerPage } from '../services/answer-pages/answer-page';
import { routes } from '../../../contract/locales';
import { ContentValidationError } from '../db/errors';
import type { RouteOptions } from './route-options';
import { dialectOf } from '../db/dialect';
import { TitleIndex } from '../services/search/title-index';

/** Search answers kept per content state. */
export const searchAnswersKept = 1000;

/**
 * Site search (docs/product.md, Calls; ADR 010), over the online pages, events, articles and subscriptions of the
 * request's language:
 * - `GET /{locale}/api/search/autocomplete/?query`: up to 8 suggestions `{ title, url, type, date? }` whose
 *   title matches (every word as a prefix, so the one being typed too);
 * - `GET /{locale}/api/search/?query`: `{ query, pages: { count, results }, others: { count, results } }` with the
 *   first five results of each category;
 * - `GET /{locale}/api/search/pages/?query&page` and `…/others/?query&page`: a category's results, 12 a page;
 * - `GET /{locale}/api/search/results/?query[&category&page]`: the search form's answer without script, a page of
 *   the site (ADR 073, services/search/answer-page.ts), never kept.
 * Answers are kept (the URL holds the query) until the next content write, in a cache of their own: typing makes
 * a new URL with every keystroke, which would push the programme's and the pages' answers out of the shared one.
 * On SQLite the autocomplete's answers are computed from the title index in memory (ADR 090).
 */
const searchRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const { db, config } = options;
  const cache = new ResponseCache(db, searchAnswersKept, cdnPolicy(config.netlifyPurge !== undefined));
  // SQLite: the autocomplete answers from titles in memory (ADR 090); PostgreSQL ranks with its own query.
  const titles = dialectOf(db) === 'sqlite' ? new TitleIndex(db) : undefined;

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
      return cache.send(reply, request.url, () => suggest(db, request.params.locale, query, titles));
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

  registerSearchAnswer(app, options);
};

/** The answer page's parameters as sent: text only, checked and converted by the route itself. */
const SearchAnswerQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 1000 })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.String({ maxLength: 100 })),
});

const isCategory = (value: string): value is SearchCategory => (searchCategories as readonly string[]).includes(value);

/** The category and page asked for, or null when they name no page of the search. */
function askedRoute(category: string | undefined, page: string | undefined): Pick<SearchAsked, 'category' | 'page'> | null {
  if (category !== undefined && !isCategory(category)) return null;
  if (page === undefined) return { category: category ?? null, page: 1 };
  if (category === undefined || !/^[1-9]\d{0,5}$/.test(page) || Number(page) > maxResultPage) return null;
  return { category, page: Number(page) };
}

/** The search form's answer without script (ADR 073): see the module comment. */
function registerSearchAnswer(app: Parameters<typeof searchRoutes>[0], { db, config }: RouteOptions) {
  app.get(
    '/:locale/api/search/results/',
    {
      schema: { params: LocaleParamsSchema, querystring: SearchAnswerQuerySchema },
      // The query string's parser keeps a sequence that is not UTF-8 (`%C0%AF`) as its text, which would be searched for.
      preValidation: async (request) => {
        const search = request.url.slice(request.url.indexOf('?') + 1);
        if (!request.url.includes('?')) return;
        try {
          for (const pair of search.split('&')) decodeURIComponent(pair.replace(/\+/g, ' '));
        } catch {
          throw new ContentValidationError('query', 'query is not valid UTF-8: a percent-encoded sequence is no character').because('malformed_request');
        }
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const query = request.query.query ?? '';
      const route = askedRoute(request.query.category, request.query.page);
      const asked: SearchAsked = { query, category: route?.category ?? null, page: route?.page ?? 1 };
      const problem = queryProblem(query);
      let answer;
      if (route === null) answer = refusedAnswer(locale, asked, { unknown: true });
      else if (problem) answer = refusedAnswer(locale, asked, { problem });
      else {
        const parsed = parseSearchQuery(query);
        const summary = await searchSummary(db, locale, parsed);
        const count = asked.category ? summary[asked.category].count : 0;
        const page = asked.category && count > 0 && asked.page <= pagesFor(count) ? await searchCategory(db, locale, parsed, asked.category, asked.page, request.url) : null;
        answer = resultsAnswer(locale, asked, summary, page);
      }
      return sendAnswerPage(reply, config.publicDir, { locale, shellPath: routes.search[locale], title: answer.title, body: answer.body, status: answer.status });
    },
  );
}


export default searchRoutes;

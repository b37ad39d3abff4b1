/**
 * Request and response shapes of the search calls (ADR 010, docs/content-api.md). The server validates and
 * serialises with these; the site imports only their static types.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PagedSchema } from './programme';
import { PageQuerySchema } from './requests';

export const searchCategories = ['pages', 'others'] as const;
/** `pages`: content pages; `others`: events, articles and subscriptions. */
export type SearchCategory = (typeof searchCategories)[number];

export const SearchTypeSchema = Type.Union([
  Type.Literal('page'),
  Type.Literal('event'),
  Type.Literal('article'),
  Type.Literal('subscription'),
]);
export type SearchType = Static<typeof SearchTypeSchema>;

export const SearchSuggestionSchema = Type.Object({
  title: Type.String(),
  url: Type.String(),
  type: SearchTypeSchema,
  /** As in results: tells apart the performances of a programme given on several days. */
  date: Type.Optional(Type.String()),
});
export type SearchSuggestion = Static<typeof SearchSuggestionSchema>;

export const SearchResultSchema = Type.Object({
  type: SearchTypeSchema,
  title: Type.String(),
  url: Type.String(),
  /** Escaped HTML: the text around the matches, each match inside `<mark>`; no other markup. */
  snippet: Type.String(),
  /** An event's start (UTC instant) or an article's publication day (YYYY-MM-DD). */
  date: Type.Optional(Type.String()),
});
export type SearchResult = Static<typeof SearchResultSchema>;

const SearchGroupSchema = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  results: Type.Array(SearchResultSchema),
});

export const SearchSummarySchema = Type.Object({
  /** The search string as understood: trimmed. */
  query: Type.String(),
  pages: SearchGroupSchema,
  others: SearchGroupSchema,
});
export type SearchSummary = Static<typeof SearchSummarySchema>;

export const SearchResultsPageSchema = PagedSchema(SearchResultSchema);

/** `?query=`: checked further (trimmed length, something to search for) by server/src/db/search/search-query.ts. */
const QueryParam = Type.String({ maxLength: 1000, description: 'the search string' });
export const SearchQuerySchema = Type.Object({ query: QueryParam });
export const PagedSearchQuerySchema = Type.Object({ query: QueryParam, page: Type.Optional(PageQuerySchema) });

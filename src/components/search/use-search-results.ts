import { useEffect, useState } from 'react';
import type { Paged } from '../../../contract/schemas/programme';
import type { SearchResult, SearchSummary } from '../../../contract/schemas/search';
import { maxResultPage, queryProblem } from '../../../contract/search-rules';
import { pageSize } from '../../../contract/paging';
import type { Locale } from '../../../contract/locales';
import { fetchResults, fetchSummary } from './search-api';
import type { SearchRoute } from './search-route';

export type Loading<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'error' };

export interface SearchResults {
  /** Counts and first results of both categories; null when there is nothing to search for. */
  summary: Loading<SearchSummary> | null;
  /** The route's page of its category; null on the summary, past the last page or without results. */
  page: Loading<Paged<SearchResult>> | null;
  /** The category's number of pages, once the summary has counted its results; at most maxResultPage. */
  pages: number | null;
  /** Asks again after a failure. */
  retry: () => void;
}

/**
 * Runs a request while its inputs (named by `key`) stay the same; a newer one cancels it, and a late answer is
 * dropped. No request (null) is no state; a request that appears under a key seen before still runs.
 */
function useRequest<T>(request: ((signal: AbortSignal) => Promise<T>) | null, key: string): Loading<T> | null {
  const [state, setState] = useState<{ key: string; value: Loading<T> } | null>(null);
  const active = request ? key : null;
  useEffect(() => {
    if (!request || active === null) return undefined;
    const controller = new AbortController();
    setState({ key: active, value: { status: 'loading' } });
    request(controller.signal).then(
      (data) => setState({ key: active, value: { status: 'done', data } }),
      () => {
        if (!controller.signal.aborted) setState({ key: active, value: { status: 'error' } });
      },
    );
    return () => controller.abort();
    // `active` names everything the request depends on.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
  if (active === null) return null;
  return state?.key === active ? state.value : { status: 'loading' };
}

/**
 * The search page's data for a route: the summary call (always, for the counts) and, on a category's route, its
 * page, asked for once the summary says the page exists (a page past the end is no request, but a message).
 */
export function useSearchResults(locale: Locale, route: SearchRoute | null | undefined): SearchResults {
  const [attempt, setAttempt] = useState(0);
  const query = route?.query.trim() ?? '';
  const searchable = query !== '' && queryProblem(query) === null;
  const summary = useRequest(searchable ? (signal) => fetchSummary(locale, query, signal) : null, `${attempt} ${locale} ${query}`);

  const category = route?.category ?? null;
  const page = route?.page ?? 1;
  const count = summary?.status === 'done' && category ? summary.data[category].count : null;
  const pages = count === null ? null : Math.min(maxResultPage, Math.max(1, Math.ceil(count / pageSize)));
  const wanted = category !== null && count !== null && count > 0 && page <= (pages ?? 0);
  const results = useRequest(wanted ? (signal) => fetchResults(locale, category, query, page, signal) : null, `${attempt} ${locale} ${query} ${category} ${page}`);

  return { summary, page: results, pages, retry: () => setAttempt((n) => n + 1) };
}

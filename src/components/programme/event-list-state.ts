/**
 * The programme list's state (docs/product.md, States): the events shown, the page counter and the loading flag.
 * Asking for a page not greater than the current one is ignored unless it is a reset; a reset (first load,
 * a changed filter) clears the events first.
 */
import type { Event } from '../../../contract/schemas/programme';
import { berlinDate, berlinInstant, isCalendarMonth } from '../../../contract/berlin-time';
import type { Locale } from '../../../contract/locales';

export interface EventFilter {
  /** Subscription series id, or '' for all. */
  subscription: string;
  /** YYYY-MM, or '' for all months. */
  month: string;
}

export interface EventListState {
  events: Event[];
  /** The last page received (0 before any). */
  page: number;
  /** The page being fetched, if any. */
  loading: number | null;
  /** Events matching, from the last response. */
  count: number;
  hasMore: boolean;
  filter: EventFilter;
  error: boolean;
}

export type EventListAction =
  | { type: 'request'; page: number; reset?: boolean; filter?: EventFilter }
  | { type: 'received'; page: number; filter: EventFilter; count: number; next: string | null; results: Event[] }
  | { type: 'failed'; page: number };

export const noFilter: EventFilter = { subscription: '', month: '' };

/** A prebuilt list page (the first by default, ADR 074), as the list starts before any request. */
export function initialEventList(events: Event[], count: number, pageSize: number, page = 1): EventListState {
  return { events, page, loading: null, count, hasMore: count > page * pageSize, filter: noFilter, error: false };
}

const sameFilter = (a: EventFilter, b: EventFilter) => a.subscription === b.subscription && a.month === b.month;

/** Whether `filter` asks for nothing (whichever object it is: the address gives a new one). */
export const isEmptyFilter = (filter: EventFilter) => sameFilter(filter, noFilter);

export function eventListReducer(state: EventListState, action: EventListAction): EventListState {
  switch (action.type) {
    case 'request':
      if (action.reset) {
        return { ...state, events: [], page: 0, count: 0, hasMore: false, loading: action.page, filter: action.filter ?? state.filter, error: false };
      }
      if (action.page <= state.page || state.loading !== null) return state;
      return { ...state, loading: action.page, error: false };
    case 'received':
      // A response for a filter or page no longer asked for (the visitor changed the filter meanwhile) is dropped.
      if (action.page !== state.loading || !sameFilter(action.filter, state.filter)) return state;
      return {
        ...state,
        events: action.page === 1 ? action.results : [...state.events, ...action.results.filter((event) => !state.events.some((shown) => shown.id === event.id))],
        page: action.page,
        loading: null,
        count: action.count,
        hasMore: action.next !== null,
      };
    case 'failed':
      if (action.page !== state.loading) return state;
      return { ...state, loading: null, error: true };
    default:
      return state;
  }
}

/** The events call for a page of the list (`date` is today in Berlin, YYYY-MM-DD). */
export function eventsUrl(locale: string, date: string, page: number, filter: EventFilter): string {
  const params = new URLSearchParams({ date, page: String(page) });
  if (filter.subscription) params.set('subscription', filter.subscription);
  if (filter.month) params.set('month', filter.month);
  return `/${locale}/api/events/?${params.toString()}`;
}

/** When an event is on: its start, and its end or (none announced) its start again; and the series it belongs to. */
export interface EventSpan {
  start: string;
  until: string;
  /** The online subscription series the event belongs to (as the events call filters by them). */
  subscriptions: readonly { id: number }[];
}

/**
 * The concerts still to come on `today` (YYYY-MM-DD, Berlin), each with the month the events call lists it in: a
 * concert that began before today but is still running counts for today's month; one that is over is left out.
 */
function comingConcerts(events: readonly EventSpan[], today: string): { month: string; series: string[] }[] {
  const from = berlinInstant(today);
  const fromTime = new Date(from).getTime();
  return events
    .filter((event) => new Date(event.until).getTime() >= fromTime)
    .map((event) => ({
      month: berlinDate(new Date(event.start).getTime() < fromTime ? from : event.start).slice(0, 7),
      series: event.subscriptions.map((entry) => String(entry.id)),
    }));
}

/**
 * The months the month filter offers on `today` (YYYY-MM-DD, Berlin): exactly those with a concert still to come,
 * in order; with a series chosen, only those with a concert of that series (ADR 070), so no choice of both filters
 * the list offers leads to an empty list.
 */
export function upcomingMonths(events: readonly EventSpan[], today: string, subscription = ''): string[] {
  const months = new Set<string>();
  for (const concert of comingConcerts(events, today)) {
    if (subscription === '' || concert.series.includes(subscription)) months.add(concert.month);
  }
  return [...months].sort();
}

/**
 * The series the series filter offers, in the order given: all of them without a month chosen; with a month chosen,
 * those with a concert to come in that month (ADR 070).
 */
export function seriesInMonth<T extends { id: number }>(series: readonly T[], events: readonly EventSpan[], today: string, month: string): T[] {
  if (month === '') return [...series];
  const inMonth = new Set(comingConcerts(events, today).flatMap((concert) => (concert.month === month ? concert.series : [])));
  return series.filter((entry) => inMonth.has(String(entry.id)));
}

/** The filter's names in the address, in each language's words (`/de/programm?reihe=2&monat=2027-11`). */
export const filterParams: Record<Locale, Record<keyof EventFilter, string>> = {
  de: { subscription: 'reihe', month: 'monat' },
  en: { subscription: 'series', month: 'month' },
};

/**
 * The filter an address asks for. A value the list cannot offer (a series no longer online, a month with no
 * concert left, or none of the chosen series, anything malformed) is dropped, so an old shared link shows the whole
 * programme rather than an empty or unselectable choice. `months` gives the months offered with a series chosen
 * ('' for none).
 */
export function filterFromSearch(
  search: string,
  locale: Locale,
  offered: { series: string[]; months: (subscription: string) => string[] },
): EventFilter {
  const params = new URLSearchParams(search);
  const names = filterParams[locale];
  const asked = params.get(names.subscription) ?? '';
  const subscription = offered.series.includes(asked) ? asked : '';
  const month = params.get(names.month) ?? '';
  return { subscription, month: isCalendarMonth(month) && offered.months(subscription).includes(month) ? month : '' };
}

/** `search` with the filter's parameters set (or removed when empty); other parameters stay as they were. */
export function searchWithFilter(search: string, locale: Locale, filter: EventFilter): string {
  const params = new URLSearchParams(search);
  const names = filterParams[locale];
  for (const key of ['subscription', 'month'] as const) {
    if (filter[key]) params.set(names[key], filter[key]);
    else params.delete(names[key]);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

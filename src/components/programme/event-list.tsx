import React, { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Event } from '../../../contract/schemas/programme';
import { berlinDate } from '../../../contract/berlin-time';
import { fetchPage } from '../../lib/api-read';
import { formatMonth } from '../../../contract/event-format';
import { pageSize } from '../../../contract/paging';
import { useReveal } from '../../lib/hooks/use-reveal';
import type { Locale } from '../../../contract/locales';
import { staggerProps } from '../../lib/motion/stagger';
import { routePath } from '../../lib/route-path';
import { EventCard } from './event-card';
import { FilterForm } from './filter-form';
import { ProgrammePager } from './programme-pager';
import {
  eventListReducer,
  eventsUrl,
  filterFromSearch,
  filterParams,
  initialEventList,
  isEmptyFilter,
  noFilter,
  searchWithFilter,
  seriesInMonth,
  upcomingMonths,
  type EventFilter,
  type EventSpan,
} from './event-list-state';

interface Props {
  locale: Locale;
  /** The prebuilt first page: events still on at the start of the build day. */
  initialEvents: Event[];
  initialCount: number;
  /** Series to filter by. */
  series: { id: number; title: string }[];
  /**
   * Every event still on at the start of the build day: the month filter offers the months among them (of the
   * chosen series), the series filter the series among them in the chosen month.
   */
  spans: readonly EventSpan[];
  /** The build day, YYYY-MM-DD (Berlin); today's date replaces it once hydrated. */
  buildDay: string;
  /** The list page this is (ADR 074): `initialEvents` are its events; 1 by default. */
  page?: number;
  /** How many list pages the build made; the pager links them. */
  pages?: number;
}

/**
 * The programme list. Prebuilt HTML shows one list page as of the build, with links to every list page (ADR 074);
 * once hydrated the list asks the events call for today's events of that page (so concerts that are over drop off
 * without a rebuild), pages further with "load more" and filters by series and month, all through one reducer
 * (docs/product.md, States). A filter lists from the first event: its address is the programme's first page with the
 * filter.
 */
export function EventList({ locale, initialEvents, initialCount, series, spans, buildDay, page = 1, pages = 1 }: Props) {
  const { t } = useTranslation('programme');
  const [state, dispatch] = useReducer(eventListReducer, undefined, () => initialEventList(initialEvents, initialCount, pageSize, page));
  /** The list page the list starts at: this page's until a filter is chosen, the first from then on. */
  const [start, setStart] = useState(page);
  const listRef = useRef<HTMLOListElement>(null);
  const reveal = useReveal(listRef);
  /** Index of the first event of a page asked for with "load more", to focus once it arrives. */
  const focusIndex = useRef<number | null>(null);
  const filterId = useId();
  // The build day first, so the hydrated HTML matches; then today, so a month whose concerts are over drops out.
  const [today, setToday] = useState(buildDay);
  const params = filterParams[locale];

  /** What the filters can offer on `day`: a choice outside it (an old link, a stale form) is dropped. */
  const offered = (day: string) => ({
    series: series.map((entry) => String(entry.id)),
    months: (subscription: string) => upcomingMonths(spans, day, subscription),
  });

  const load = useCallback(
    async (page: number, filter: EventFilter) => {
      try {
        const body = await fetchPage<Event>(eventsUrl(locale, berlinDate(new Date()), page, filter));
        dispatch({ type: 'received', page, filter, count: body.count, next: body.next, results: body.results });
      } catch {
        dispatch({ type: 'failed', page });
      }
    },
    [locale],
  );

  // Today's list replaces the build day's once the page runs in a browser, filtered as the address says (a shared
  // link, or Back from an event).
  useEffect(() => {
    const now = berlinDate(new Date());
    setToday(now);
    const filter = filterFromSearch(window.location.search, locale, offered(now));
    // A filter on a later page's address lists from the first event, at the first page's address.
    if (!isEmptyFilter(filter) && page > 1) moveToFirstPage(window.location.search);
    const first = isEmptyFilter(filter) ? page : 1;
    setStart(first);
    dispatch({ type: 'request', page: first, reset: true, filter });
    void load(first, filter);
    // Only once, on arrival: later changes come from the visitor's own choices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  // After "load more", focus moves to the first event that arrived, so keyboard users continue where they were.
  useEffect(() => {
    if (focusIndex.current !== null && state.events.length > focusIndex.current) {
      listRef.current?.querySelectorAll<HTMLAnchorElement>('.event-card__link')[focusIndex.current]?.focus();
      focusIndex.current = null;
    }
  }, [state.events.length]);

  const loadMore = () => {
    if (state.loading !== null) return;
    focusIndex.current = state.events.length;
    dispatch({ type: 'request', page: state.page + 1 });
    void load(state.page + 1, state.filter);
  };

  /** Puts the programme's first page with `search` into the address, without a navigation. */
  function moveToFirstPage(search: string) {
    window.history.replaceState(window.history.state, '', `${routePath('events', locale)}${search}${window.location.hash}`);
  }

  const changeFilter = (filter: EventFilter) => {
    // The address follows the choice (ADR 042): replaced, not pushed, so Back leaves the programme instead of
    // stepping through every choice; Gatsby's entry (its scroll key) is kept as it is. A choice lists from the
    // first event, so the address becomes the first page's (ADR 074).
    moveToFirstPage(searchWithFilter(window.location.search, locale, filter));
    setStart(1);
    dispatch({ type: 'request', page: 1, reset: true, filter });
    void load(1, filter);
  };

  // While the first request of a reset runs, the prebuilt (or previous) list stays visible instead of flashing empty.
  // An address without filters gives a filter equal to `noFilter` but not the same object: compared by identity,
  // the list emptied on every arrival and the footer jumped up and back (Lighthouse: CLS 0.53 on the programme).
  const showPrebuilt = state.page === 0 && state.loading === page && start === page && isEmptyFilter(state.filter) && !state.error;
  const events = showPrebuilt ? initialEvents : state.events;
  const filtered = state.filter.subscription !== '' || state.filter.month !== '';
  // Each filter offers only what the other leaves (ADR 070): the months of the chosen series, the series of the
  // chosen month; so no choice in the form gives an empty list.
  const months = useMemo(() => upcomingMonths(spans, today, state.filter.subscription), [spans, today, state.filter.subscription]);
  const seriesOffered = useMemo(() => seriesInMonth(series, spans, today, state.filter.month), [series, spans, today, state.filter.month]);

  return (
    <div className="event-list">
      <FilterForm
        label={t('filterLabel')}
        action={routePath('events', locale)}
        apply={t('filterApply')}
        onApply={(query) => changeFilter(filterFromSearch(query, locale, offered(today)))}
        after={
          filtered && (
            <button type="button" className="button button--secondary" onClick={() => changeFilter(noFilter)}>
              {t('filterReset')}
            </button>
          )
        }
      >
        <div className="event-filter__field">
          <label htmlFor={`${filterId}-series`}>{t('filterSeries')}</label>
          <select
            id={`${filterId}-series`}
            name={params.subscription}
            value={state.filter.subscription}
            onChange={(e) => changeFilter({ ...state.filter, subscription: e.target.value })}
          >
            <option value="">{t('filterAllSeries')}</option>
            {seriesOffered.map((entry) => (
              <option key={entry.id} value={String(entry.id)}>
                {entry.title}
              </option>
            ))}
          </select>
        </div>
        <div className="event-filter__field">
          <label htmlFor={`${filterId}-month`}>{t('filterMonth')}</label>
          <select
            id={`${filterId}-month`}
            name={params.month}
            value={state.filter.month}
            onChange={(e) => changeFilter({ ...state.filter, month: e.target.value })}
          >
            <option value="">{t('filterAllMonths')}</option>
            {months.map((month) => (
              <option key={month} value={month}>
                {formatMonth(month, locale)}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>

      <noscript>
        <p className="event-list__note">{t('noscriptFilters')}</p>
      </noscript>

      <p className="event-list__status" role="status">
        {state.loading !== null ? t('loading') : state.error ? '' : t('eventsFound', { count: showPrebuilt ? initialCount : state.count })}
      </p>

      {events.length > 0 ? (
        <ol className="event-list__items" aria-busy={state.loading !== null} ref={listRef} data-reveal={reveal}>
          {events.map((event, index) => (
            <li key={event.id} {...staggerProps(index)}>
              <EventCard event={event} locale={locale} />
            </li>
          ))}
        </ol>
      ) : (
        state.loading === null && !state.error && <p className="event-list__empty">{t('noEvents')}</p>
      )}

      {state.error && (
        <p className="event-list__error" role="alert">
          {t('loadError')}
        </p>
      )}

      {(state.hasMore || (showPrebuilt && initialCount > (page - 1) * pageSize + initialEvents.length)) && (
        <div className="event-list__more">
          <button type="button" className="button" onClick={loadMore} disabled={state.loading !== null}>
            {t('loadMore')}
          </button>
        </div>
      )}

      {/* The list pages as built: a filtered list is not paged by them, so they go while a filter is chosen. */}
      {isEmptyFilter(state.filter) && <ProgrammePager locale={locale} page={start} pages={pages} />}
    </div>
  );
}

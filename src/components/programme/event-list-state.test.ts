import type { Event } from '../../../contract/schemas/programme';
import { berlinInstant } from '../../../contract/berlin-time';
import {
  eventListReducer,
  eventsUrl,
  filterFromSearch,
  initialEventList,
  isEmptyFilter,
  noFilter,
  searchWithFilter,
  seriesInMonth,
  upcomingMonths,
  type EventListState,
} from './event-list-state';

const event = (id: number) => ({ id, title: `Konzert ${id}` }) as unknown as Event;
const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => event(from + index));

describe('eventListReducer', () => {
  let state: EventListState;
  beforeEach(() => {
    state = initialEventList(page(1, 12), 30, 12);
  });

  it('starts from the prebuilt first page', () => {
    expect(state).toMatchObject({ page: 1, loading: null, count: 30, hasMore: true });
    expect(state.events).toHaveLength(12);
  });

  it('ignores a page not greater than the current one', () => {
    expect(eventListReducer(state, { type: 'request', page: 1 })).toBe(state);
    const next = eventListReducer(state, { type: 'request', page: 2 });
    expect(next.loading).toBe(2);
    expect(eventListReducer(next, { type: 'request', page: 2 })).toBe(next);
  });

  it('clears the events on a reset and replaces them with page 1', () => {
    const reset = eventListReducer(state, { type: 'request', page: 1, reset: true, filter: noFilter });
    expect(reset).toMatchObject({ events: [], page: 0, loading: 1 });
    const loaded = eventListReducer(reset, { type: 'received', page: 1, filter: noFilter, count: 20, next: '/de/api/events/?page=2', results: page(3, 14) });
    expect(loaded.events.map((e) => e.id)).toEqual(page(3, 14).map((e) => e.id));
    expect(loaded).toMatchObject({ page: 1, loading: null, count: 20, hasMore: true });
  });

  it('appends further pages and knows when there are no more', () => {
    const asked = eventListReducer(state, { type: 'request', page: 2 });
    const loaded = eventListReducer(asked, { type: 'received', page: 2, filter: noFilter, count: 30, next: null, results: page(13, 24) });
    expect(loaded.events).toHaveLength(24);
    expect(loaded).toMatchObject({ page: 2, hasMore: false });
  });

  it('drops a late answer for a filter no longer chosen, and records failures', () => {
    const filtered = eventListReducer(state, { type: 'request', page: 1, reset: true, filter: { subscription: '3', month: '' } });
    const stale = eventListReducer(filtered, { type: 'received', page: 1, filter: noFilter, count: 30, next: null, results: page(1, 12) });
    expect(stale).toBe(filtered);
    expect(eventListReducer(filtered, { type: 'failed', page: 1 })).toMatchObject({ loading: null, error: true });
  });

  it('builds the events call with date, page and filters', () => {
    expect(eventsUrl('de', '2026-11-23', 2, { subscription: '3', month: '2027-01' })).toBe(
      '/de/api/events/?date=2026-11-23&page=2&subscription=3&month=2027-01',
    );
    expect(eventsUrl('en', '2026-11-23', 1, noFilter)).toBe('/en/api/events/?date=2026-11-23&page=1');
  });
});

const on = (date: string, time = '19:30', minutes = 120, series: number[] = []) => {
  const start = berlinInstant(date, time);
  return { start, until: new Date(new Date(start).getTime() + minutes * 60_000).toISOString(), subscriptions: series.map((id) => ({ id })) };
};

describe('upcomingMonths', () => {
  it('offers exactly the months with a concert to come, the last one included, and none without', () => {
    // The case of the issue: on 26 Nov 2026 November's concerts are over, and the last concerts are in Nov 2027.
    const spans = [on('2026-11-20'), on('2026-12-04'), on('2026-12-06', '11:00'), on('2027-02-12'), on('2027-11-05'), on('2027-11-07', '11:00')];
    expect(upcomingMonths(spans, '2026-11-26')).toEqual(['2026-12', '2027-02', '2027-11']);
  });

  it('counts a concert later today, and one still running since yesterday, for the current month', () => {
    expect(upcomingMonths([on('2026-11-26', '20:00')], '2026-11-26')).toEqual(['2026-11']);
    // Starts 31 Oct 23:00 and runs past midnight into November.
    expect(upcomingMonths([on('2026-10-31', '23:00', 120)], '2026-11-01')).toEqual(['2026-11']);
    expect(upcomingMonths([on('2026-10-31', '20:00', 120)], '2026-11-01')).toEqual([]);
  });

  it('reads months in Berlin time: a concert at 00:30 on 1 December belongs to December', () => {
    expect(upcomingMonths([on('2026-12-01', '00:30')], '2026-11-26')).toEqual(['2026-12']);
  });
});

describe('each filter offers what the other leaves', () => {
  // Series 1 ("Meisterkonzerte") plays in December and February, series 2 ("Entdeckungen") in January and February;
  // the December matinee belongs to no series. November's concert is over on 26 November.
  const spans = [
    on('2026-11-20', '19:30', 120, [1, 2]),
    on('2026-12-04', '19:30', 120, [1]),
    on('2026-12-06', '11:00'),
    on('2027-01-15', '19:30', 120, [2]),
    on('2027-02-12', '19:30', 120, [1, 2]),
  ];
  const series = [
    { id: 1, title: 'Meisterkonzerte' },
    { id: 2, title: 'Entdeckungen' },
    { id: 3, title: 'Ohne Termine' },
  ];

  it('offers only the months with a concert of the chosen series still to come', () => {
    expect(upcomingMonths(spans, '2026-11-26', '2')).toEqual(['2027-01', '2027-02']);
    expect(upcomingMonths(spans, '2026-11-26', '1')).toEqual(['2026-12', '2027-02']);
    expect(upcomingMonths(spans, '2026-11-26', '3')).toEqual([]);
    expect(upcomingMonths(spans, '2026-11-26', '')).toEqual(['2026-12', '2027-01', '2027-02']);
  });

  it('offers only the series with a concert in the chosen month, in their order, and all without a month', () => {
    expect(seriesInMonth(series, spans, '2026-11-26', '2026-12').map((entry) => entry.title)).toEqual(['Meisterkonzerte']);
    expect(seriesInMonth(series, spans, '2026-11-26', '2027-02').map((entry) => entry.title)).toEqual(['Meisterkonzerte', 'Entdeckungen']);
    expect(seriesInMonth(series, spans, '2026-11-26', '2026-11')).toEqual([]);
    expect(seriesInMonth(series, spans, '2026-11-26', '')).toEqual(series);
  });

  it('drops from an address (or a form sent without script) a month the chosen series does not play in', () => {
    const offered = { series: ['1', '2', '3'], months: (subscription: string) => upcomingMonths(spans, '2026-11-26', subscription) };
    expect(filterFromSearch('?reihe=2&monat=2026-12', 'de', offered)).toEqual({ subscription: '2', month: '' });
    expect(filterFromSearch('?reihe=2&monat=2027-01', 'de', offered)).toEqual({ subscription: '2', month: '2027-01' });
    expect(filterFromSearch('?reihe=&monat=2026-12', 'de', offered)).toEqual({ subscription: '', month: '2026-12' });
  });
});

describe('filters in the address', () => {
  const offered = { series: ['1', '2'], months: () => ['2026-12', '2027-11'] };

  it('reads each language\'s parameter names', () => {
    expect(filterFromSearch('?reihe=2&monat=2027-11', 'de', offered)).toEqual({ subscription: '2', month: '2027-11' });
    expect(filterFromSearch('?series=1&month=2026-12', 'en', offered)).toEqual({ subscription: '1', month: '2026-12' });
    expect(filterFromSearch('?series=1&month=2026-12', 'de', offered)).toEqual(noFilter);
  });

  it('tells an empty filter from the address by its content, not by its identity', () => {
    const fromAddress = filterFromSearch('', 'de', offered);
    expect(isEmptyFilter(fromAddress)).toBe(true);
    expect(isEmptyFilter({ subscription: '2', month: '' })).toBe(false);
    expect(isEmptyFilter({ subscription: '', month: '2027-11' })).toBe(false);
  });

  it('drops what the list cannot offer', () => {
    expect(filterFromSearch('?reihe=9&monat=2026-11', 'de', offered)).toEqual(noFilter);
    expect(filterFromSearch('?monat=2027-13&reihe=', 'de', offered)).toEqual(noFilter);
  });

  it('writes the filter and keeps other parameters; an empty filter leaves no trace', () => {
    expect(searchWithFilter('', 'de', { subscription: '2', month: '2027-11' })).toBe('?reihe=2&monat=2027-11');
    expect(searchWithFilter('?utm_source=x&monat=2026-12', 'de', { subscription: '', month: '2027-11' })).toBe('?utm_source=x&monat=2027-11');
    expect(searchWithFilter('?series=1&month=2026-12', 'en', noFilter)).toBe('');
  });
});

import type { Event } from '../../../server/src/schemas/programme';
import { eventListReducer, eventsUrl, initialEventList, noFilter, type EventListState } from './event-list-state';

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

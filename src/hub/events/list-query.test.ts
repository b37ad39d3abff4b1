import { queryString } from '../api';
import { eventsQueryParams, readEventsQuery } from './list-query';

describe('the events list query', () => {
  it('reads a full query', () => {
    expect(readEventsQuery('?search=%20Brahms%20&status=cancelled&is_online=false&ordering=start_at&page=3')).toEqual({
      search: 'Brahms',
      status: 'cancelled',
      is_online: 'false',
      ordering: 'start_at',
      page: 3,
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(readEventsQuery('?status=maybe&is_online=1&ordering=title&page=-2')).toEqual({
      search: '',
      status: '',
      is_online: '',
      ordering: '-start_at',
      page: 1,
    });
  });

  it('writes defaults as nothing, so the plain list has no query', () => {
    expect(queryString(eventsQueryParams(readEventsQuery('')))).toBe('');
    expect(queryString(eventsQueryParams(readEventsQuery('?search=a b&page=2')))).toBe('?search=a+b&page=2');
  });
});

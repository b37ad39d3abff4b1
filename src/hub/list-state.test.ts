import { queryString } from './api';
import { ALL, listCallParams, listStateQuery, readListState, type ListFilter } from './list-state';

const filters: ListFilter[] = [
  { name: 'status', label: 'Status', defaultValue: 'pending', options: [{ value: 'pending', label: 'p' }, { value: 'confirmed', label: 'c' }, { value: ALL, label: 'a' }] },
  { name: 'locale', label: 'Sprache', options: [{ value: '', label: 'a' }, { value: 'de', label: 'de' }] },
];

describe('a hub list state in the address', () => {
  it('reads search, filters and page, defaults where missing or unknown', () => {
    expect(readListState('?search=%20anna%20&locale=de&page=3', filters)).toEqual({ search: 'anna', page: 3, filters: { status: 'pending', locale: 'de' } });
    expect(readListState('?status=maybe&locale=fr&page=-1', filters)).toEqual({ search: '', page: 1, filters: { status: 'pending', locale: '' } });
  });

  it('writes defaults as nothing, so the plain list has no query', () => {
    expect(queryString(listStateQuery(readListState('', filters), filters))).toBe('');
    expect(queryString(listStateQuery(readListState('?status=all&page=2', filters), filters))).toBe('?status=all&page=2');
  });

  it('sends "all" as no filter and always a page size', () => {
    expect(listCallParams(readListState('?status=all&search=x', filters), filters)).toEqual({ search: 'x', status: undefined, locale: undefined, page: undefined, page_size: 20 });
    expect(queryString(listCallParams(readListState('', filters), filters))).toBe('?status=pending&page_size=20');
  });
});

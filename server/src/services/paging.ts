/**
 * Page-number paging as Django REST Framework does it (ADR 006): `?page=N`, pages of `pageSize`, and `next` /
 * `previous` links that keep the rest of the query. A page past the end is 404 `Invalid page.`; the first page of
 * an empty list is an empty page.
 */
import { ContentNotFoundError } from '../db/errors';
import { pageSize } from '../../../contract/paging';

const lastPage = (count: number) => Math.max(1, Math.ceil(count / pageSize));

/** Rows to skip for `page`; throws the DRF-like 404 for a page past the end. */
export function pageOffset(count: number, page: number): number {
  if (page > lastPage(count)) throw new ContentNotFoundError('Invalid page.', 'query.page');
  return (page - 1) * pageSize;
}

/**
 * Links to the neighbouring pages: the request's path and query with `page` set (left out for page 1, as DRF
 * does) and `fixed` parameters set, such as a date the server filled in, so every page of a list shows the same
 * list.
 */
export function pageLinks(url: string, page: number, count: number, fixed: Record<string, string> = {}) {
  const link = (target: number) => {
    const parsed = new URL(url, 'http://local');
    for (const [name, value] of Object.entries(fixed)) parsed.searchParams.set(name, value);
    if (target === 1) parsed.searchParams.delete('page');
    else parsed.searchParams.set('page', String(target));
    return parsed.pathname + parsed.search;
  };
  return {
    next: page < lastPage(count) ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

/**
 * `/cms-hub/events`: the events, paged, searched, filtered and sorted by the server. The state is the address's
 * query, so the filter form navigates and reload or the back button show the same list.
 */
import { Link, navigate } from 'gatsby';
import React, { useEffect, useId, useRef, type FormEvent } from 'react';
import { hubApi, queryString, hubLocale } from '../api';
import { formatBerlin } from '../berlin-time';
import { flashMessage, useHub } from '../hub-context';
import { focusHeading, PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { eventStatuses } from './event-values';
import { EVENTS_PAGE_SIZE, eventsQueryParams, readEventsQuery, type EventsQuery } from './list-query';
import { refusalText } from '../../staff/refusal-texts';

function FilterForm({ query }: { query: EventsQuery }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // The inputs follow the address (back button, pager) without being drawn anew, so the focus stays where it is.
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    for (const name of ['search', 'status', 'is_online', 'ordering'] as const) {
      const field = fields.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (field) field.value = String(query[name]);
    }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the values, not the query object read anew on every render
  }, [query.search, query.status, query.is_online, query.ordering]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = readEventsQuery(`?${new URLSearchParams(data as unknown as Record<string, string>).toString()}`);
    void navigate(hubPaths.events(queryString(eventsQueryParams({ ...next, page: 1 }))));
  };
  return (
    <form ref={form} className="kfh-filter" role="search" aria-label={texts.filterLabel} onSubmit={submit}>
      <div className="form-field form-field--wide">
        <label className="form-field__label" htmlFor={`${id}-search`}>
          {texts.search}
        </label>
        <input id={`${id}-search`} name="search" type="search" defaultValue={query.search} aria-describedby={`${id}-search-hint`} />
        <p className="form-field__help" id={`${id}-search-hint`}>
          {texts.searchHint}
        </p>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-status`}>
          {texts.status}
        </label>
        <select id={`${id}-status`} name="status" defaultValue={query.status}>
          <option value="">{texts.statusAll}</option>
          {eventStatuses.map((status) => (
            <option key={status} value={status}>
              {texts.statuses[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-online`}>
          {texts.online}
        </label>
        <select id={`${id}-online`} name="is_online" defaultValue={query.is_online}>
          <option value="">{texts.onlineAll}</option>
          <option value="true">{texts.onlineYes}</option>
          <option value="false">{texts.onlineNo}</option>
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-ordering`}>
          {texts.sort}
        </label>
        <select id={`${id}-ordering`} name="ordering" defaultValue={query.ordering}>
          <option value="-start_at">{texts.sortNewest}</option>
          <option value="start_at">{texts.sortOldest}</option>
        </select>
      </div>
      <button type="submit" className="kfe-button">
        {texts.applyFilter}
      </button>
    </form>
  );
}

function Pager({ query, count }: { query: EventsQuery; count: number }) {
  const pages = Math.max(1, Math.ceil(count / EVENTS_PAGE_SIZE));
  if (pages === 1) return null;
  const to = (page: number) => hubPaths.events(queryString(eventsQueryParams({ ...query, page })));
  return (
    <nav className="kfh-pager" aria-label={texts.pagination}>
      {query.page > 1 ? <Link to={to(query.page - 1)}>{texts.previousPage}</Link> : <span className="kfh-pager__off">{texts.previousPage}</span>}
      <span>{texts.pageOf(query.page, pages)}</span>
      {query.page < pages ? <Link to={to(query.page + 1)}>{texts.nextPage}</Link> : <span className="kfh-pager__off">{texts.nextPage}</span>}
    </nav>
  );
}

export function EventsListPage() {
  const { location } = useHub();
  const query = readEventsQuery(location.search);
  const params = { ...eventsQueryParams(query), page_size: EVENTS_PAGE_SIZE };
  const key = queryString(params);
  const [read] = useHubRead(key, (signal) => hubApi.events.list(params, signal));
  const message = flashMessage(location.state);

  // A pager link that is gone on the new page (the last one's "next") leaves the focus nowhere: give it the heading.
  useEffect(() => {
    if (read.state === 'done' && document.activeElement === document.body) focusHeading();
  }, [read]);

  let body: React.ReactNode;
  if (read.state === 'loading') body = <p role="status">{texts.loading}</p>;
  else if (!read.result.ok)
    body = (
      <p className="kfh-message kfh-message--error" role="alert">
        {texts.loadFailed(refusalText(read.result, hubLocale))}
      </p>
    );
  else {
    const { count, results } = read.result.data;
    body = (
      <>
        <p role="status">{texts.resultCount(count)}</p>
        {results.length === 0 ? (
          <p>{texts.noEvents}</p>
        ) : (
          <div className="kfh-table-wrap">
            <table className="kfh-table">
              <caption className="visually-hidden">
                {texts.eventsTitle}, {texts.pageOf(query.page, Math.max(1, Math.ceil(count / EVENTS_PAGE_SIZE)))}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{texts.columnTitle}</th>
                  <th scope="col">{texts.columnStart}</th>
                  <th scope="col">{texts.columnStatus}</th>
                  <th scope="col">{texts.columnOnline}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <Link to={hubPaths.event(row.id)}>{row.title_de || row.title_en || `#${row.id}`}</Link>
                    </th>
                    <td>{formatBerlin(row.start_at)}</td>
                    <td>{texts.statuses[row.status] ?? row.status}</td>
                    <td>{row.is_online ? texts.onlineYes : texts.onlineNo}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager query={query} count={count} />
      </>
    );
  }

  return (
    <>
      <div className="kfh-toolbar">
        <PageHeading title={texts.eventsTitle} />
        <Link className="kfe-button" to={hubPaths.eventNew}>
          {texts.newEvent}
        </Link>
      </div>
      {message && (
        <p className="kfh-message kfh-message--ok" role="status">
          {message}
        </p>
      )}
      <FilterForm query={query} />
      {body}
    </>
  );
}

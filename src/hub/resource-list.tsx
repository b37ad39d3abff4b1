/**
 * One list of a hub section (events, ticket exchange, form entries, newsletter, users, media…): a labelled search
 * form with a search field and filter selects, the result count, a table with a caption, and previous/next links.
 * Paging, searching and filtering happen on the server; the state lives in the address's query (list-state.ts), so
 * the filter form navigates and reload or the back button show the same list.
 */
import { Link, navigate } from 'gatsby';
import React, { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { queryString, type Paged, type PostResult } from './api';
import { useHub } from './hub-context';
import { focusHeading } from './page-heading';
import { texts } from './texts';
import { useHubRead } from './use-hub-read';
import { listCallParams, listStateQuery, pageCount, readListState, type ListFilter, type ListState } from './list-state';
import { refusalText } from '../staff/refusal-texts';
import { hubLanguage } from './hub-language';

export interface Column<T> {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row (a `th scope="row"`), usually the first. */
  rowHeader?: boolean;
}

interface Props<T extends { id: number }> {
  /** The list's name: the table's caption and the search form's label. */
  title: string;
  /** The list's address with a query (`?status=all&page=2`). */
  path: (query: string) => string;
  searchHint: string;
  filters: readonly ListFilter[];
  columns: readonly Column<T>[];
  read: (params: Record<string, string | number | undefined>, signal: AbortSignal) => Promise<PostResult<Paged<T>>>;
  resultCount: (count: number) => string;
  empty: string;
  /** Raised by the page after a change (an action, a delete), so the list is read again. */
  version?: number;
  /** Shown between the search form and the list, e.g. an export link for the filtered list. */
  aside?: (state: ListState) => ReactNode;
}

/** The current list state from the address; a page uses it for what depends on the filter (an export link). */
export function useListState(filters: readonly ListFilter[]): ListState {
  return readListState(useHub().location.search, filters);
}

function FilterForm({ title, state, filters, searchHint, path }: Pick<Props<never>, 'title' | 'filters' | 'searchHint' | 'path'> & { state: ListState }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // The inputs follow the address (back button, pager) without being drawn anew, so the focus stays where it is.
  const shown = JSON.stringify([state.search, state.filters]);
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const values: Record<string, string> = { search: state.search, ...state.filters };
    for (const [name, value] of Object.entries(values)) {
      const field = fields.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (field) field.value = value;
    }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` stands for the search and the filters
  }, [shown]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = readListState(`?${new URLSearchParams(data as unknown as Record<string, string>).toString()}`, filters);
    void navigate(path(queryString(listStateQuery({ ...next, page: 1 }, filters))));
  };
  return (
    <form ref={form} className="kfh-filter" role="search" aria-label={texts.filterListLabel(title)} onSubmit={submit}>
      <div className="form-field form-field--wide">
        <label className="form-field__label" htmlFor={`${id}-search`}>
          {texts.search}
        </label>
        <input id={`${id}-search`} name="search" type="search" defaultValue={state.search} aria-describedby={`${id}-search-hint`} />
        <p className="form-field__help" id={`${id}-search-hint`}>
          {searchHint}
        </p>
      </div>
      {filters.map((filter) => (
        <div className="form-field" key={filter.name}>
          <label className="form-field__label" htmlFor={`${id}-${filter.name}`}>
            {filter.label}
          </label>
          <select id={`${id}-${filter.name}`} name={filter.name} defaultValue={state.filters[filter.name]}>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="kfe-button">
        {texts.applyFilter}
      </button>
    </form>
  );
}

function Pager({ state, count, to }: { state: ListState; count: number; to: (page: number) => string }) {
  const pages = pageCount(count);
  if (pages === 1) return null;
  return (
    <nav className="kfh-pager" aria-label={texts.pagination}>
      {state.page > 1 ? <Link to={to(state.page - 1)}>{texts.previousPage}</Link> : <span className="kfh-pager__off">{texts.previousPage}</span>}
      <span>{texts.pageOf(state.page, pages)}</span>
      {state.page < pages ? <Link to={to(state.page + 1)}>{texts.nextPage}</Link> : <span className="kfh-pager__off">{texts.nextPage}</span>}
    </nav>
  );
}

export function ResourceList<T extends { id: number }>({ title, path, searchHint, filters, columns, read: readPage, resultCount, empty, version = 0, aside }: Props<T>) {
  const state = useListState(filters);
  const params = listCallParams(state, filters);
  const [read] = useHubRead(`${queryString(params)}#${version}`, (signal) => readPage(params, signal));
  const to = (page: number) => path(queryString(listStateQuery({ ...state, page }, filters)));

  // A control that is gone on the new page (the last page's "next", a row's button) leaves the focus nowhere.
  useEffect(() => {
    if (read.state === 'done' && document.activeElement === document.body) focusHeading();
  }, [read]);

  let body: ReactNode;
  if (read.state === 'loading') body = <p role="status">{texts.loading}</p>;
  else if (!read.result.ok && read.result.status === 404 && state.page > 1)
    // E.g. the last row of the last page was deleted.
    body = (
      <p>
        {texts.pageGone} <Link to={to(1)}>{texts.toFirstPage}</Link>
      </p>
    );
  else if (!read.result.ok)
    body = (
      <p className="kfh-message kfh-message--error" role="alert">
        {texts.loadFailed(refusalText(read.result, hubLanguage()))}
      </p>
    );
  else {
    const { count, results } = read.result.data;
    body = (
      <>
        <p role="status">{resultCount(count)}</p>
        {results.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <div className="kfh-table-wrap">
            <table className="kfh-table">
              <caption className="visually-hidden">
                {title}, {texts.pageOf(state.page, pageCount(count))}
              </caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th scope="col" key={column.key}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {results.map((row) => (
                  <tr key={row.id}>
                    {columns.map((column) =>
                      column.rowHeader ? (
                        <th scope="row" key={column.key}>
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td key={column.key}>{column.cell(row)}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager state={state} count={count} to={to} />
      </>
    );
  }

  return (
    <>
      <FilterForm title={title} state={state} filters={filters} searchHint={searchHint} path={path} />
      {aside?.(state)}
      {body}
    </>
  );
}

/**
 * What a section's page says after an action: a polite live region that is always there (so the news is read
 * out when it arrives), and a refusal as an alert.
 */
export function ActionMessages({ ok, error }: { ok?: string; error?: string }) {
  return (
    <>
      <p className={ok ? 'kfh-message kfh-message--ok' : 'visually-hidden'} role="status">
        {ok}
      </p>
      {error && (
        <p className="kfh-message kfh-message--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * The state of a hub list (search, filters, page) kept in the address's query, so reload,
 * the back button and a shared link show the same page. Without React, so it is tested on its own.
 */
export const LIST_PAGE_SIZE = 20;

/** The option that lifts a filter whose default narrows the list (e.g. ticket ads default to pending ones). */
export const ALL = 'all';

export interface ListFilter {
  /** The query parameter, in the address and in the list call. */
  name: string;
  label: string;
  /** Every choice; `''` or `all` stands for "no filter". */
  options: readonly { value: string; label: string }[];
  /** Used when the address names none; `''` unless given. */
  defaultValue?: string;
}

/** A yes/no column's filter (`?is_online=true`): both, yes or no, in the section's words. */
export function yesNoFilter(name: string, label: string, words: { all: string; yes: string; no: string }): ListFilter {
  return {
    name,
    label,
    options: [
      { value: '', label: words.all },
      { value: 'true', label: words.yes },
      { value: 'false', label: words.no },
    ],
  };
}

export interface ListState {
  search: string;
  page: number;
  filters: Record<string, string>;
}

const defaultOf = (filter: ListFilter) => filter.defaultValue ?? '';

export function readListState(search: string, filters: readonly ListFilter[]): ListState {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  return {
    search: (query.get('search') ?? '').trim(),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    filters: Object.fromEntries(
      filters.map((filter) => {
        const value = query.get(filter.name);
        return [filter.name, value !== null && filter.options.some((option) => option.value === value) ? value : defaultOf(filter)];
      }),
    ),
  };
}

/** The address's query for a state: defaults left out, so the plain list has none. */
export function listStateQuery(state: ListState, filters: readonly ListFilter[]): Record<string, string | number | undefined> {
  const params: Record<string, string | number | undefined> = { search: state.search || undefined };
  for (const filter of filters) {
    const value = state.filters[filter.name] ?? defaultOf(filter);
    params[filter.name] = value === defaultOf(filter) ? undefined : value;
  }
  params.page = state.page > 1 ? state.page : undefined;
  return params;
}

/** The list call's parameters: "no filter" sent as nothing, the page size always. */
export function listCallParams(state: ListState, filters: readonly ListFilter[]): Record<string, string | number | undefined> {
  const params: Record<string, string | number | undefined> = { search: state.search || undefined };
  for (const filter of filters) {
    const value = state.filters[filter.name] ?? defaultOf(filter);
    params[filter.name] = value === '' || value === ALL ? undefined : value;
  }
  return { ...params, page: state.page > 1 ? state.page : undefined, page_size: LIST_PAGE_SIZE };
}

export const pageCount = (count: number) => Math.max(1, Math.ceil(count / LIST_PAGE_SIZE));

/**
 * The events list's search form (`/cms-hub/events?search=…&status=…&is_online=…&ordering=…&page=2`): the filters the
 * generic list (../resource-list.tsx) draws and keeps in the address, and the query read as the events list's own
 * state, checked, with the sort order as one more filter whose default is the server's (latest start first).
 */
import { listStateQuery, readListState, yesNoFilter, type ListFilter } from '../list-state';
import { texts } from '../texts';
import { eventStatuses } from './event-values';

export const orderings = ['-start_at', 'start_at'] as const;

export const eventFilters = (): readonly ListFilter[] => [
  { name: 'status', label: texts.status, options: [{ value: '', label: texts.statusAll }, ...eventStatuses.map((status) => ({ value: status, label: texts.statuses[status] }))] },
  yesNoFilter('is_online', texts.online, { all: texts.onlineAll, yes: texts.onlineYes, no: texts.onlineNo }),
  {
    name: 'ordering',
    label: texts.sort,
    options: [
      { value: '-start_at', label: texts.sortNewest },
      { value: 'start_at', label: texts.sortOldest },
    ],
    defaultValue: '-start_at',
  },
];

export interface EventsQuery {
  search: string;
  status: string;
  /** `true`, `false` or empty for both. */
  is_online: string;
  ordering: (typeof orderings)[number];
  page: number;
}

export function readEventsQuery(search: string): EventsQuery {
  const { search: text, page, filters } = readListState(search, eventFilters());
  return { search: text, status: filters.status, is_online: filters.is_online, ordering: filters.ordering as EventsQuery['ordering'], page };
}

/** The address's query for a state: defaults left out, so the plain list is `/cms-hub/events`. */
export function eventsQueryParams(query: EventsQuery): Record<string, string | number | undefined> {
  const { search, page, ...filters } = query;
  return listStateQuery({ search, page, filters }, eventFilters());
}

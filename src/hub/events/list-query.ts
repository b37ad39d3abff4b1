/**
 * The events list's state lives in the address (`/cms-hub/events?search=…&status=…&page=2`), so reload, the back
 * button and a shared link show the same page. Read here from the query, checked, and turned into the list call's
 * parameters.
 */
import { eventStatuses } from './event-values';

export const EVENTS_PAGE_SIZE = 20;
export const orderings = ['-start_at', 'start_at'] as const;

export interface EventsQuery {
  search: string;
  status: string;
  /** `true`, `false` or empty for both. */
  is_online: string;
  ordering: (typeof orderings)[number];
  page: number;
}

export function readEventsQuery(search: string): EventsQuery {
  const query = new URLSearchParams(search);
  const status = query.get('status') ?? '';
  const online = query.get('is_online') ?? '';
  const ordering = query.get('ordering') ?? '';
  const page = Number(query.get('page'));
  return {
    search: (query.get('search') ?? '').trim(),
    status: (eventStatuses as readonly string[]).includes(status) ? status : '',
    is_online: online === 'true' || online === 'false' ? online : '',
    ordering: (orderings as readonly string[]).includes(ordering) ? (ordering as EventsQuery['ordering']) : '-start_at',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address's query for a state: defaults left out, so the plain list is `/cms-hub/events`. */
export function eventsQueryParams(query: EventsQuery): Record<string, string | number | undefined> {
  return {
    search: query.search || undefined,
    status: query.status || undefined,
    is_online: query.is_online || undefined,
    ordering: query.ordering === '-start_at' ? undefined : query.ordering,
    page: query.page > 1 ? query.page : undefined,
  };
}

/**
 * The hub's calls (ADR 016), all under `/de/pageeditor-api/` through the site's one fetch helper: reads with
 * credentials, writes with the CSRF header (a stale token renewed once). Every answer is a `PostResult`, so a page
 * handles a 404 and a field error alike; a 401 brings the login form back (src/staff/staff-api.ts), except for the
 * session's own calls, whose 401 is the answer they ask for.
 */
import type { EventInput } from '../../contract/schemas/programme-input';
import type { StaffUserAnswer } from '../../contract/schemas/auth';
import type { PublishStatusBody } from '../../contract/schemas/publish';
import { createSessionApi } from '../staff/session-api';
import type { CmsHubBody } from '../../contract/hub/dashboard';
import type { ErrorGroup } from '../../contract/error-reports';
import type { Paged } from '../../contract/hub/paged';
import type { EventRow, VenueRow } from '../../contract/hub/rows';
import type { EventRecord as EventAnswer } from '../../contract/hub/records';
import type { ScheduleFields } from '../../contract/hub/paged';
import type { EventSubscriptions } from '../../contract/hub/event-subscriptions';
import type { HubSearch } from '../../contract/hub/search';
import { getJson, postJson, sendJson, type PostResult } from '../staff/staff-api';

export type { PostResult };
export type { Paged, EventRow, VenueRow };
/** The dashboard (`GET cms-hub/`): its schema is the server's answer. */
export type Dashboard = CmsHubBody;
export type { ErrorGroup };
export type HubUser = StaffUserAnswer;

/** The hub's language: its calls ask for German titles and messages where the server has them. */
export const hubLocale = 'de';
const base = `/${hubLocale}/pageeditor-api`;

/** Where saves are on their way to the live site (`GET publish/`, ADR 013). */
export type PublishStatus = PublishStatusBody;

/** An event as the server answers it: the input shape as read back, with its schedule (`withSchedule`). */
export type EventRecord = EventAnswer & ScheduleFields;

/** `?search=…&status=…` from the given parameters, leaving out empty ones. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

const resource = (key: string) => `${base}/hub/${key}/`;

export const hubApi = {
  ...createSessionApi(hubLocale),
  dashboard: (signal?: AbortSignal) => getJson<Dashboard>(`${base}/cms-hub/`, { signal }),
  /** Marks an error group resolved (ADR 057; administrators only): the group as it is now. */
  resolveError: (id: string) => postJson<ErrorGroup>(`${base}/cms-hub/errors/${encodeURIComponent(id)}/resolve/`, {}),
  events: {
    list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) =>
      getJson<Paged<EventRow>>(`${resource('events')}${queryString(params)}`, { signal }),
    read: (id: number, signal?: AbortSignal) => getJson<EventRecord>(`${resource('events')}${id}/`, { signal }),
    create: (body: Partial<EventInput>) => postJson<EventRecord>(resource('events'), body),
    update: (id: number, body: Partial<EventInput>) => postJson<EventRecord>(`${resource('events')}${id}/`, body),
    remove: (id: number) => sendJson<null>('DELETE', `${resource('events')}${id}/`),
    /** The subscription series that list the event, for its delete question (ADR 060). */
    subscriptions: (id: number) => getJson<EventSubscriptions>(`${resource('events')}${id}/subscriptions/`),
  },
  venues: {
    /** Every venue for a select (the server's largest page; a society has a handful). */
    all: (signal?: AbortSignal) => getJson<Paged<VenueRow>>(`${resource('venues')}${queryString({ page_size: 100, ordering: 'name_de' })}`, { signal }),
  },
  publish: (signal?: AbortSignal) => getJson<PublishStatus>(`${base}/publish/`, { signal }),
  /** The one search over the sections the account opens (ADR 089). */
  search: (text: string, signal?: AbortSignal) => getJson<HubSearch>(`${base}/hub/search/${queryString({ q: text })}`, { signal }),
};

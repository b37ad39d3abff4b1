/**
 * The hub's calls (issue 7), all under `/de/pageeditor-api/` through the site's one fetch helper: reads with
 * credentials, writes with the CSRF header (a stale token renewed once). Every answer is a `PostResult`, so a page
 * handles a 404 and a field error alike; a 401 brings the login form back (src/staff/staff-api.ts), except for the
 * session's own calls, whose 401 is the answer they ask for.
 */
import type { EventInput } from '../../contract/schemas/programme-input';
import type { StaffUserAnswer } from '../../contract/schemas/auth';
import type { Paged } from '../../contract/schemas/programme';
import type { PublishStatusBody } from '../../contract/schemas/publish';
import type { RunSaves } from '../../contract/save-descriptions';
import { createSessionApi } from '../staff/session-api';
import { getJson, postJson, sendJson, type PostResult } from '../staff/staff-api';

export type { PostResult };
export type HubUser = StaffUserAnswer;

/** The hub's language: its calls ask for German titles and messages where the server has them. */
export const hubLocale = 'de';
const base = `/${hubLocale}/pageeditor-api`;

/** A page of a hub list: the same shape as the site's lists (ADR 006). */
export type { Paged };

/** A row of the events list (server/src/hub/definitions.ts `events.list.columns`). */
export interface EventRow {
  id: number;
  title_de: string;
  title_en: string;
  slug_de: string;
  start_at: string;
  status: string;
  is_online: boolean | number;
  updated_at: string;
}

/** A row of the venues list (server/src/hub/resources/venues.ts `list.columns`). */
export interface VenueRow {
  id: number;
  name_de: string;
  name_en: string;
  address: string;
  city: string;
}

/** Where saves are on their way to the live site (`GET publish/`, ADR 013). */
export type PublishStatus = PublishStatusBody;

/** An event as its change page edits it (the create/patch input shape). */
export type EventRecord = EventInput & { id: number };

/**
 * The dashboard (`GET cms-hub/`), typed loosely on purpose: the call is new, and the page shows what arrives.
 */
export interface Dashboard {
  recent_changes?: { seq: number; entity: string; id: string; op: string; title: string | null; at: string; by: string | null }[];
  publish?: {
    mode?: string;
    state?: string;
    saved_seq?: number;
    live_seq?: number | null;
    /** `saves`: what the newest save did, as data (contract/save-descriptions.ts); null for older runs. */
    runs?: { id: number; trigger_title: string; saves?: RunSaves | null; status: string; started_at: string; finished_at: string | null; duration_ms: number | null; pages_rewritten: number | null; error: string | null; deploy_state?: string | null }[];
  };
  pending_ticket_ads?: { pending?: number; confirmed?: number };
  form_entries?: { form_id: number; slug: string; title: string; last_7_days: number; total: number }[];
  newsletter?: Record<string, number>;
}

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
  events: {
    list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) =>
      getJson<Paged<EventRow>>(`${resource('events')}${queryString(params)}`, { signal }),
    read: (id: number, signal?: AbortSignal) => getJson<EventRecord>(`${resource('events')}${id}/`, { signal }),
    create: (body: Partial<EventInput>) => postJson<EventRecord>(resource('events'), body),
    update: (id: number, body: Partial<EventInput>) => postJson<EventRecord>(`${resource('events')}${id}/`, body),
    remove: (id: number) => sendJson<null>('DELETE', `${resource('events')}${id}/`),
  },
  venues: {
    /** Every venue for a select (the server's largest page; a society has a handful). */
    all: (signal?: AbortSignal) => getJson<Paged<VenueRow>>(`${resource('venues')}${queryString({ page_size: 100, ordering: 'name_de' })}`, { signal }),
  },
  publish: (signal?: AbortSignal) => getJson<PublishStatus>(`${base}/publish/`, { signal }),
};

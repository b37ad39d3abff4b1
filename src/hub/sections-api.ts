/**
 * The calls of the ticket exchange, form entries and newsletter sections (issue 7), the resource factory's
 * (server/src/hub/resource.ts) answers typed as their definitions in server/src/hub/resources/ make them. Beside
 * `hubApi` rather than in it, so each section's shapes stay with the sections.
 */
import { getJson, postJson, sendJson } from '../staff/staff-api';
import { hubLocale, queryString, type Paged } from './api';

export type ListParams = Record<string, string | number | undefined>;

const resource = (key: string) => `/${hubLocale}/pageeditor-api/hub/${key}/`;

/** A row of the ticket ads list (`ticketAds.list.columns`). */
export interface TicketAdRow {
  id: number;
  event_id: number;
  kind: string;
  status: string;
  quantity: number;
  price_cents: number;
  name: string;
  email: string;
  created_at: string;
  confirmed_at: string | null;
}

/** One ticket ad in full, token hashes left out by the server. */
export interface TicketAd extends TicketAdRow {
  price_category: number | null;
  category_label_de: string | null;
  category_label_en: string | null;
  face_value_cents: number | null;
  message: string | null;
  locale: string;
  confirm_expires_at: string | null;
  withdrawn_at: string | null;
  expired_at: string | null;
}

export type TicketAdAction = 'approve' | 'withdraw';

export interface FormEntryRow {
  id: number;
  form_id: number;
  locale: string;
  created_at: string;
  summary: string;
}

export interface FormEntry {
  id: number;
  form_id: number;
  form: { slug: string; title: string };
  locale: string;
  created_at: string;
  values: { slug: string; label: string; text: string }[];
  files: { id: string; name: string; size: number; mime: string }[];
}

export interface SubscriberRow {
  id: number;
  email: string;
  status: string;
  locale: string;
  signed_up_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

const list =
  <T,>(key: string) =>
  (params: ListParams, signal?: AbortSignal) =>
    getJson<Paged<T>>(`${resource(key)}${queryString(params)}`, { signal });

export const sectionsApi = {
  ticketAds: {
    list: list<TicketAdRow>('ticket-ads'),
    read: (id: number, signal?: AbortSignal) => getJson<TicketAd>(`${resource('ticket-ads')}${id}/`, { signal }),
    act: (id: number, action: TicketAdAction) => postJson<TicketAd>(`${resource('ticket-ads')}${id}/${action}/`, {}),
  },
  formEntries: {
    list: list<FormEntryRow>('form-entries'),
    read: (id: number, signal?: AbortSignal) => getJson<FormEntry>(`${resource('form-entries')}${id}/`, { signal }),
    remove: (id: number) => sendJson<null>('DELETE', `${resource('form-entries')}${id}/`),
    /** The form's entries as a CSV download (server/src/hub/csv-exports.ts); the session cookie goes along. */
    exportUrl: (formId: number) => `${resource('form-entries')}export.csv${queryString({ form_id: formId })}`,
  },
  newsletter: {
    list: list<SubscriberRow>('newsletter'),
    remove: (id: number) => sendJson<null>('DELETE', `${resource('newsletter')}${id}/`),
    /** Subscribers with their proof of consent as CSV, narrowed to one status when given. */
    exportUrl: (status?: string) => `${resource('newsletter')}export.csv${queryString({ status })}`,
  },
};

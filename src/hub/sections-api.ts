/**
 * The calls of the ticket exchange, form entries and newsletter sections (ADR 016), the resource factory's
 * (server/src/hub/resource.ts) answers typed by their schemas in contract/hub/. Beside
 * `hubApi` rather than in it, so each section's shapes stay with the sections.
 */
import { getJson, postJson, sendJson } from '../staff/staff-api';
import { hubLocale, queryString, type Paged } from './api';
import type { FormEntryRecord, TicketAdAction, TicketAdRecord } from '../../contract/hub/records';
import type { FormEntryRow, SubscriberRow, TicketAdRow } from '../../contract/hub/rows';

export type ListParams = Record<string, string | number | undefined>;

const resource = (key: string) => `/${hubLocale}/pageeditor-api/hub/${key}/`;

export type { TicketAdRow, FormEntryRow, SubscriberRow };
/** One ticket ad in full, token hashes left out by the server. */
export type TicketAd = TicketAdRecord;
export type FormEntry = FormEntryRecord;
export type { TicketAdAction };

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
    /** One of the entry's files as a download (server/src/hub/routes/form-entry-file-routes.ts). */
    fileUrl: (entryId: number, fileId: string) => `${resource('form-entries')}${entryId}/files/${encodeURIComponent(fileId)}/`,
  },
  newsletter: {
    list: list<SubscriberRow>('newsletter'),
    remove: (id: number) => sendJson<null>('DELETE', `${resource('newsletter')}${id}/`),
    /** Subscribers with their proof of consent as CSV, narrowed to one status when given. */
    exportUrl: (status?: string) => `${resource('newsletter')}export.csv${queryString({ status })}`,
  },
};

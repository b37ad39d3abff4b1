import type { NewTicketAdRow } from '../db/tables/ticket-ad.table';

let serial = 0;

/** A token hash no other test row has: 64 hex digits, as the exchange stores them. */
export const uniqueTokenHash = () => (serial += 1).toString(16).padStart(64, '0');

/**
 * A pending ad of `eventId` as the exchange stores it (two tickets of the first category at its face value, placed by
 * Clara Wieck), with token hashes of its own; `patch` changes what a test is about.
 */
export const ticketAdRow = (eventId: number, createdAt: string, patch: Partial<NewTicketAdRow> = {}): NewTicketAdRow => ({
  event_id: eventId,
  kind: 'offer',
  quantity: 2,
  price_category: 0,
  category_label_de: 'Kategorie I',
  category_label_en: 'Category I',
  face_value_cents: 4500,
  price_cents: 4500,
  name: 'Clara Wieck',
  email: 'clara@example.org',
  locale: 'de',
  confirm_token_hash: uniqueTokenHash(),
  confirm_expires_at: '2026-11-25T10:00:00.000Z',
  withdraw_token_hash: uniqueTokenHash(),
  created_at: createdAt,
  confirmed_at: null,
  withdrawn_at: null,
  expired_at: null,
  ...patch,
});

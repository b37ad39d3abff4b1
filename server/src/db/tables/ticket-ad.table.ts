import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

export type TicketAdKind = 'offer' | 'search';

/**
 * pending (placed, waiting for its confirmation link) → confirmed (listed) → withdrawn (by its link) or expired
 * (its event began, was cancelled or taken offline). A pending ad can be withdrawn too. ADR 012.
 */
export type TicketAdStatus = 'pending' | 'confirmed' | 'withdrawn' | 'expired';

/**
 * An ad of the ticket exchange. Not content: never synced; its going on or off the exchange is logged as a change
 * (`ticket_ad`), so the site is rebuilt with the exchange's ads as built HTML (ADR 074). `name` and `email` are the
 * placer's and never leave the server (visitors see the first name only and write through the contact call).
 * Tokens are kept as SHA-256 hashes; the tokens themselves exist only in the mail. The price category is
 * snapshotted (position, labels, face value) when the ad is placed.
 */
export interface TicketAdTable {
  id: Generated<number>;
  event_id: number;
  kind: TicketAdKind;
  quantity: number;
  /** Position of the category in the event's `price_categories` when the ad was placed. */
  price_category: number;
  category_label_de: string;
  category_label_en: string;
  /** The category's price when the ad was placed, euro cents; the ceiling of `price_cents`. */
  face_value_cents: number;
  /** Per ticket, euro cents; null for a search that names no price. */
  price_cents: number | null;
  message: Generated<string>;
  name: string;
  email: string;
  /** The language the ad was placed in: its mails and links use it. */
  locale: Locale;
  status: Generated<TicketAdStatus>;
  confirm_token_hash: string;
  confirm_expires_at: string;
  withdraw_token_hash: string;
  created_at: string;
  confirmed_at: string | null;
  withdrawn_at: string | null;
  expired_at: string | null;
}
export type TicketAdRow = Selectable<TicketAdTable>;
export type NewTicketAdRow = Insertable<TicketAdTable>;
export type TicketAdRowUpdate = Updateable<TicketAdTable>;

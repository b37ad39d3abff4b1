import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A concert hall or church where events take place; the name is per language, the address is not. */
export interface VenueTable {
  id: Generated<number>;
  name_de: string;
  name_en: string;
  address: string;
  city: string;
  created_at: string;
  updated_at: string;
}
export type VenueRow = Selectable<VenueTable>;
export type NewVenueRow = Insertable<VenueTable>;
export type VenueRowUpdate = Updateable<VenueTable>;

export type EventStatus = 'scheduled' | 'cancelled' | 'postponed' | 'sold_out';

/**
 * A concert in both languages. Times are UTC ISO instants (`2026-11-28T18:30:00.000Z`, always that format so
 * text order is time order), shown in Europe/Berlin. The lists are JSON text:
 * `performers` `[{ name, role_de, role_en }]`, `works` `[{ composer, title_de, title_en }]`,
 * `price_categories` `[{ label_de, label_en, amount_cents }]`. The description lives in containers
 * (`content_type` `event`, `object_id` = id).
 */
export interface EventTable {
  id: Generated<number>;
  slug_de: string;
  slug_en: string;
  title_de: string;
  title_en: string;
  subtitle_de: string;
  subtitle_en: string;
  start_at: string;
  end_at: string | null;
  venue_id: number | null;
  performers: string;
  works: string;
  image_id: number | null;
  ticket_url: string;
  price_categories: string;
  status: EventStatus;
  /** The new date of a postponed event, when known; null otherwise. */
  postponed_to: string | null;
  is_online: number;
  created_at: string;
  updated_at: string;
}
export type EventRow = Selectable<EventTable>;
export type NewEventRow = Insertable<EventTable>;
export type EventRowUpdate = Updateable<EventTable>;

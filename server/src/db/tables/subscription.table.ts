import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * A subscription series (Abonnement) in both languages: a season's set of events sold together.
 * `price_categories` is JSON `[{ label_de, label_en, amount_cents }]`; the description lives in containers
 * (`content_type` `subscription`).
 */
export interface SubscriptionTable {
  id: Generated<number>;
  slug_de: string;
  slug_en: string;
  title_de: string;
  title_en: string;
  subtitle_de: string;
  subtitle_en: string;
  teaser_de: string;
  teaser_en: string;
  /** The season, e.g. `2026/27`. */
  season: string;
  image_id: number | null;
  price_categories: string;
  is_online: number;
  position: number;
  created_at: string;
  updated_at: string;
}
export type SubscriptionRow = Selectable<SubscriptionTable>;
export type NewSubscriptionRow = Insertable<SubscriptionTable>;
export type SubscriptionRowUpdate = Updateable<SubscriptionTable>;

/** An event's place in a subscription series (positions 0..n-1 per subscription). */
export interface SubscriptionEventTable {
  subscription_id: number;
  event_id: number;
  position: number;
}
export type SubscriptionEventRow = Selectable<SubscriptionEventTable>;

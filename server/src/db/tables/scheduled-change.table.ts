import type { Generated, Insertable, Selectable } from 'kysely';

export type ScheduledEntity = 'page' | 'event' | 'article';
export type ScheduledAction = 'online' | 'offline';

/**
 * A page, event or article going online or offline at a set time (ADR 035); at most one row per record and
 * action. Rows go when they are applied; one whose apply failed keeps its `error` and is no longer due.
 */
export interface ScheduledChangeTable {
  id: Generated<number>;
  entity: ScheduledEntity;
  entity_id: number;
  action: ScheduledAction;
  /** UTC instant, `2026-11-28T18:30:00.000Z` (always that format, so text order is time order). */
  due_at: string;
  /** The staff account that set it; null for one set without an author (scripts) or a removed account. */
  created_by: number | null;
  created_at: string;
  error: string | null;
}
export type ScheduledChangeRow = Selectable<ScheduledChangeTable>;
export type NewScheduledChangeRow = Insertable<ScheduledChangeTable>;

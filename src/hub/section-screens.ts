/**
 * What a hub section offers the router (./routes.ts), apart from the table that lists the sections (./screens.ts),
 * so a section's own screen list (e.g. forms/forms-screens.ts) can be typed without importing that table back.
 */
import type { ComponentType } from 'react';

export interface SectionScreens {
  /** `/cms-hub/{key}`: the list (or the only screen, e.g. settings). */
  list: ComponentType;
  /** `/cms-hub/{key}/new`. */
  create?: ComponentType;
  /** `/cms-hub/{key}/{id}`: the record's change page. */
  record?: ComponentType<{ id: number }>;
  /** `/cms-hub/{key}/{id}/{view}`: further pages of one record, e.g. a page's versions. */
  views?: Record<string, ComponentType<{ id: number }>>;
}

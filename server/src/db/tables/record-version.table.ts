import type { Generated, Selectable } from 'kysely';
import type { ContainerRow, ModuleRow } from './container.table';

/** The owners whose sections `record_version` keeps: the programme's and the magazine's records (ADR 059). */
export const recordOwners = ['event', 'subscription', 'article'] as const;
export type RecordOwner = (typeof recordOwners)[number];

/** A snapshot of a record's sections after a write, as `page_version` keeps one of a page (ADR 031, ADR 059). */
export interface RecordVersionTable {
  id: Generated<number>;
  content_type: RecordOwner;
  object_id: number;
  created_at: string;
  /** The last save the version holds when a burst of saves became one version; null while it holds one. */
  updated_at: Generated<string | null>;
  /** The staff user whose save recorded it; null for writes without one (seed, sync) or a removed account. */
  created_by: Generated<number | null>;
  /** JSON of a RecordBundle (below). */
  snapshot: string;
  /** JSON of the changes the version holds (schemas/version-summary.ts). */
  summary: Generated<string>;
  /** The change-log seq when the version began: a publish run up to this seq made it (or a later one) live. */
  seq: Generated<number | null>;
}
export type RecordVersionRow = Selectable<RecordVersionTable>;

/** A record's sections in both languages with their modules, as stored: the unit a record version keeps. */
export interface RecordBundle {
  containers: (ContainerRow & { modules: ModuleRow[] })[];
}

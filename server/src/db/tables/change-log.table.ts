import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * What changed, in commit order: the changes feed reads it to answer "what changed since seq N".
 * `entity` names what `entity_id` points to (see repositories/change-log.ts for the kinds).
 */
export interface ChangeLogTable {
  seq: Generated<number>;
  entity: string;
  entity_id: string;
  op: 'upsert' | 'delete';
  at: string;
  /** The staff account whose write this records; null for the seed, the sync, scripts and removed accounts. */
  changed_by: Generated<number | null>;
}
export type ChangeLogRow = Selectable<ChangeLogTable>;
export type NewChangeLogRow = Insertable<ChangeLogTable>;

/** Small key/value facts about the database: `epoch` (its random identity) and `min_seq` (after compaction). */
export interface MetaTable {
  key: string;
  value: string;
}
export type MetaRow = Selectable<MetaTable>;

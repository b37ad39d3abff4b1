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

/**
 * What a change-log row points to. Besides the synced record kinds, two fan-out kinds keep the log small when one
 * write changes many pages' data: `page_children` (the children of a page that list their siblings) and
 * `page_subtree` (every descendant, e.g. their breadcrumbs and paths). `media` is recorded for completeness.
 * Programme records (`event`, `subscription`, `article`, `article_category`) are logged by id, each record whose
 * data a write changes (the events of a renamed series, the articles of a renamed category) with its own row.
 * `form` is logged when a form is created, changed or deleted: the build makes the online forms' addresses.
 * `ticket_ad` is logged when an ad goes on or off the exchange (confirmed, withdrawn, expired): the feed sends no
 * ads, but the build renders the exchange's ads as the exchange call lists them, so the publish queue must see a
 * change to rebuild (ADR 074).
 */
export type ChangeEntity =
  | 'page'
  | 'page_children'
  | 'page_subtree'
  | 'container'
  | 'nav'
  | 'settings'
  | 'redirect'
  | 'hero'
  | 'media'
  | 'event'
  | 'subscription'
  | 'article'
  | 'article_category'
  | 'form'
  | 'ticket_ad';

export interface Change {
  entity: ChangeEntity;
  /** Record ids, locales for nav/settings/hero, `root` for the children of no page. */
  id: string | number;
  op?: 'upsert' | 'delete';
}

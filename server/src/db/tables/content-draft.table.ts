import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';
import type { DraftOwnerType } from '../../../../contract/schemas/drafts';

/**
 * A page's, event's, subscription's or article's sections in one language kept unpublished (ADR 085). The draft's
 * sections are `container` rows owned by it (`content_type = 'draft'`, `object_id` = this id); at most one draft per
 * owner and language.
 */
export interface ContentDraftTable {
  id: Generated<number>;
  content_type: DraftOwnerType;
  object_id: number;
  locale: Locale;
  /** The staff account that started it; null for a removed account. */
  created_by: number | null;
  created_at: string;
  /** The staff account of the last write to it. */
  updated_by: number | null;
  updated_at: string;
  /** A planned publish: UTC instant, `2026-12-01T18:00:00.000Z`; null when none is planned. */
  publish_at: string | null;
}
export type ContentDraftRow = Selectable<ContentDraftTable>;
export type NewContentDraftRow = Insertable<ContentDraftTable>;

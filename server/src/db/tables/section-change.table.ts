import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

/**
 * When staff last changed an owner's sections in one language (ADR 083): the side whose change is earlier than the
 * other language's is the older one. Content history, like the change log: kept by backups and staging copies.
 */
export interface SectionChangeTable {
  /** The owner's kind: `page`, `event`, `subscription` or `article`. */
  content_type: 'page' | 'event' | 'subscription' | 'article';
  object_id: number;
  locale: Locale;
  changed_at: string;
  /** The staff account that made the change; null once that account is removed. */
  changed_by: number | null;
  /**
   * 1 when the change was made to the older side (or was a copy from the other language): it caught up with the other
   * language, so it leaves the other side no older; 0 for a change of its own.
   */
  caught_up: Generated<number>;
}
export type SectionChangeRow = Selectable<SectionChangeTable>;
export type NewSectionChangeRow = Insertable<SectionChangeTable>;

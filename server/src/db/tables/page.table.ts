import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ContainerRow, ModuleRow } from './container.table';
import type { HeroRow } from './hero.table';
import type { Locale } from '../../../../contract/locales';

/** A node of the page tree. Flags are integers 0/1 so SQLite and PostgreSQL behave alike. */
export interface PageTable {
  id: Generated<number>;
  parent_id: number | null;
  position: number;
  content_type: 'content' | 'home';
  is_online: number;
  is_clickable: number;
  in_menu: number;
  in_footer: number;
  has_tab_navigation: number;
  /** ISO 8601 timestamps, stored as text on both dialects. */
  created_at: string;
  updated_at: string;
}
export type PageRow = Selectable<PageTable>;
export type NewPageRow = Insertable<PageTable>;
export type PageRowUpdate = Updateable<PageTable>;

/** A page's texts and address in one language. `path` is the full path with locale prefix, unique. */
export interface PageTranslationTable {
  id: Generated<number>;
  page_id: number;
  locale: Locale;
  slug: string;
  path: string;
  title: string;
  headline: string;
  meta_title: string;
  meta_description: string;
  og_title: string;
  og_description: string;
  og_image_id: number | null;
  og_type: string;
  created_at: string;
  updated_at: string;
}
export type PageTranslationRow = Selectable<PageTranslationTable>;
export type NewPageTranslationRow = Insertable<PageTranslationTable>;
export type PageTranslationRowUpdate = Updateable<PageTranslationTable>;

/** A snapshot of a page and its content after a write, for version previews by staff. */
export interface PageVersionTable {
  id: Generated<number>;
  page_id: number;
  created_at: string;
  /** The staff user whose save recorded it; null for writes without one (seed, sync) or a removed account. */
  created_by: Generated<number | null>;
  /** JSON of a PageBundle (below). */
  snapshot: string;
  /** JSON of the changes the version holds (schemas/version-summary.ts); `[]` for versions from before ADR 031. */
  summary: Generated<string>;
  /** The last save the version holds when a burst of saves became one version; null while it holds one. */
  updated_at: Generated<string | null>;
  /** The change-log seq when the version began: a publish run up to this seq made it (or a later one) live. */
  seq: Generated<number | null>;
}
export type PageVersionRow = Selectable<PageVersionTable>;
export type NewPageVersionRow = Insertable<PageVersionTable>;

/**
 * A page with everything it shows, as stored: the unit of a version snapshot (`page_version.snapshot` holds one as
 * JSON; repositories/page-versions.ts writes and reads them).
 */
export interface PageBundle {
  page: PageRow;
  translations: PageTranslationRow[];
  heroes: HeroRow[];
  containers: (ContainerRow & { modules: ModuleRow[] })[];
}

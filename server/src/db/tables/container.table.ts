import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

/**
 * A row of content with a layout, owned by an object (`content_type` + `object_id`, e.g. a page) in one
 * language. `parent` is the owner's section key, e.g. `page-3-de`.
 */
export interface ContainerTable {
  id: Generated<number>;
  slug: string;
  parent: string;
  content_type: string;
  object_id: number;
  locale: Locale;
  position: number;
  layout: number;
  /**
   * Raised by every write to the container or its modules, in the write's transaction: an editor's save names the
   * version it was based on and is refused when another save came in between (ADR 013).
   */
  version: Generated<number>;
  /** The staff user who made the last write, null for writes by no one logged in (seed, sync) or a removed account. */
  updated_by: Generated<number | null>;
  created_at: string;
  updated_at: string;
}
export type ContainerRow = Selectable<ContainerTable>;
export type NewContainerRow = Insertable<ContainerTable>;
export type ContainerRowUpdate = Updateable<ContainerTable>;

/** A module inside a container column. `data` is JSON of the type's fields, media stored as ids. */
export interface ModuleTable {
  id: Generated<number>;
  container_id: number;
  column: number;
  position: number;
  type: string;
  anchor: string;
  data: string;
  created_at: string;
  updated_at: string;
}
export type ModuleRow = Selectable<ModuleTable>;
export type NewModuleRow = Insertable<ModuleTable>;
export type ModuleRowUpdate = Updateable<ModuleTable>;

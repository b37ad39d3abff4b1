import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

export type MenuName = 'main' | 'footer';

/** One entry of a locale's main menu (a tree through parent_id) or footer (flat). */
export interface NavItemTable {
  id: Generated<number>;
  locale: Locale;
  menu: MenuName;
  parent_id: number | null;
  position: number;
  title: string;
  url: string;
  is_highlight: number;
  in_burger_menu: number;
  external: number;
}
export type NavItemRow = Selectable<NavItemTable>;
export type NewNavItemRow = Insertable<NavItemTable>;
export type NavItemRowUpdate = Updateable<NavItemTable>;

import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

/** The large opening block of a page in one language (the home page's is the site hero). */
export interface HeroTable {
  id: Generated<number>;
  locale: Locale;
  page_id: number;
  headline: string;
  text: string;
  link: string;
  link_text: string;
  image_id: number | null;
  video: string;
  updated_at: string;
}
export type HeroRow = Selectable<HeroTable>;
export type NewHeroRow = Insertable<HeroTable>;

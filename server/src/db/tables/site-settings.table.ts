import type { Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

/** Contact details shown in the footer and the legal pages' paths, per locale. */
export interface SiteSettingsTable {
  locale: Locale;
  address: string;
  phone: string;
  phone_hours: string;
  info_email: string;
  /** Path of the imprint page ('' until set): linked from the cookie banner, which stays off it. */
  imprint_url: string;
  /** Path of the privacy page, likewise. */
  privacy_url: string;
  updated_at: string;
}
export type SiteSettingsRow = Selectable<SiteSettingsTable>;
export type NewSiteSettingsRow = Insertable<SiteSettingsTable>;

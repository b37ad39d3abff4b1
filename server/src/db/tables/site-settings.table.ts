import type { Insertable, Selectable } from 'kysely';

/** Contact details shown in the footer, per locale. */
export interface SiteSettingsTable {
  locale: 'de' | 'en';
  address: string;
  phone: string;
  phone_hours: string;
  info_email: string;
  updated_at: string;
}
export type SiteSettingsRow = Selectable<SiteSettingsTable>;
export type NewSiteSettingsRow = Insertable<SiteSettingsTable>;

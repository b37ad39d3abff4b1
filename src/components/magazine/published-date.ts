/**
 * An article's publication day as visitors read it: "23. November 2026" / "23 November 2026". The day is a
 * calendar date in Europe/Berlin (spec §9); formatting noon UTC of that day in Berlin keeps it on the same day
 * in the build and in every visitor's browser, so the prebuilt HTML and the hydrated page agree.
 */
import type { Locale } from '../../../contract/locales';

const formats: Record<Locale, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long', year: 'numeric' }),
};

/** Formats `YYYY-MM-DD`; anything else is shown as it is rather than as "Invalid Date". */
export function formatPublishedOn(day: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number);
  return formats[locale].format(new Date(Date.UTC(year, month - 1, date, 12)));
}

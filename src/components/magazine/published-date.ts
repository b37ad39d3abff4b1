/**
 * An article's publication day as visitors read it: "23. November 2026" / "23 November 2026". The day is a
 * calendar date in Europe/Berlin (docs/product.md, Constants); formatting noon UTC of that day in Berlin keeps it on
 * the same day in the build and in every visitor's browser, so the prebuilt HTML and the hydrated page agree.
 */
import { siteTimeZone } from '../../../contract/berlin-time';
import { intlLocale, locales, type Locale } from '../../../contract/locales';

const formats = Object.fromEntries(
  locales.map((locale) => [locale, new Intl.DateTimeFormat(intlLocale[locale], { timeZone: siteTimeZone, day: 'numeric', month: 'long', year: 'numeric' })]),
) as Record<Locale, Intl.DateTimeFormat>;

/** Formats `YYYY-MM-DD`; anything else is shown as it is rather than as "Invalid Date". */
export function formatPublishedOn(day: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number);
  return formats[locale].format(new Date(Date.UTC(year, month - 1, date, 12)));
}

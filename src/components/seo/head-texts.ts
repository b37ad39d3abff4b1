/**
 * The words of a page's head as search engines and link previews show them (docs/decisions/076): the document
 * title with the site's name once, a description short enough to be shown whole, and a concert's title with its
 * date, so the dates of one concert are told apart.
 */
import { siteTimeZone } from '../../../contract/berlin-time';
import { intlLocale, type Locale } from '../../../contract/locales';

export const siteName = 'Konzertfreunde';

/** Search engines show about 70 characters of a title (html-validate's long-title rule, ADR 075). */
export const titleLength = 70;

/**
 * A page's `<title>`: its own title and the site's name, unless the title names the site already, or both would
 * not fit in `titleLength` (the page's own words matter more in a result list than the name beside them).
 */
export function documentTitle(title: string): string {
  if (!title) return siteName;
  const full = `${title} | ${siteName}`;
  return title.includes(siteName) || full.length > titleLength ? title : full;
}

/** What search engines show of a description before they cut it. */
export const descriptionLimit = 160;

/**
 * A description of `limit` characters at most: a longer one ends at the last word that fits, with "…". Staff may
 * write up to 500 characters (contract/schemas/content-input.ts); the head carries what is shown whole.
 */
export function clampDescription(text: string, limit = descriptionLimit): string {
  const words = text.replace(/\s+/g, ' ').trim();
  if (words.length <= limit) return words;
  const room = words.slice(0, limit); // one character is left for the ellipsis below
  const cut = room.lastIndexOf(' ');
  const kept = (cut > 0 ? room.slice(0, cut) : room.slice(0, limit - 1)).replace(/[\s,;:–—-]+$/, '');
  return `${kept}…`;
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "12. Dezember 2026" / "12 December 2026": the Berlin date of an instant, without the weekday. */
export function titleDate(instant: string, locale: Locale): string {
  let format = dayFormats.get(locale);
  if (!format) dayFormats.set(locale, (format = new Intl.DateTimeFormat(intlLocale[locale], { timeZone: siteTimeZone, day: 'numeric', month: 'long', year: 'numeric' })));
  return format.format(new Date(instant));
}

/** A concert's page title: "Preisträgerkonzert – 12. Dezember 2026". */
export const eventTitle = (title: string, start: string, locale: Locale) => `${title} – ${titleDate(start, locale)}`;

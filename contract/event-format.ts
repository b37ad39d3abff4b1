/**
 * Dates, times and prices as people read them: always in Berlin time (docs/product.md, Constants), whatever the
 * reader's own zone, so the prebuilt HTML, the hydrated page and the mails the server sends say the same. Formatters
 * are made once per language.
 */
import { siteTimeZone as timeZone } from './berlin-time';
import { intlLocale, type Locale } from './locales';

function formatters(locale: Locale) {
  const tag = intlLocale[locale];
  return {
    date: new Intl.DateTimeFormat(tag, { timeZone, weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }),
    longDate: new Intl.DateTimeFormat(tag, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    shortDay: new Intl.DateTimeFormat(tag, { timeZone, day: '2-digit' }),
    shortMonth: new Intl.DateTimeFormat(tag, { timeZone, month: 'short' }),
    month: new Intl.DateTimeFormat(tag, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
    time: new Intl.DateTimeFormat(tag, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    moment: new Intl.DateTimeFormat(tag, { timeZone, dateStyle: 'medium', timeStyle: 'short' }),
    price: new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }),
  };
}
const cache = new Map<Locale, ReturnType<typeof formatters>>();
const get = (locale: Locale) => {
  let entry = cache.get(locale);
  if (!entry) cache.set(locale, (entry = formatters(locale)));
  return entry;
};

/** "Sa., 28. November 2026" / "Sat, 28 November 2026". */
export const formatEventDate = (instant: string, locale: Locale, long = false) =>
  (long ? get(locale).longDate : get(locale).date).format(new Date(instant));

/** "19:30 Uhr" / "19:30". */
export const formatEventTime = (instant: string, locale: Locale) => {
  const time = get(locale).time.format(new Date(instant));
  return locale === 'de' ? `${time} Uhr` : time;
};

/**
 * When something happened, for staff: "28.11.2026, 19:30" / "28 Nov 2026, 19:30". No instant is '', and text that
 * is no instant comes back as it is, so a screen never shows "Invalid Date".
 */
export function formatMoment(instant: string | null | undefined, locale: Locale): string {
  if (!instant) return '';
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? instant : get(locale).moment.format(new Date(ms));
}

/** Day and short month for a calendar sheet: { day: "28", month: "Nov." }. */
export const calendarSheet = (instant: string, locale: Locale) => ({
  day: get(locale).shortDay.format(new Date(instant)),
  month: get(locale).shortMonth.format(new Date(instant)),
});

/** "November 2026" for a month written YYYY-MM. */
export const formatMonth = (month: string, locale: Locale) => get(locale).month.format(new Date(`${month}-15T12:00:00Z`));

/** "45,00 €" / "€45.00" from euro cents. */
export const formatPrice = (cents: number, locale: Locale) => get(locale).price.format(cents / 100);

/**
 * A price as people type it, in euros with at most two decimals and a comma or a point (`45`, `45,5`, `45.50`), in
 * cents; undefined when it is no such amount. The inverse of formatPrice's figure, without the currency sign.
 */
export function parseEuroCents(typed: string): number | undefined {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(typed);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : undefined;
}

/** The cheapest price of a list, or undefined when there is none. */
export const lowestPrice = (prices: readonly { amount_cents: number }[]) =>
  prices.length ? Math.min(...prices.map((price) => price.amount_cents)) : undefined;

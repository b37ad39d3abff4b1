import type { SearchType } from '../../../contract/schemas/search';
import { formatEventDate, formatEventTime } from '../../../contract/event-format';
import type { Locale } from '../../../contract/locales';
import { formatPublishedOn } from '../magazine/published-date';

/** A result's or suggestion's date as visitors read it: an event's start with its time, an article's day. */
export function searchDate(type: SearchType, date: string | undefined, locale: Locale): string | null {
  if (!date) return null;
  if (type === 'event') return `${formatEventDate(date, locale)}, ${formatEventTime(date, locale)}`;
  return formatPublishedOn(date, locale);
}

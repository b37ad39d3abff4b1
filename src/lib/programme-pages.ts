/**
 * The programme's list pages (ADR 074): `/de/programm` is its first page, `/de/programm/seite-2` the second,
 * `/en/events/page-2` in English. A list page's address has one segment below the programme's, an event's two
 * (`/de/programm/{slug}/{id}`), so no event can take a list page's address.
 */
import type { Locale } from '../../contract/locales';
import { pageSize } from '../../contract/paging';
import { routePath } from './route-path';

/** The word before the page number, in each language's words. */
const pageWord: Record<Locale, string> = { de: 'seite', en: 'page' };

/** The address of the programme's list page `page` (1 is the programme itself). */
export function programmePagePath(locale: Locale, page: number): string {
  const first = routePath('events', locale);
  return page > 1 ? `${first}/${pageWord[locale]}-${page}` : first;
}

/** The list page an address is (`/de/programm/seite-3` → 3, `/de/programm` → 1), or undefined for any other. */
export function programmePageOf(locale: Locale, pathname: string): number | undefined {
  const first = routePath('events', locale);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === first) return 1;
  const match = new RegExp(`^${first}/${pageWord[locale]}-([1-9]\\d{0,5})$`).exec(path);
  return match && Number(match[1]) > 1 ? Number(match[1]) : undefined;
}

/** How many list pages `count` coming events fill: one at least, so the programme exists with none. */
export const programmePageCount = (count: number): number => Math.max(1, Math.ceil(count / pageSize));

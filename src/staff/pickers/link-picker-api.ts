/**
 * What the link picker reads: the page tree (one call, ADR 017) and the events list searched on the server, under
 * the language of the screen that opens it.
 */
import type { Locale } from '../../../contract/locales';
import { getJson } from '../staff-api';

export interface PickerPage {
  id: number;
  depth: number;
  is_online: boolean;
  title_de: string | null;
  path_de: string | null;
  title_en: string | null;
  path_en: string | null;
}

export interface PickerEvent {
  id: number;
  title_de: string;
  title_en: string;
  slug_de?: string;
  slug_en?: string;
  start_at: string;
  is_online: boolean | number;
}

const hub = (locale: Locale) => `/${locale}/pageeditor-api/hub/`;

export const linkPickerApi = {
  pages: (locale: Locale, signal?: AbortSignal) => getJson<{ count: number; results: PickerPage[] }>(`${hub(locale)}pages/tree/`, { signal }),
  events: (locale: Locale, search: string, signal?: AbortSignal) => {
    const query = new URLSearchParams({ page_size: '30', ordering: '-start_at' });
    if (search.trim()) query.set('search', search.trim());
    return getJson<{ count: number; results: PickerEvent[] }>(`${hub(locale)}events/?${query.toString()}`, { signal });
  },
  event: (locale: Locale, id: number, signal?: AbortSignal) =>
    getJson<{ id: number; title: { de: string; en: string }; start_at: string; is_online?: boolean }>(`${hub(locale)}events/${id}/`, { signal }),
};

/** A page's title and address in the screen's language, else the other's. */
export function pageIn(page: PickerPage, locale: Locale): { title: string; path: string } {
  const [title, path] = locale === 'en' ? [page.title_en ?? page.title_de, page.path_en ?? page.path_de] : [page.title_de ?? page.title_en, page.path_de ?? page.path_en];
  return { title: title ?? `#${page.id}`, path: path ?? '' };
}

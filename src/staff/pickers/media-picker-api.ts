/**
 * The media library's calls the picker makes (server/src/hub/resources/media.ts and media-uploads.ts), under the
 * language of the screen that opens it, so the server answers in that language where it can.
 */
import type { Locale } from '../../../contract/locales';
import { getJson, postJson, postMultipart, type PostResult } from '../staff-api';

/** A row of the media list (`list.columns` of the media resource). */
export interface PickerMedia {
  id: number;
  filename: string;
  width: number;
  height: number;
  alt_de: string;
  alt_en: string;
  copyright: string;
  color: string;
}

export interface MediaPage {
  count: number;
  next: string | null;
  results: PickerMedia[];
}

export const pickerPageSize = 24;

const base = (locale: Locale) => `/${locale}/pageeditor-api/hub/media/`;

/** A small resized copy (ADR 002); the file name as `?v=` so a replaced file is not shown from the cache. */
export const thumbnailUrl = (media: Pick<PickerMedia, 'id' | 'filename'>) => `/media/${media.id}/320.webp?v=${encodeURIComponent(media.filename)}`;

/** The alt text a screen in `locale` shows: that language's, else none (the picker asks for it). */
export const altIn = (media: Pick<PickerMedia, 'alt_de' | 'alt_en'>, locale: Locale) => (locale === 'en' ? media.alt_en : media.alt_de).trim();

export const mediaPickerApi = {
  list: (locale: Locale, search: string, page: number, signal?: AbortSignal) => {
    const query = new URLSearchParams({ page_size: String(pickerPageSize), page: String(page) });
    if (search.trim()) query.set('search', search.trim());
    return getJson<MediaPage>(`${base(locale)}?${query.toString()}`, { signal });
  },
  read: (locale: Locale, id: number, signal?: AbortSignal) => getJson<PickerMedia>(`${base(locale)}${id}/`, { signal }),
  setAlt: (locale: Locale, id: number, alt: string) => postJson<PickerMedia>(`${base(locale)}${id}/`, { [`alt_${locale}`]: alt }),
  /** Texts before the file: the server reads them before the image streams in. */
  upload: (locale: Locale, texts: { alt_de: string; alt_en: string; copyright: string }, file: File): Promise<PostResult<PickerMedia>> => {
    const data = new FormData();
    data.append('alt_de', texts.alt_de);
    data.append('alt_en', texts.alt_en);
    data.append('copyright', texts.copyright);
    data.append('file', file);
    return postMultipart<PickerMedia>(`${base(locale)}upload/`, data);
  },
};

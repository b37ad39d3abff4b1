/**
 * The media section's calls (server/src/hub/resources/media.ts, server/src/hub/media-uploads.ts), all through the
 * site's fetch helper; the two uploads hand it an XMLHttpRequest to send with, for their progress bar.
 */
import type { MediaRecord, MediaUse } from '../../../contract/hub/records';
import type { MediaRow } from '../../../contract/hub/rows';
import { hubLocale, queryString, type Paged } from '../api';
import { CSRF_HEADER, sendVia, type Transport } from '../../lib/api-client';
import { getJson, postJson, reportingFailure, sendJson, withSession } from '../../staff/staff-api';

const base = `/${hubLocale}/pageeditor-api/hub/media/`;

export type { MediaRecord, MediaRow, MediaUse };

/** The focal point as fractions of width and height (ADR 087). */
export interface MediaFocus {
  focal_x: number;
  focal_y: number;
}

export interface MediaTexts {
  alt_de: string;
  alt_en: string;
  copyright: string;
}

/**
 * A resized copy for the hub's previews (ADR 002). The file name rides along as `?v=`, which the server ignores:
 * variants are cached as immutable, and after a replacement the hub must not show the old picture from its cache.
 */
export const previewUrl = (media: Pick<MediaRow, 'id' | 'filename'>, width: 320 | 640) => `/media/${media.id}/${width}.webp?v=${encodeURIComponent(media.filename)}`;

/** The bytes sent so far (0–100), or undefined while the browser cannot tell. */
export type Progress = (percent: number | undefined) => void;

/**
 * One multipart POST through XMLHttpRequest, the one browser API that reports how much of a request body has been
 * sent; the site's fetch helper adds the CSRF token and renews it once, as for every other write.
 */
const withProgress =
  (url: string, data: FormData, progress: Progress): Transport =>
  (token) =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', url);
      request.withCredentials = true;
      request.setRequestHeader('accept', 'application/json');
      if (token) request.setRequestHeader(CSRF_HEADER, token);
      request.upload.onprogress = (event) => progress(event.lengthComputable ? Math.round((100 * event.loaded) / event.total) : undefined);
      request.onload = () => resolve({ status: request.status, statusText: request.statusText, text: request.responseText });
      request.onerror = () => reject(new Error('Network error'));
      request.send(data);
    });

// A failed upload is reported like any failed save (ADR 057): no answer, a 5xx, a request built wrong.
const upload = <T>(url: string, data: FormData, progress: Progress) =>
  reportingFailure('POST', url, () => withSession(() => sendVia<T>(url, withProgress(url, data, progress), true)), 'hub');

export const mediaApi = {
  list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) => getJson<Paged<MediaRow>>(`${base}${queryString(params)}`, { signal }),
  read: (id: number, signal?: AbortSignal) => getJson<MediaRecord>(`${base}${id}/`, { signal }),
  update: (id: number, body: Partial<MediaTexts & MediaFocus>) => postJson<MediaRecord>(`${base}${id}/`, body),
  remove: (id: number) => sendJson<null>('DELETE', `${base}${id}/`),
  /** Texts first, then the file, so the server reads the texts before the image streams in. */
  upload: (texts: MediaTexts, file: File, progress: Progress) => {
    const data = new FormData();
    data.append('alt_de', texts.alt_de);
    data.append('alt_en', texts.alt_en);
    data.append('copyright', texts.copyright);
    data.append('file', file);
    return upload<MediaRecord>(`${base}upload/`, data, progress);
  },
  replace: (id: number, file: File, progress: Progress) => {
    const data = new FormData();
    data.append('file', file);
    return upload<MediaRecord>(`${base}${id}/replace/`, data, progress);
  },
};

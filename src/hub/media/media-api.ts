/**
 * The media section's calls (server/src/hub/resources/media.ts, server/src/hub/media-uploads.ts). Reads and text
 * changes go through the site's fetch helper; the two uploads use XMLHttpRequest, the one browser API that reports
 * how much of a request body has been sent, with the same CSRF header and the same answer shape.
 */
import type { MediaRecord, MediaUse } from '../../../contract/hub/records';
import type { MediaRow } from '../../../contract/hub/rows';
import { hubLocale, queryString, type Paged, type PostResult } from '../api';
import { CSRF_COOKIE, CSRF_HEADER, getJson, networkErrorStatus, postJson, readCookie, sendJson, type ApiError } from '../../lib/post-json';

const base = `/${hubLocale}/pageeditor-api/hub/media/`;

export type { MediaRecord, MediaRow, MediaUse };

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

async function csrfToken(renew: boolean) {
  const present = readCookie(CSRF_COOKIE);
  if (present && !renew) return present;
  await fetch(`/${hubLocale}/api/csrf/`, { credentials: 'include' });
  return readCookie(CSRF_COOKIE);
}

function sendForm<T>(url: string, data: FormData, token: string | undefined, progress: Progress): Promise<PostResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => progress(event.lengthComputable ? Math.round((100 * event.loaded) / event.total) : undefined);
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      const ok = request.status >= 200 && request.status < 300;
      if (ok) resolve({ ok: true, status: request.status, data: body as T });
      else {
        const error = typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string' ? (body as ApiError) : { message: request.statusText || `HTTP ${request.status}` };
        resolve({ ok: false, status: request.status, data: error });
      }
    };
    request.onerror = () => resolve({ ok: false, status: networkErrorStatus, data: { message: 'Network error' } });
    request.send(data);
  });
}

/** A multipart upload with progress; a stale CSRF token is renewed once, as the fetch helper does. */
async function upload<T>(url: string, data: FormData, progress: Progress): Promise<PostResult<T>> {
  let result = await sendForm<T>(url, data, await csrfToken(false), progress);
  if (!result.ok && result.status === 403 && result.data.message === 'CSRF check failed') {
    result = await sendForm<T>(url, data, await csrfToken(true), progress);
  }
  return result;
}

export const mediaApi = {
  list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) => getJson<Paged<MediaRow>>(`${base}${queryString(params)}`, { signal }),
  read: (id: number, signal?: AbortSignal) => getJson<MediaRecord>(`${base}${id}/`, { signal }),
  update: (id: number, body: Partial<MediaTexts>) => postJson<MediaRecord>(`${base}${id}/`, body),
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

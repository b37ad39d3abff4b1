/**
 * Media of a preview (ADR 084, ADR 030): visitors get only media some online record shows; someone holding a valid
 * preview link gets, besides, exactly the media of the sections that link shows. The preview's answers set one
 * cookie per link (`kf_preview_<id>`, path `/media/`, HttpOnly) holding its token; the media route asks here for
 * a media nobody else may see.
 */
import type { Db } from '../db/database';
import { openPreviewLink, previewMediaIds, readPreview } from './preview-links';

export const previewCookiePrefix = 'kf_preview_';

/** How many preview cookies of one request are looked at (one per link opened in that browser lately). */
const maxPreviewCookies = 5;

/** Whether a valid preview link among the request's cookies shows the media. */
export async function previewShowsMedia(db: Db, secret: string, cookies: Record<string, string | undefined>, mediaId: number, now: Date): Promise<boolean> {
  const tokens = Object.entries(cookies)
    .filter(([name, value]) => name.startsWith(previewCookiePrefix) && typeof value === 'string')
    .slice(0, maxPreviewCookies)
    .map(([, value]) => value!);
  for (const token of tokens) {
    const link = await openPreviewLink(db, secret, token, now);
    const content = link && (await readPreview(db, link));
    if (content && previewMediaIds(content.sections).has(mediaId)) return true;
  }
  return false;
}

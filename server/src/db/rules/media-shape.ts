import type { Media } from '../../../../contract/schemas/content';
import type { Locale } from '../../../../contract/locales';
import type { MediaRow } from '../tables/media.table';
import { originalUrl } from '../../../../contract/media-variants';
import { focalToken } from '../../../../contract/media-crops';

/** The file extension of a media original, taken from its stored file name. */
export const originalExtension = (row: Pick<MediaRow, 'filename'>) =>
  row.filename.slice(row.filename.lastIndexOf('.') + 1).toLowerCase();

/** A media record as the API sends it, with the alt text in the request's language (the other as fallback). */
export function toMedia(row: MediaRow, locale: Locale): Media {
  const alt = locale === 'en' ? row.alt_en || row.alt_de : row.alt_de || row.alt_en;
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    alt,
    copyright: row.copyright,
    color: row.color,
    src: originalUrl(row, originalExtension(row)),
    focal: focalToken(row.focal_x, row.focal_y),
  };
}

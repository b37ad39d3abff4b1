/**
 * The media addresses the site writes and the server answers (ADR 002): `/media/{id}/{width}.{format}` for a
 * resized variant, `/media/{id}/{crop}-{x}-{y}/{width}.{format}` for a resized crop around the focal point
 * (ADR 087), `/media/{id}/original.{extension}` for the file as uploaded. The site builds its `srcset`
 * from these widths and formats; the server makes exactly these and refuses others, so a page never asks for a
 * variant that does not exist. Plain values: the resizing itself (sharp) stays in the server.
 */
// Only the type: the site's pages carry no more than the crop's name (ADR 087).
import type { MediaCrop } from './media-crops';

/** The widths the server makes, narrowest first. */
export const mediaWidths = [320, 480, 640, 800, 960, 1240, 1600, 1920, 2400] as const;
/** The formats of a resized variant; JPEG last, as the fallback every browser reads. */
export const mediaFormats = ['avif', 'webp', 'jpg'] as const;
export type MediaFormat = (typeof mediaFormats)[number];

export const mediaContentTypes: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

export type VariantRequest =
  | { kind: 'original'; extension: string }
  | { kind: 'resized'; width: number; format: MediaFormat };

/** `800.webp` or `original.jpg`; undefined for anything else. */
export function parseVariant(file: string): VariantRequest | undefined {
  const original = /^original\.([a-z0-9]{2,5})$/.exec(file);
  if (original) return { kind: 'original', extension: original[1] };
  const resized = /^(\d{1,5})\.(avif|webp|jpg)$/.exec(file);
  if (resized) return { kind: 'resized', width: Number(resized[1]), format: resized[2] as MediaFormat };
  return undefined;
}

/** The address of a resized variant. */
export const mediaUrl = (media: { id: number }, width: number, format: MediaFormat) => `/media/${media.id}/${width}.${format}`;

/** The address of the file as uploaded. */
export const originalUrl = (media: { id: number }, extension: string) => `/media/${media.id}/original.${extension}`;

/** The address of a resized crop; `focal` is the media's focal token (Media.focal). */
export const cropUrl = (media: { id: number; focal: string }, crop: MediaCrop, width: number, format: MediaFormat) =>
  `/media/${media.id}/${crop}-${media.focal}/${width}.${format}`;

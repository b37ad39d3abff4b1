/**
 * Adds images to the media library: stores the original under `${DATA_DIR}/media` (whole or not at all, ADR 051),
 * measures it and records it.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import sharp from 'sharp';
import type { Db } from '../db/database';
import { createMedia } from '../db/repositories/media';
import { ContentValidationError } from '../db/errors';
import { decodeOptions, maxImagePixels, originalPath, storeFileAtomically } from './media-variants';
import { newestSeq } from '../db/repositories/change-log';
import { isShownOnline } from '../db/repositories/media-visibility';
import { stripBidiControls } from '../../../contract/control-characters';

const extensions: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };
const mimes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };

/**
 * Lowercase ASCII words joined by hyphens, for readable file names. Bidirectional controls are dropped first, as
 * for visitors' uploads (ADR 064): they are no word break, only a way to make a name read as another.
 */
export function fileSlug(name: string) {
  return (
    stripBidiControls(name)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image'
  );
}

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

export interface ImportImageInput {
  /** The image file's bytes (JPEG, PNG, WebP, GIF or AVIF). */
  data: Buffer;
  /** A human name the stored file is named after. */
  name: string;
  alt_de?: string;
  alt_en?: string;
  copyright?: string;
}

/**
 * Stores an image and records it; resolves with the media id. Size and dominant colour come from the file itself.
 * If recording fails, the stored file is removed again.
 */
export async function importImage(db: Db, dataDir: string, input: ImportImageInput): Promise<number> {
  let metadata: sharp.Metadata;
  let stats: sharp.Stats;
  try {
    // The header only (no decoding, so no limit needed here): an image with too many pixels is refused before
    // anything decodes it.
    metadata = await sharp(input.data, { limitInputPixels: false }).metadata();
  } catch {
    throw new ContentValidationError('data', 'data is not an image sharp can read');
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxImagePixels) {
    throw new ContentValidationError('data', `data is ${metadata.width} × ${metadata.height} pixels: at most ${maxImagePixels / 1_000_000} megapixels`).because('upload_too_many_pixels', { limit: maxImagePixels / 1_000_000 });
  }
  try {
    stats = await sharp(input.data, decodeOptions).stats();
  } catch {
    throw new ContentValidationError('data', 'data is not an image sharp can read');
  }
  const extension = extensions[metadata.format ?? ''];
  if (!extension || !metadata.width || !metadata.height) {
    throw new ContentValidationError('data', 'data must be a JPEG, PNG, WebP, GIF or AVIF image').because('upload_wrong_type');
  }
  // EXIF orientations 5–8 are rotated by 90°, so the displayed size has width and height swapped.
  const rotated = (metadata.orientation ?? 1) >= 5;
  const filename = `${fileSlug(input.name)}-${randomBytes(4).toString('hex')}.${extension}`;
  const target = originalPath(dataDir, { filename });
  await storeFileAtomically(target, input.data);
  try {
    return await createMedia(db, {
      filename,
      mime: mimes[extension],
      width: rotated ? metadata.height : metadata.width,
      height: rotated ? metadata.width : metadata.height,
      alt_de: input.alt_de,
      alt_en: input.alt_en,
      copyright: input.copyright,
      color: `#${hex(stats.dominant.r)}${hex(stats.dominant.g)}${hex(stats.dominant.b)}`,
    });
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
}

/**
 * `isShownOnline` answers kept while the content stays as it was: every content write (a record going on- or
 * offline, an image chosen or removed) appends to the change log, so the newest seq names the state the answers
 * hold for, as in services/response-cache.ts. One primary-key lookup per request instead of six queries.
 */
export class MediaVisibility {
  #seq: number | undefined;
  readonly #answers = new Map<number, boolean>();

  constructor(
    private readonly db: Db,
    private readonly capacity = 5000,
  ) {}

  async shownOnline(id: number): Promise<boolean> {
    const seq = await newestSeq(this.db);
    if (this.#seq === undefined || seq > this.#seq) {
      this.#answers.clear();
      this.#seq = seq;
    }
    const kept = this.#answers.get(id);
    if (kept !== undefined) return kept;
    const answer = await isShownOnline(this.db, id);
    if (this.#seq === seq) {
      if (this.#answers.size >= this.capacity) this.#answers.delete(this.#answers.keys().next().value!);
      this.#answers.set(id, answer);
    }
    return answer;
  }
}

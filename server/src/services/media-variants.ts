/**
 * Resized variants of media originals (ADR 002): made by sharp on first request and kept on disk, so each
 * variant is computed once. Files are written under a temporary name and renamed, so a reader never sees half a
 * file, and concurrent requests for the same variant share one resize. Several servers may share DATA_DIR (ADR
 * 051): originals are written the same way (`storeFileAtomically`), and a variant's folder is named after the
 * original it was made from, so a variant another server renders from an image just replaced never passes for the
 * new image's.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaRow } from '../db/tables/media.table';
import type { MediaFormat } from '../../../contract/media-variants';

/**
 * The most pixels an image may have (ADR 030): 40 megapixels holds any camera photo up to 8000 × 5000, and
 * decoding one costs sharp well under a second. Uploads beyond it are refused from the header, before decoding;
 * every sharp call that decodes stored or sent images passes it as `limitInputPixels`, so an image that got
 * past the check some other way (an older upload, a file put in place by hand) fails instead of costing seconds.
 */
export const maxImagePixels = 40_000_000;

/** Sharp's options for decoding images that came from outside. */
export const decodeOptions = { limitInputPixels: maxImagePixels } as const;

export const originalPath = (dataDir: string, media: Pick<MediaRow, 'filename'>) =>
  path.join(dataDir, 'media', media.filename);

/**
 * Writes `data` to `target` so that nobody ever reads half of it, on this server or another sharing the folder:
 * into a temporary file beside it, then linked under its name, which fails (EEXIST) rather than overwrite a file.
 */
export async function storeFileAtomically(target: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temporary, data, { flag: 'wx' });
    await fs.link(temporary, target);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** Where a variant is kept: under the media's id (removed whole when the media goes) and its original's name. */
export const variantPath = (dataDir: string, media: Pick<MediaRow, 'id' | 'filename'>, width: number, format: MediaFormat) =>
  path.join(dataDir, 'media-cache', String(media.id), media.filename.replace(/\.[^.]*$/, ''), `${width}.${format}`);

const inFlight = new Map<string, Promise<string>>();

/**
 * The file of a variant, made if missing. The width is clamped to the original's, so the cache never holds an
 * enlarged copy; callers get the effective width back.
 */
export async function variantFile(
  dataDir: string,
  media: MediaRow,
  width: number,
  format: MediaFormat,
): Promise<{ file: string; width: number }> {
  const effective = Math.min(width, media.width);
  const file = variantPath(dataDir, media, effective, format);
  try {
    await fs.access(file);
    return { file, width: effective };
  } catch {
    // not cached yet
  }
  let pending = inFlight.get(file);
  if (!pending) {
    pending = render(originalPath(dataDir, media), file, effective, format).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  await pending;
  return { file, width: effective };
}

async function render(source: string, target: string, width: number, format: MediaFormat) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const pipeline = sharp(source, decodeOptions).rotate().resize({ width, withoutEnlargement: true });
  if (format === 'avif') pipeline.avif({ quality: 50, effort: 4 });
  else if (format === 'webp') pipeline.webp({ quality: 78 });
  else pipeline.jpeg({ quality: 80, mozjpeg: true, progressive: true });
  try {
    await pipeline.toFile(temporary);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return target;
}

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
import { cropBox, parseCrop } from '../../../contract/media-crops';

/** A crop around a focal point (ADR 087), as the address names it (parseCrop): `token` is the point in thousandths. */
export type CropRequest = NonNullable<ReturnType<typeof parseCrop>>;

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

/** The folder of a media's variants made from its current original. */
const originalCache = (dataDir: string, media: Pick<MediaRow, 'id' | 'filename'>) =>
  path.join(dataDir, 'media-cache', String(media.id), media.filename.replace(/\.[^.]*$/, ''));

/**
 * Where a variant is kept: under the media's id (removed whole when the media goes) and its original's name; a
 * crop's in a folder named like its address (`teaser-250-800`), so a new focal point never meets an old crop.
 */
export const variantPath = (dataDir: string, media: Pick<MediaRow, 'id' | 'filename'>, width: number, format: MediaFormat, crop?: CropRequest) =>
  path.join(originalCache(dataDir, media), ...(crop ? [`${crop.crop}-${crop.token}`] : []), `${width}.${format}`);

/**
 * Removes a media's crops made for any other focal point than `token` (ADR 087): nobody asks for them any more,
 * since the addresses carry the point. The uncropped widths stay; they do not depend on it.
 */
export async function removeStaleCrops(dataDir: string, media: Pick<MediaRow, 'id' | 'filename'>, token: string) {
  const folder = originalCache(dataDir, media);
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  const stale = entries.filter((entry) => entry.isDirectory() && parseCrop(entry.name)?.token !== token);
  await Promise.all(stale.map((entry) => fs.rm(path.join(folder, entry.name), { recursive: true, force: true })));
}

const inFlight = new Map<string, Promise<string>>();

/**
 * The file of a variant, made if missing: of the whole image, or of a crop's box around the focal point the request
 * names. The width is clamped to the original's (the box's), so the cache never holds an enlarged copy; callers
 * get the effective width back.
 */
export async function variantFile(
  dataDir: string,
  media: MediaRow,
  width: number,
  format: MediaFormat,
  crop?: CropRequest,
): Promise<{ file: string; width: number }> {
  const box = crop ? cropBox(media.width, media.height, crop.crop, crop.x, crop.y) : undefined;
  const effective = Math.min(width, box?.width ?? media.width);
  const file = variantPath(dataDir, media, effective, format, crop);
  try {
    await fs.access(file);
    return { file, width: effective };
  } catch {
    // not cached yet
  }
  let pending = inFlight.get(file);
  if (!pending) {
    pending = render(originalPath(dataDir, media), file, effective, format, box).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  await pending;
  return { file, width: effective };
}

type Box = ReturnType<typeof cropBox>;

async function render(source: string, target: string, width: number, format: MediaFormat, box?: Box) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  // The box is measured on the image as shown: sharp turns it upright (EXIF) before it cuts.
  const pipeline = sharp(source, decodeOptions).rotate();
  if (box) pipeline.extract(box);
  pipeline.resize({ width, withoutEnlargement: true });
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

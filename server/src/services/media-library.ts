/**
 * Adds images to the media library: stores the original under `${DATA_DIR}/media`, measures it and records it.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../db/database';
import { createMedia } from '../db/repositories/media';
import { ContentValidationError } from '../db/errors';
import { decodeOptions, maxImagePixels } from './media-variants';
import { storedMediaIds } from '../db/rules/module-rules';

const extensions: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };
const mimes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };

/** Lowercase ASCII words joined by hyphens, for readable file names. */
export function fileSlug(name: string) {
  return (
    name
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
  const target = path.join(dataDir, 'media', filename);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, input.data);
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
 * Whether visitors may see a media (ADR 030): some online record shows it, as a page's Open Graph image, a page's
 * hero, an event's, article's or subscription series' image, or inside a module of a section such a record owns.
 * Media shown only by offline records, or by nothing yet (just uploaded), are for staff only.
 */
export async function isShownOnline(db: Db, id: number): Promise<boolean> {
  const page = await db
    .selectFrom('page_translation')
    .innerJoin('page', 'page.id', 'page_translation.page_id')
    .select('page.id')
    .where('page_translation.og_image_id', '=', id)
    .where('page.is_online', '=', 1)
    .executeTakeFirst();
  if (page) return true;
  const hero = await db
    .selectFrom('hero')
    .innerJoin('page', 'page.id', 'hero.page_id')
    .select('page.id')
    .where('hero.image_id', '=', id)
    .where('page.is_online', '=', 1)
    .executeTakeFirst();
  if (hero) return true;
  for (const table of ['event', 'article', 'subscription'] as const) {
    if (await db.selectFrom(table).select('id').where('image_id', '=', id).where('is_online', '=', 1).executeTakeFirst()) return true;
  }
  // Modules keep media as ids inside their JSON: the text match narrows the rows, the module's schema decides.
  const modules = await db
    .selectFrom('module')
    .innerJoin('container', 'container.id', 'module.container_id')
    .select(['module.type', 'module.data', 'container.content_type', 'container.object_id'])
    .where('module.data', 'like', `%${id}%`)
    .execute();
  const owners = new Set<string>();
  for (const row of modules) if (storedMediaIds(row).includes(id)) owners.add(`${row.content_type}:${row.object_id}`);
  for (const owner of owners) {
    const [kind, objectId] = [owner.slice(0, owner.indexOf(':')), Number(owner.slice(owner.indexOf(':') + 1))];
    if (kind !== 'page' && kind !== 'event' && kind !== 'article' && kind !== 'subscription') continue;
    const row = await db.selectFrom(kind).select('is_online').where('id', '=', objectId).executeTakeFirst();
    if (row?.is_online === 1) return true;
  }
  return false;
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
    const newest = await this.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst();
    const seq = Number(newest?.max ?? 0);
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

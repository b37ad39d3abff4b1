/**
 * The hub's media uploads (ADR 019): two multipart calls beside the factory's calls for `media`
 * (../resources/media.ts), staff only and CSRF-checked like every hub write:
 *
 *   POST /{locale}/pageeditor-api/hub/media/upload/        parts alt_de, alt_en, copyright, file → 201 the record
 *   POST /{locale}/pageeditor-api/hub/media/{id}/replace/  part file → 200 the record, same id, new file
 *
 * The file is taken when its content is a JPEG, PNG or WebP image sharp can read (not by its name or declared
 * type), up to `maxMediaBytes` (413 beyond). Refusals are 400/413/415 naming the part (`file`, `body.alt_de`), and
 * leave nothing behind: the original is written first and removed again if recording it fails; a replaced
 * original is removed only after the row points to the new one. A replacement gets a new file name and its
 * resized copies are dropped, so the server makes them again from the new file; the change is logged with every
 * record that shows the media, so the publish queue rebuilds those pages with the new size and colour.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { asAuthor, logChanges } from '../../db/repositories/change-log';
import { createMedia } from '../../db/repositories/media';
import { inTransaction } from '../../db/repositories/shared';
import { MediaRecordSchema } from '../../../../contract/hub/records';
import { ErrorSchema } from '../../../../contract/schemas/content';
import { type Locale } from '../../../../contract/locales';
import { DbId, LocaleParamsSchema } from '../../../../contract/schemas/requests';
import { ContentError, ContentNotFoundError, ContentValidationError } from '../../db/errors';
import { fileSlug } from '../../services/media-library';
import { decodeOptions, maxImagePixels, originalPath, storeFileAtomically } from '../../services/media-variants';
import type { RouteOptions } from '../../routes/route-options';
import { decodedText } from '../../plugins/strict-parsing';
import { guard } from '../resource';
import { checkMediaTexts, mediaSection, mediaUses, readMediaRecord, removeVariants } from '../resources/media';
import { mediaExists } from '../../db/repositories/hub-records';
import { mediaFilename, setMediaFile } from '../../db/repositories/hub-media';

/** Photos from a camera are a few MB; twenty leaves room without letting a request fill the disk. */
export const maxMediaBytes = 20 * 1024 * 1024;

/** The formats the site's pages take as originals, by sharp's name: extension and content type. */
const accepted: Record<string, { extension: string; mime: string }> = {
  jpeg: { extension: 'jpg', mime: 'image/jpeg' },
  png: { extension: 'png', mime: 'image/png' },
  webp: { extension: 'webp', mime: 'image/webp' },
};

const textParts = ['alt_de', 'alt_en', 'copyright'] as const;
type TextPart = (typeof textParts)[number];

interface Measured {
  extension: string;
  mime: string;
  width: number;
  height: number;
  color: string;
}

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/** The refusal of an image with more than `maxImagePixels`, in the language of the hub's call (it is shown as is). */
export function tooManyPixels(width: number, height: number, locale: Locale) {
  const megapixels = Math.round((width * height) / 100_000) / 10;
  const limit = maxImagePixels / 1_000_000;
  return new ContentValidationError(
    'file',
    locale === 'de'
      ? `Das Bild hat ${width} × ${height} Pixel (${megapixels.toLocaleString('de-DE')} Megapixel); erlaubt sind höchstens ${limit} Megapixel. Verkleinern Sie es, z. B. auf 6000 Pixel Breite.`
      : `file is ${width} × ${height} pixels (${megapixels} megapixels): at most ${limit} megapixels; scale it down, e.g. to 6000 pixels wide`,
  ).because('upload_too_many_pixels', { limit, width, height });
}

/**
 * What the bytes are, by their content: 415 for anything but a readable JPEG, PNG or WebP image, 400 for one with
 * more than `maxImagePixels` pixels. The size comes from the header, so such an image is never decoded.
 */
export async function measureImage(data: Buffer, locale: Locale = 'en'): Promise<Measured> {
  if (!data.length) throw new ContentValidationError('file', 'file is empty').because('upload_empty');
  let metadata: sharp.Metadata;
  try {
    // Header only (no decoding), and no limit here: sharp's would refuse a big image as unreadable instead of naming its size.
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new ContentError(415, 'file is not an image: upload a JPEG, PNG or WebP file', 'file').because('upload_wrong_type');
  }
  const kind = accepted[metadata.format ?? ''];
  if (!kind || !metadata.width || !metadata.height) {
    throw new ContentError(415, `file is a ${metadata.format ?? 'unknown'} image: upload a JPEG, PNG or WebP file`, 'file').because('upload_wrong_type');
  }
  if (metadata.width * metadata.height > maxImagePixels) throw tooManyPixels(metadata.width, metadata.height, locale);
  let stats: sharp.Stats;
  try {
    stats = await sharp(data, decodeOptions).stats();
  } catch {
    throw new ContentError(415, 'file is not an image: upload a JPEG, PNG or WebP file', 'file').because('upload_wrong_type');
  }
  // EXIF orientations 5–8 turn the picture by 90°: the size shown has width and height swapped.
  const rotated = (metadata.orientation ?? 1) >= 5;
  return {
    ...kind,
    width: rotated ? metadata.height : metadata.width,
    height: rotated ? metadata.width : metadata.height,
    color: `#${hex(stats.dominant.r)}${hex(stats.dominant.g)}${hex(stats.dominant.b)}`,
  };
}

/** Reads the multipart body: the text parts named in `texts`, and exactly one `file`, buffered (at most the limit). */
async function readParts(request: FastifyRequest, texts: readonly TextPart[]) {
  if (!request.isMultipart()) throw new ContentValidationError('file', 'file is missing: send multipart/form-data with a part "file"').because('upload_missing');
  const fields: Partial<Record<TextPart, string>> = {};
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // A `file` part without a filename arrives as a text field (ADR 027).
        if (part.fieldname === 'file') throw new ContentValidationError('file', 'file has no file name: send the image as a file part');
        const name = part.fieldname as TextPart;
        if (!texts.includes(name)) throw new ContentValidationError(`body.${part.fieldname}`, `body.${part.fieldname} is not a known field`);
        if (part.valueTruncated) throw new ContentValidationError(`body.${name}`, `body.${name} is too long`);
        // Decoded by the multipart parser, with U+FFFD for bytes that are not UTF-8: refused (ADR 066).
        fields[name] = decodedText(String(part.value), `body.${name}`);
        continue;
      }
      if (part.fieldname !== 'file') throw new ContentValidationError(`body.${part.fieldname}`, `body.${part.fieldname} is not a known file part; send the image as "file"`);
      if (file) throw new ContentValidationError('file', 'send one file only');
      if (!(part as MultipartFile).filename?.trim()) throw new ContentValidationError('file', 'file has no file name: send the image as a file part');
      file = { name: (part as MultipartFile).filename, data: await (part as MultipartFile).toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ContentError(413, `file is too large: at most ${maxMediaBytes / 1024 / 1024} MB`, 'file').because('upload_one_file').because('upload_too_large', { limit: maxMediaBytes / 1024 / 1024 });
    if (code === 'FST_FILES_LIMIT') throw new ContentValidationError('file', 'send one file only');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ContentValidationError('body', 'too many parts: send alt_de, alt_en, copyright and file');
    if (error instanceof Error && /multipart|boundary/i.test(error.message) && !(error instanceof ContentError)) {
      throw new ContentValidationError('file', 'the upload did not arrive complete; send it again').because('upload_incomplete');
    }
    throw error;
  }
  if (!file) throw new ContentValidationError('file', 'file is missing: choose an image').because('upload_missing');
  return { fields, file };
}

/** Writes the original under a new name; resolves with the name. */
async function storeOriginal(dataDir: string, name: string, data: Buffer, extension: string) {
  const stem = fileSlug(path.basename(name).replace(/\.[^.]*$/, ''));
  const filename = `${stem}-${randomBytes(4).toString('hex')}.${extension}`;
  const target = originalPath(dataDir, { filename });
  // Whole or not at all, never over a file another record may use (another server may read it at once, ADR 051).
  await storeFileAtomically(target, data);
  return { filename, target };
}

const IdParams = Type.Object({ locale: LocaleParamsSchema.properties.locale, id: DbId() });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema };

const mediaHubRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config, db }) => {
  // Multipart only in this scope (temp-files has its own, with the form-upload limits).
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxMediaBytes, files: 1, fields: textParts.length, fieldSize: 2000, parts: textParts.length + 1, headerPairs: 100 },
    });

    scope.post(
      '/:locale/pageeditor-api/hub/media/upload/',
      { config: { staff: true, csrf: true }, schema: { params: LocaleParamsSchema, response: { 201: MediaRecordSchema, ...errors } } },
      async (request, reply) => {
        guard(mediaSection, request);
        const { fields, file } = await readParts(request, textParts);
        const texts = checkMediaTexts({ alt_de: fields.alt_de ?? '', alt_en: fields.alt_en ?? '', copyright: fields.copyright ?? '' });
        const measured = await measureImage(file.data, (request.params as { locale: Locale }).locale);
        const { filename, target } = await storeOriginal(config.dataDir, file.name, file.data, measured.extension);
        let id: number;
        try {
          id = await asAuthor(request.staff?.id ?? null, () =>
            createMedia(db, { filename, mime: measured.mime, width: measured.width, height: measured.height, color: measured.color, ...texts }),
          );
        } catch (error) {
          await fs.rm(target, { force: true });
          throw error;
        }
        return reply.code(201).send(await readMediaRecord(db, id));
      },
    );

    scope.post(
      '/:locale/pageeditor-api/hub/media/:id/replace/',
      { config: { staff: true, csrf: true }, schema: { params: IdParams, response: { 200: MediaRecordSchema, ...errors } } },
      async (request) => {
        guard(mediaSection, request);
        const { id } = request.params as { id: number };
        if (!(await mediaExists(db, id))) throw new ContentNotFoundError(`Media ${id} not found`, 'params.id');
        const { file } = await readParts(request, []);
        const measured = await measureImage(file.data, (request.params as { locale: Locale }).locale);
        const { filename, target } = await storeOriginal(config.dataDir, file.name, file.data, measured.extension);
        let previous: string;
        try {
          previous = await asAuthor(request.staff?.id ?? null, () =>
            inTransaction(db, async (trx) => {
              const row = await mediaFilename(trx, id);
              if (!row) throw new ContentNotFoundError(`Media ${id} not found`, 'params.id');
              await setMediaFile(trx, id, { filename, mime: measured.mime, width: measured.width, height: measured.height, color: measured.color });
              const { changes } = await mediaUses(trx, id);
              await logChanges(trx, [{ entity: 'media', id }, ...changes]);
              return row.filename;
            }),
          );
        } catch (error) {
          await fs.rm(target, { force: true });
          throw error;
        }
        // The row points to the new file: the resized copies of the old one and the old original can go.
        await removeVariants(config.dataDir, id);
        await fs.rm(originalPath(config.dataDir, { filename: previous }), { force: true });
        return readMediaRecord(db, id);
      },
    );
  });
};

export default mediaHubRoutes;

import { createReadStream, promises as fs } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '../../../contract/schemas/content';
import { DbId } from '../../../contract/schemas/requests';
import { getMedia } from '../db/repositories/media';
import { ContentNotFoundError, ContentValidationError } from '../db/errors';
import { MediaVisibility } from '../services/media-library';
import { previewShowsMedia } from '../services/preview-media';
import { resolveSecretKey } from '../services/secret-key';
import { originalExtension } from '../db/rules/media-shape';
import { originalPath, variantFile } from '../services/media-variants';
import { mediaContentTypes, mediaWidths, parseVariant } from '../../../contract/media-variants';
import { focalToken, mediaCrops, parseCrop } from '../../../contract/media-crops';
import type { RouteOptions } from './route-options';

/**
 * Variants never change for an id (a new image gets a new id), so browsers and CDNs may keep them for good; a crop's
 * address names the focal point it was cut around (ADR 087), so a moved point is a new address.
 */
const immutable = 'public, max-age=31536000, immutable';
/** A media only staff may see (ADR 030): no shared cache may keep it, and the browser need not either. */
const staffOnly = 'private, no-store';

/**
 * `GET /media/{id}/{width}.{avif|webp|jpg}` and `GET /media/{id}/original.{ext}` (docs/content-api.md). Visitors
 * get only media some online record shows (ADR 030); any other is 404 for them, as an id that does not exist is
 * (same message, neither cached), so the answer does not confirm it exists. Staff (a session) get every media,
 * marked `private, no-store` unless it is public anyway. A visitor holding a valid preview link gets the media of the
 * sections that link shows (services/preview-media.ts, ADR 084), marked the same.
 */
const mediaRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config, db, now }) => {
  const visibility = new MediaVisibility(db);
  const secret = resolveSecretKey(config);
  const response = {
    // Image bytes, streamed (Fastify never serialises a stream).
    200: Type.Unsafe<NodeJS.ReadableStream>({ type: 'string', format: 'binary' }),
    400: ErrorSchema,
    404: ErrorSchema,
  };
  const schema = { params: Type.Object({ id: DbId(), file: Type.String({ maxLength: 40 }) }), response };
  const cropSchema = {
    params: Type.Object({ id: DbId(), crop: Type.String({ maxLength: 40 }), file: Type.String({ maxLength: 40 }) }),
    response: { ...response, 302: Type.Null() },
  };
  const checkWidth = (width: number) => {
    if (!(mediaWidths as readonly number[]).includes(width)) {
      throw new ContentValidationError('params.file', `params.file width must be one of: ${mediaWidths.join(', ')}`);
    }
  };
  /** The media if the caller may see it (404 otherwise, as for an id that does not exist), and whether it is public. */
  const visibleMedia = async (request: FastifyRequest, id: number) => {
    const media = await getMedia(db, id);
    if (!media) throw new ContentNotFoundError('Media not found');
    const shownOnline = await visibility.shownOnline(media.id);
    if (!shownOnline && !request.isStaff && !(await previewShowsMedia(db, secret, request.cookies, media.id, now()))) throw new ContentNotFoundError('Media not found');
    await fs.access(originalPath(config.dataDir, media)).catch(() => {
      request.log.warn({ mediaId: media.id }, 'media original missing on disk');
      throw new ContentNotFoundError('Media file missing');
    });
    return { media, shownOnline };
  };
  const sendFile = async (reply: FastifyReply, file: string, type: string, shownOnline: boolean) => {
    const { size } = await fs.stat(file);
    return reply
      .header('content-type', type)
      .header('content-length', size)
      .header('cache-control', shownOnline ? immutable : staffOnly)
      .send(createReadStream(file));
  };
  const resizedOnly = (file: string) => {
    const variant = parseVariant(file);
    if (variant?.kind !== 'resized') throw new ContentValidationError('params.file', 'params.file must be {width}.{avif|webp|jpg}');
    checkWidth(variant.width);
    return variant;
  };

  app.get('/media/:id/:file', { schema }, async (request, reply) => {
    const variant = parseVariant(request.params.file);
    if (!variant) {
      throw new ContentValidationError('params.file', 'params.file must be {width}.{avif|webp|jpg} or original.{ext}');
    }
    if (variant.kind === 'resized') checkWidth(variant.width);
    // A 404 may turn into a 200 when a record goes online: nobody keeps it.
    reply.header('cache-control', 'no-store');
    const { media, shownOnline } = await visibleMedia(request, request.params.id);
    if (variant.kind === 'original') {
      if (variant.extension !== originalExtension(media)) throw new ContentNotFoundError('Media not found');
      return sendFile(reply, originalPath(config.dataDir, media), media.mime, shownOnline);
    }
    const { file } = await variantFile(config.dataDir, media, variant.width, variant.format);
    return sendFile(reply, file, mediaContentTypes[variant.format], shownOnline);
  });

  /**
   * `GET /media/{id}/{crop}-{x}-{y}/{width}.{format}` (ADR 087): a crop around the focal point the address names,
   * which must be the media's own. An address with an older point (a page not yet rebuilt since the point moved)
   * is sent on to the current one, uncached, so it shows the image as it is now and no cache keeps the detour.
   */
  app.get('/media/:id/:crop/:file', { schema: cropSchema }, async (request, reply) => {
    const crop = parseCrop(request.params.crop);
    if (!crop) throw new ContentValidationError('params.crop', `params.crop must be {${Object.keys(mediaCrops).join('|')}}-{x}-{y} with x and y 0–1000`);
    const variant = resizedOnly(request.params.file);
    reply.header('cache-control', 'no-store');
    const { media, shownOnline } = await visibleMedia(request, request.params.id);
    const current = focalToken(media.focal_x, media.focal_y);
    if (crop.token !== current) return reply.redirect(`/media/${media.id}/${crop.crop}-${current}/${request.params.file}`, 302);
    const { file } = await variantFile(config.dataDir, media, variant.width, variant.format, crop);
    return sendFile(reply, file, mediaContentTypes[variant.format], shownOnline);
  });
};

export default mediaRoutes;

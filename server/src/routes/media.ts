import { createReadStream, promises as fs } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import type { RouteOptions } from './route-options';

/** Variants never change for an id (a new image gets a new id), so browsers and CDNs may keep them for good. */
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
  const schema = {
    params: Type.Object({
      id: DbId(),
      file: Type.String({ maxLength: 40 }),
    }),
    response: {
      // Image bytes, streamed (Fastify never serialises a stream).
      200: Type.Unsafe<NodeJS.ReadableStream>({ type: 'string', format: 'binary' }),
      400: ErrorSchema,
      404: ErrorSchema,
    },
  };
  app.get('/media/:id/:file', { schema }, async (request, reply) => {
    const variant = parseVariant(request.params.file);
    if (!variant) {
      throw new ContentValidationError('params.file', 'params.file must be {width}.{avif|webp|jpg} or original.{ext}');
    }
    if (variant.kind === 'resized' && !(mediaWidths as readonly number[]).includes(variant.width)) {
      throw new ContentValidationError('params.file', `params.file width must be one of: ${mediaWidths.join(', ')}`);
    }
    // A 404 may turn into a 200 when a record goes online: nobody keeps it.
    reply.header('cache-control', 'no-store');
    const media = await getMedia(db, request.params.id);
    if (!media) throw new ContentNotFoundError('Media not found');
    const shownOnline = await visibility.shownOnline(media.id);
    if (!shownOnline && !request.isStaff && !(await previewShowsMedia(db, secret, request.cookies, media.id, now()))) throw new ContentNotFoundError('Media not found');

    await fs.access(originalPath(config.dataDir, media)).catch(() => {
      request.log.warn({ mediaId: media.id }, 'media original missing on disk');
      throw new ContentNotFoundError('Media file missing');
    });
    let file: string;
    let type: string;
    if (variant.kind === 'original') {
      if (variant.extension !== originalExtension(media)) throw new ContentNotFoundError('Media not found');
      file = originalPath(config.dataDir, media);
      type = media.mime;
    } else {
      file = (await variantFile(config.dataDir, media, variant.width, variant.format)).file;
      type = mediaContentTypes[variant.format];
    }
    const { size } = await fs.stat(file);
    return reply
      .header('content-type', type)
      .header('content-length', size)
      .header('cache-control', shownOnline ? immutable : staffOnly)
      .send(createReadStream(file));
  });
};

export default mediaRoutes;

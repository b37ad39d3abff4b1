import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unlessBot } from '../plugins/public-writes';
import { ErrorSchema } from '../../../contract/schemas/content';
import { TempFileCreatedSchema } from '../../../contract/schemas/forms';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { ContentValidationError } from '../db/errors';
import { cleanFileName, discardUpload, startTempFileSweeper, storeUpload } from '../services/forms/temp-file-store';
import { asUploadError, uploadRefused } from '../services/forms/upload-messages';
import { uploadLimitsOf } from '../services/forms/upload-budget';
import { maxUploadBytes } from '../../../contract/upload-kinds';
import { decodedText } from '../plugins/strict-parsing';
import type { RouteOptions } from './route-options';

/** What a request's Content-Length lets the file take at most, or undefined without one (ADR 064). */
function declaredLength(header: string | undefined): number | undefined {
  const length = Number(header);
  return header && Number.isSafeInteger(length) && length > 0 ? Math.min(length, maxUploadBytes) : undefined;
}

/** Per client: a form takes a file or two, replaced now and then; dozens in ten minutes is a script. */
export const uploadRateLimit = { limit: 20, windowMs: 10 * 60_000 };

/**
 * `POST /{locale}/api/temp-files/` (multipart, one part `file`): stores an upload for a form's file field under a
 * generated name outside the served folders, after checking its size and what its content is
 * (services/forms/temp-file-store.ts). 201 `{ id, name, size }`; 413 too large, 415 a kind not taken, 400 a
 * disguised file, no file, an unknown part or a body cut off; 429 past the address's bytes for the hour, 507 past
 * the site's or with the temp folder full (ADR 064). CSRF-checked, rate-limited and bot-checked through the
 * `X-Form-Token` header and the form's honeypot, sent as a part `website` before the file (a bot gets a 201 and
 * nothing is kept). Uploads never attached to an entry are swept after a day.
 */
const tempFileRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, config, now }) => {
  // Only here: no other route takes multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 100 },
  });
  startTempFileSweeper(app, db, config.dataDir, now);
  const limits = uploadLimitsOf(config);

  app.post(
    '/:locale/api/temp-files/',
    {
      config: { csrf: true, publicWrite: uploadRateLimit },
      schema: {
        params: LocaleParamsSchema,
        response: {
          201: TempFileCreatedSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
          507: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      if (!request.isMultipart()) throw uploadRefused(locale, 'missing');
      // Parts in order: the form's honeypot `website` (optional), then `file`, which is stored as it streams in.
      let created: { id: string; name: string; size: number } | undefined;
      try {
        for await (const part of request.parts()) {
          if (created) {
            throw new ContentValidationError(`body.${part.fieldname}`, `body.${part.fieldname}: nothing may follow the file`);
          }
          decodedText(part.fieldname, 'body');
          if (part.type === 'field') {
            decodedText(String(part.value), `body.${part.fieldname}`);
            // A `file` part without a filename arrives as a text field: no file was chosen (ADR 027).
            if (part.fieldname === 'file') throw uploadRefused(locale, 'missing');
            if (part.fieldname !== 'website') throw new ContentValidationError(`body.${part.fieldname}`, `body.${part.fieldname} is not a known field`);
            if (String(part.value).trim() !== '') {
              request.isBot = true;
              request.botReason = 'honeypot filled';
            }
            continue;
          }
          if (part.fieldname !== 'file' || !part.filename.trim()) throw uploadRefused(locale, 'missing');
          decodedText(part.filename, 'file');
          const file = part;
          created = await unlessBot(
            request,
            () =>
              storeUpload(
                { filename: file.filename, stream: file.file },
                { db, dataDir: config.dataDir, now, locale, address: request.ip, limits, expectedBytes: declaredLength(request.headers['content-length']) },
              ),
            async () => {
              let size = 0;
              for await (const chunk of file.file) size += (chunk as Buffer).length;
              return { id: randomUUID(), name: cleanFileName(file.filename), size };
            },
          );
        }
        if (!created) throw uploadRefused(locale, 'missing');
        return await reply.code(201).send(created);
      } catch (error) {
        // Refused after the file was stored (a part after it, a second file over the limit): take it back rather
        // than keep half of a request we refuse (ADR 027: no row from a refused request).
        if (created && !request.isBot) await discardUpload(db, config.dataDir, created.id);
        throw asUploadError(error, locale);
      }
    },
  );
};

export default tempFileRoutes;

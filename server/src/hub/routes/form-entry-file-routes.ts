/**
 * A file a visitor sent with a form entry, for staff (ADR 060):
 *
 *   GET /{locale}/pageeditor-api/hub/form-entries/{id}/files/{fileId}/
 *
 * Staff only (401 before anything else, plugins/session.ts), editors and administrators as the entries' resource.
 * Always a download: `Content-Disposition: attachment` with the visitor's name made safe, `application/octet-stream`
 * (no browser renders it as a page, whatever the file holds) and `nosniff`. One 404 for an unknown entry, a file of
 * another entry and a file gone from disk, saying nothing about which. Never kept by a cache or the CDN: the answer
 * carries no CDN marks, and plugins/session.ts makes every staff answer `private, no-store`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorSchema, LocaleSchema } from '../../../../contract/schemas/content';
import { DbId } from '../../../../contract/schemas/requests';
import { ContentNotFoundError } from '../../db/errors';
import { attachmentDisposition, openEntryFile } from '../../services/forms/entry-files';
import type { RouteOptions } from '../../routes/route-options';
import { guard } from '../resource';
import { formEntries } from '../resources/form-entries';

/** Temp-file ids are random UUIDs (services/forms/temp-file-store.ts). */
const FileIdSchema = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', description: 'a file id' });

const formEntryFileRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, config }) => {
  app.get(
    `/:locale/pageeditor-api/hub/${formEntries.key}/:id/files/:fileId/`,
    {
      config: { staff: true },
      schema: {
        params: Type.Object({ locale: LocaleSchema, id: DbId(), fileId: FileIdSchema }),
        response: { 200: Type.Unknown({ description: 'the file, as application/octet-stream' }), '4xx': ErrorSchema },
      },
    },
    async (request, reply) => {
      guard(formEntries, request);
      const file = await openEntryFile(db, config.dataDir, request.params.id, request.params.fileId.toLowerCase());
      if (!file) throw new ContentNotFoundError('File not found', 'params.fileId');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.name))
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};

export default formEntryFileRoutes;

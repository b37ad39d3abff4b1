/**
 * The hub's CSV downloads (ADR 016), beside the resource calls and under the same guard as their resource:
 *
 *   GET /{locale}/pageeditor-api/hub/form-entries/export.csv?form_id=N   a form's entries, field labels as header
 *   GET /{locale}/pageeditor-api/hub/newsletter/export.csv[?status=]     subscribers with their proof of consent
 *
 * In the hub's language: column names, separators and times as that language's spreadsheets expect (./spreadsheet.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { ErrorSchema } from '../../../../contract/schemas/content';
import { type Locale } from '../../../../contract/locales';
import { DbId, LocaleParamsSchema } from '../../../../contract/schemas/requests';
import { guard } from '../resource';
import type { RouteOptions } from '../../routes/route-options';
import { formEntries, formEntryRows } from '../resources/form-entries';
import { newsletter, subscriberRows, subscriberStatuses } from '../resources/newsletter';
import { csvDocument } from '../spreadsheet';

// No cache-control here: plugins/session.ts marks every staff answer `private, no-store`.
function sendCsv(reply: FastifyReply, fileName: string, rows: string[][], locale: Locale) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csvDocument(rows, locale));
}

const responses = { 200: Type.String({ description: 'text/csv' }), '4xx': ErrorSchema };

const csvExportRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, now }) => {
  app.get(
    `/:locale/pageeditor-api/hub/${formEntries.key}/export.csv`,
    {
      config: { staff: true },
      schema: {
        params: LocaleParamsSchema,
        querystring: Type.Object({ form_id: DbId() }, { additionalProperties: false }),
        response: responses,
      },
    },
    async (request, reply) => {
      guard(formEntries, request);
      const { slug, rows } = await formEntryRows(db, request.query.form_id, request.params.locale);
      return sendCsv(reply, `${slug}-entries-${now().toISOString().slice(0, 10)}.csv`, rows, request.params.locale);
    },
  );

  app.get(
    `/:locale/pageeditor-api/hub/${newsletter.key}/export.csv`,
    {
      config: { staff: true },
      schema: {
        params: LocaleParamsSchema,
        querystring: Type.Object(
          { status: Type.Optional(Type.Union(subscriberStatuses.map((status) => Type.Literal(status)))) },
          { additionalProperties: false },
        ),
        response: responses,
      },
    },
    async (request, reply) => {
      guard(newsletter, request);
      const rows = await subscriberRows(db, request.params.locale, request.query.status);
      return sendCsv(reply, `newsletter-subscribers-${now().toISOString().slice(0, 10)}.csv`, rows, request.params.locale);
    },
  );
};

export default csvExportRoutes;

/**
 * The hub's CSV downloads (issue 7), beside the resource calls and under the same guard as their resource:
 *
 *   GET /{locale}/pageeditor-api/hub/form-entries/export.csv?form_id=N   a form's entries, field labels as header
 *   GET /{locale}/pageeditor-api/hub/newsletter/export.csv[?status=]     subscribers with their proof of consent
 *
 * The files are meant for spreadsheets, so: UTF-8 with a byte-order mark (else Excel reads them as Windows-1252),
 * comma-separated with CRLF line ends (RFC 4180), every cell quoted, and a cell that begins with = + - @ (or a tab
 * or carriage return) prefixed with an apostrophe, so a visitor's `=HYPERLINK(…)` stays text instead of becoming a
 * formula (CSV injection). That also shows `-5` or `+49 761 …` as `'-5` and `'+49 761 …`: the price of never
 * guessing which of them are safe. German Excel splits on semicolons by default and wants the import dialog
 * (Data → From Text/CSV) for these files; LibreOffice and Google Sheets detect the comma.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { ErrorSchema } from '../schemas/content';
import { DbId, LocaleParamsSchema } from '../schemas/requests';
import { guard } from './resource';
import type { RouteOptions } from '../routes/route-options';
import { formEntries, formEntryRows } from './resources/form-entries';
import { newsletter, subscriberRows, subscriberStatuses } from './resources/newsletter';

const formulaStart = /^[=+\-@\t\r]/;

/** One cell: neutralised when a spreadsheet would run it, quoted, inner quotes doubled. */
export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A whole file: byte-order mark, one line per row, CRLF after each. */
export const csvDocument = (rows: readonly (readonly string[])[]): string => `\uFEFF${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`;

// No cache-control here: plugins/session.ts marks every staff answer `private, no-store`.
function sendCsv(reply: FastifyReply, fileName: string, rows: string[][]) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csvDocument(rows));
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
      return sendCsv(reply, `${slug}-entries-${now().toISOString().slice(0, 10)}.csv`, rows);
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
      const rows = await subscriberRows(db, request.query.status);
      return sendCsv(reply, `newsletter-subscribers-${now().toISOString().slice(0, 10)}.csv`, rows);
    },
  );
};

export default csvExportRoutes;

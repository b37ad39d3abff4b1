/**
 * Browsers' error reports (issue 20, ADR 057): `POST /{locale}/api/error-reports/` with an `ErrorReport`
 * (contract/error-reports.ts); 202 `{ok: true}` once stored. The reporter on the site sends what went wrong on a
 * page: an uncaught error, a rejection, a chunk that failed to load, the error page, a failed save.
 *
 * Guarded like the consent log (routes/consent.ts), as no form sends it: no cookie or CSRF token is needed, a
 * foreign Origin is refused with 403 before the body is read, the body is at most ERROR_REPORT_BODY_LIMIT bytes
 * (413), and the schema refuses unknown fields and over-long texts with 400 naming the field. Rate-limited per
 * client address (REPORTS_PER_CLIENT in ten minutes) and in total (REPORTS_PER_MINUTE for the whole site, counted in
 * the database so that it holds across server processes): a broken release on a busy day is still a few rows a
 * second, not a flood. The report is scrubbed of personal data before it is stored (contract/error-scrub.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ERROR_REPORT_BODY_LIMIT, ErrorReportSchema } from '../../../contract/error-reports';
import { ErrorSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { countRequest } from '../db/repositories/rate-limit-windows';
import { TooManyRequestsError } from '../db/errors';
import { siteOriginOnly } from '../plugins/csrf';
import type { RouteOptions } from './route-options';

/** Per client address in ten minutes: a person meeting a broken page on every page of a visit, several behind one address. */
export const REPORTS_PER_CLIENT = 30;
/** For the whole site per minute. */
export const REPORTS_PER_MINUTE = 120;
const totalKey = 'error-reports:all';

const errorReportRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, now }) => {
  app.post(
    '/:locale/api/error-reports/',
    {
      bodyLimit: ERROR_REPORT_BODY_LIMIT,
      config: { publicWrite: { limit: REPORTS_PER_CLIENT, windowMs: 10 * 60_000, botCheck: false } },
      onRequest: siteOriginOnly(app, 'Errors can only be reported from the site itself'),
      schema: {
        params: LocaleParamsSchema,
        body: ErrorReportSchema,
        response: { 202: Type.Object({ ok: Type.Literal(true) }), '4xx': ErrorSchema },
      },
    },
    async (request, reply) => {
      const at = now().getTime();
      const window = await countRequest(db, totalKey, 60_000, at);
      if (window.hits > REPORTS_PER_MINUTE) {
        throw new TooManyRequestsError('Too many error reports; try again later', Math.max(1, Math.ceil((window.resetsAt - at) / 1000)));
      }
      await app.errorReports.browser(request.body);
      return reply.code(202).send({ ok: true as const });
    },
  );
};

export default errorReportRoutes;

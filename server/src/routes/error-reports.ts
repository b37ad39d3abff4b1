/**
 * Browsers' error reports (ADR 057, ADR 065): `POST /{locale}/api/error-reports/` with an `ErrorReport`
 * (contract/error-reports.ts); 202 `{ok: true}` once recorded. The reporter on the site sends what went wrong on a
 * page: an uncaught error, a rejection, a chunk that failed to load, the error page, a failed save.
 *
 * Only our own pages report: no cookie or CSRF token is needed, but the request must carry the site's Origin or,
 * without one, `Sec-Fetch-Site: same-origin`; anything else is refused with 403 before the body is read (the site's
 * reporter is a same-origin `fetch` POST, which browsers send with both). The body is at most
 * ERROR_REPORT_BODY_LIMIT bytes (413), and the schema refuses unknown fields and over-long texts with 400 naming the
 * field; a code (ADR 079) must come with the parameters it needs, and parameters only with a code. Rate-limited per client address (REPORTS_PER_CLIENT in ten minutes). REPORTS_PER_MINUTE for the whole site
 * (counted in the database, so that it holds across server processes) is a budget for rows only: a new group or a
 * sample of a known one spends it; once it is spent, a report of a known group is still taken and counted, and only
 * a new one is refused (429). How many rows the reports may take in all is the reporter's (services/errors/).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ERROR_REPORT_BODY_LIMIT, ErrorReportSchema, missingParam, type ErrorReport } from '../../../contract/error-reports';
import { ErrorSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { countRequest, type RateWindow } from '../db/repositories/rate-limit-windows';
import { ContentValidationError, RequestForbiddenError, TooManyRequestsError } from '../db/errors';
import { isSiteOrigin } from '../plugins/csrf';
import type { RouteOptions } from './route-options';

/** Per client address in ten minutes: a person meeting a broken page on every page of a visit, several behind one address. */
export const REPORTS_PER_CLIENT = 30;
/** Rows (new groups and samples) for the whole site per minute. */
export const REPORTS_PER_MINUTE = 120;
const totalKey = 'error-reports:all';
const refusal = 'Errors can only be reported from the site itself';

/**
 * The `onRequest` hook: answers are never kept, and a request is taken only from a page of the site. A browser
 * sends the Origin with every POST, the site's own included; one that sends none still says `Sec-Fetch-Site`.
 */
function ownPagesOnly(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const { origin } = request.headers;
    if (origin !== undefined ? !isSiteOrigin(app, request, origin) : request.headers['sec-fetch-site'] !== 'same-origin') {
      throw new RequestForbiddenError(refusal, 'headers.origin');
    }
  };
}

/** A code without the parameters it needs, or parameters without a code: 400 naming the field. */
function checkCode({ code, params }: ErrorReport) {
  if (!code) {
    if (params !== undefined) throw new ContentValidationError('body.code', 'params need a code').because('required');
    return;
  }
  const missing = missingParam(code, params);
  if (missing) {
    const field = params === undefined ? 'body.params' : `body.params.${missing}`;
    throw new ContentValidationError(field, `the code ${code} needs params.${missing}`).because('required');
  }
}

const errorReportRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, now }) => {
  app.post(
    '/:locale/api/error-reports/',
    {
      bodyLimit: ERROR_REPORT_BODY_LIMIT,
      config: { publicWrite: { limit: REPORTS_PER_CLIENT, windowMs: 10 * 60_000, botCheck: false } },
      onRequest: ownPagesOnly(app),
      schema: {
        params: LocaleParamsSchema,
        body: ErrorReportSchema,
        response: { 202: Type.Object({ ok: Type.Literal(true) }), '4xx': ErrorSchema },
      },
    },
    async (request, reply) => {
      checkCode(request.body);
      const at = now().getTime();
      let window: RateWindow | undefined;
      const spend = async () => {
        window = await countRequest(db, totalKey, 60_000, at);
        return window.hits <= REPORTS_PER_MINUTE;
      };
      if ((await app.errorReports.browser(request.body, spend)) === 'refused') {
        const wait = window ? Math.ceil((window.resetsAt - at) / 1000) : 60;
        throw new TooManyRequestsError('Too many new error reports; try again later', Math.max(1, wait));
      }
      return reply.code(202).send({ ok: true as const });
    },
  );
};

export default errorReportRoutes;

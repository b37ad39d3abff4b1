/**
 * Error reports (issue 20, ADR 057): what the browser sends to `POST /{locale}/api/error-reports/`, what the
 * server records of its own failures, and how the hub's dashboard shows them, grouped. The site's reporter, the
 * server's route and the dashboard take their shapes and limits from here.
 */
import { Type, type Static } from '@sinclair/typebox';
import { browserErrorKinds, errorKinds, errorReportAreas, errorReportLimits } from './error-report-limits';

// The limits and the address live apart from the schemas, so the browser reads them without TypeBox.
export * from './error-report-limits';

const text = (maxLength: number, description: string) => Type.String({ maxLength, description });

export const ErrorReportSchema = Type.Object(
  {
    kind: Type.Union(browserErrorKinds.map((kind) => Type.Literal(kind))),
    area: Type.Union(errorReportAreas.map((area) => Type.Literal(area))),
    message: Type.String({ minLength: 1, maxLength: errorReportLimits.message, description: 'what went wrong, in one line' }),
    /** The code location (top stack frame, chunk name) or, for route errors, the page's path. */
    place: Type.Optional(text(errorReportLimits.place, 'where in the code it went wrong')),
    /** The page's path (no query or fragment). */
    path: Type.String({ minLength: 1, maxLength: errorReportLimits.path, pattern: '^/[^?#]*$', description: 'a path such as /de/programm/ without query' }),
    /** The build the page's scripts come from (its commit or version). */
    release: text(errorReportLimits.release, "the build's release"),
    stack: Type.Optional(text(errorReportLimits.stack, 'the stack trace')),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 599 })),
    /** A failed save's call, `POST /de/pageeditor-api/…/12/`; never its body. */
    call: Type.Optional(text(errorReportLimits.call, 'the call that failed, as method and path')),
    reloaded: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ErrorReport = Static<typeof ErrorReportSchema>;

export const ErrorGroupSchema = Type.Object({
  /** The group's fingerprint: a digest of source, kind, message and place. */
  id: Type.String(),
  source: Type.Union([Type.Literal('browser'), Type.Literal('server')]),
  kind: Type.Union(errorKinds.map((kind) => Type.Literal(kind))),
  area: Type.Union([...errorReportAreas.map((area) => Type.Literal(area)), Type.Literal('server')]),
  message: Type.String(),
  place: Type.String(),
  /** The status of the newest report, where the kind has one. */
  status: Type.Union([Type.Integer(), Type.Null()]),
  /** Reports in the dashboard's window (`ERROR_DASHBOARD_DAYS`). */
  count: Type.Integer({ minimum: 0 }),
  first_seen: Type.String({ format: 'date-time' }),
  last_seen: Type.String({ format: 'date-time' }),
  /** The release of the newest report. */
  release: Type.String(),
  /** The path of the newest report's page or request. */
  path: Type.String(),
  /** Set when an admin marked it resolved and nothing was reported since; a new report opens it again. */
  resolved_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ErrorGroup = Static<typeof ErrorGroupSchema>;

export const ErrorGroupsSchema = Type.Object({
  days: Type.Integer(),
  groups: Type.Array(ErrorGroupSchema),
});

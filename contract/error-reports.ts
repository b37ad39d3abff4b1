/**
 * Error reports (ADR 057, ADR 065): what the browser sends to `POST /{locale}/api/error-reports/`, what the
 * server records of its own failures, and how the hub's dashboard shows them, grouped. The site's reporter, the
 * server's route and the dashboard take their shapes and limits from here.
 */
import { Type, type Static } from '@sinclair/typebox';
import { errorReportLimits } from './error-report-limits';
import { browserErrorCodes, errorCodeParamLimits, errorReportCodes } from './error-report-codes';

// The limits, the address and the codes live apart from the schemas, so the browser reads them without TypeBox.
export * from './error-report-limits';
export * from './error-report-codes';

/** Where the browser's reports come from. */
export const errorReportAreas = ['site', 'editor', 'hub'] as const;
export type ErrorReportArea = (typeof errorReportAreas)[number];

/**
 * What a browser reports:
 * - `error`: an uncaught error; `rejection`: an unhandled promise rejection;
 * - `chunk`: a script or style chunk that failed to load (`reloaded`: whether the reload guard reloaded the page);
 * - `route`: the error page was shown for a route (`status`: 500 when a page failed to render, 404 when a link of
 *   the site itself led to a page that does not exist);
 * - `save`: a save in the editor or the hub failed (`status`, 0 when no answer came; `call`: method and path).
 */
export const browserErrorKinds = ['error', 'rejection', 'chunk', 'route', 'save'] as const;
/** What the server records of itself: a 5xx answer, a publish run that failed, a scheduled backup that failed (ADR 081). */
export const serverErrorKinds = ['server', 'publish', 'backup'] as const;
/**
 * A group of its own (ADR 065): the reports of new kinds past the day's cap on new groups, one such group a day and
 * source, counted only. Its place is the day (`YYYY-MM-DD`).
 */
export const OVERFLOW_KIND = 'overflow' as const;
export const errorKinds = [...browserErrorKinds, ...serverErrorKinds, OVERFLOW_KIND] as const;
export type BrowserErrorKind = (typeof browserErrorKinds)[number];
export type ErrorKind = (typeof errorKinds)[number];

const text = (maxLength: number, description: string) => Type.String({ maxLength, description });

/** A code's parameters (./error-report-codes.ts), each bounded like the report's own texts (ADR 065). */
export const ErrorCodeParamsSchema = Type.Object(
  {
    from: Type.Optional(Type.String({ minLength: 1, maxLength: errorCodeParamLimits.from, pattern: '^/[^?#]*$', description: 'the path of the page that linked' })),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 599 })),
    reason: Type.Optional(text(errorCodeParamLimits.reason, "the refusal's code or message")),
    run: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
  },
  { additionalProperties: false },
);

export const ErrorReportSchema = Type.Object(
  {
    kind: Type.Union(browserErrorKinds.map((kind) => Type.Literal(kind))),
    /** Without it (the eager part's reports: chunks, 404s): the hub under /cms-hub, else the site. */
    area: Type.Optional(Type.Union(errorReportAreas.map((area) => Type.Literal(area)))),
    /** One line; a chunk failure's may hold webpack's second line (the chunk's address), which names its place. */
    message: Type.String({ minLength: 1, maxLength: errorReportLimits.message, description: 'what went wrong' }),
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
    /** What the site wrote itself, as a code the hub words (ADR 079); its parameters in `params`. */
    code: Type.Optional(Type.Union(browserErrorCodes.map((code) => Type.Literal(code)))),
    params: Type.Optional(ErrorCodeParamsSchema),
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
  /** The newest stored report's code and parameters (ADR 079); null for a report without one (an error's own, or stored before codes). */
  code: Type.Union([...errorReportCodes.map((code) => Type.Literal(code)), Type.Null()]),
  params: Type.Union([ErrorCodeParamsSchema, Type.Null()]),
  /** The status of the newest report, where the kind has one. */
  status: Type.Union([Type.Integer(), Type.Null()]),
  /** Reports in the dashboard's window (`ERROR_DASHBOARD_DAYS`: today and the days before, UTC), stored or only counted. */
  count: Type.Integer({ minimum: 0 }),
  first_seen: Type.String({ format: 'date-time' }),
  last_seen: Type.String({ format: 'date-time' }),
  /** The release of the newest stored report; '' when the group only counted (an overflow group). */
  release: Type.String(),
  /** The path of the newest stored report's page or request; '' when none is stored. */
  path: Type.String(),
  /** Set when an admin marked it resolved and nothing was reported since; a new report opens it again. */
  resolved_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ErrorGroup = Static<typeof ErrorGroupSchema>;

export const ErrorGroupsSchema = Type.Object({
  days: Type.Integer(),
  groups: Type.Array(ErrorGroupSchema),
});

/**
 * The error reports' limits and address (issue 20, ADR 057) without their schemas: the browser's reporter reads these
 * on every visitor page, and importing them from error-reports.ts would bring TypeBox along (ADR 046: about 17 KB gzip
 * per page). error-reports.ts re-exports them, so the server and the schemas name one source.
 */

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
/** What the server records of itself: a 5xx answer, a publish run that failed. */
export const serverErrorKinds = ['server', 'publish'] as const;
export const errorKinds = [...browserErrorKinds, ...serverErrorKinds] as const;
export type BrowserErrorKind = (typeof browserErrorKinds)[number];
export type ErrorKind = (typeof errorKinds)[number];

/** Longest texts kept (characters); the browser cuts to them before sending, the server refuses longer ones. */
export const errorReportLimits = { message: 500, place: 200, path: 300, stack: 4000, release: 80, call: 200 } as const;
/** A report's JSON body is refused (413) above this many bytes. */
export const ERROR_REPORT_BODY_LIMIT = 16 * 1024;
/** Reports a page sends at most, whatever happens on it; the rest are dropped in the browser. */
export const ERROR_REPORTS_PER_PAGE = 5;
/** How long reports are kept, and how far back the dashboard looks. */
export const ERROR_RETENTION_DAYS = 30;
export const ERROR_DASHBOARD_DAYS = 7;

export const errorReportPath = (locale: string) => `/${locale}/api/error-reports/`;

/**
 * The error reports' limits and address (ADR 057) without their schemas: the browser's reporter reads these
 * on every visitor page, and importing them from error-reports.ts would bring TypeBox along (ADR 046: about 17 KB gzip
 * per page). error-reports.ts re-exports them, so the server and the schemas name one source.
 */

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

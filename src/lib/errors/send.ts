/**
 * Sends an error report to our own content server (issue 20, ADR 057): same origin, no cookie, `keepalive` so a
 * report sent just before a reload or a navigation still arrives. Part of every visitor page (it is what a chunk that
 * failed to load reports with, before the reload), so it stays small: the stack's reading and scrubbing are in the
 * lazily loaded reporter (./report.ts).
 */
import type { ErrorReport } from '../../../contract/error-reports';
import { ERROR_REPORT_BODY_LIMIT, ERROR_REPORTS_PER_PAGE, errorReportLimits, errorReportPath, type ErrorReportArea } from '../../../contract/error-report-limits';
import { pathLanguage } from '../i18n/page-language';

/** What a caller says; where (area, path) and which build (release) are added here. */
export type ReportFields = Omit<ErrorReport, 'area' | 'path' | 'release'> & { area?: ErrorReportArea };

/** Refused by the server's input guard (contract/control-characters.ts); tab and line breaks are made spaces below. */
// eslint-disable-next-line no-control-regex -- the point is to find them
const controlPattern = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Where the page is: the hub, the editor (or its preview) on a site page, or the site. */
export function reportArea({ pathname, search }: { pathname: string; search: string } = window.location): ErrorReportArea {
  if (/^\/cms-hub(\/|$)/.test(pathname)) return 'hub';
  return /[?&](edit|preview)(=|&|$)/.test(search) ? 'editor' : 'site';
}

/**
 * The report as the server takes it: each text cut to its limit and without control characters (the stack keeps its
 * line breaks; the others become one line). Cut first, so a pair of surrogates cut in two is replaced as well.
 */
export function fitReport(fields: ReportFields, page: { pathname: string; search: string }, release: string): ErrorReport {
  const report: Record<string, unknown> = { area: reportArea(page), path: page.pathname, release, ...fields };
  for (const [key, limit] of Object.entries(errorReportLimits)) {
    const value = report[key];
    if (typeof value !== 'string') continue;
    const cut = value.slice(0, limit);
    report[key] = key === 'stack' ? cut.replace(/\r\n?/g, '\n').replace(/[^\S\n]/g, ' ').replace(controlPattern, (c) => (c === '\n' ? c : '\ufffd')) : cut.replace(/\s/g, ' ').replace(controlPattern, '\ufffd');
  }
  if (!report.message) report.message = 'Error';
  return report as ErrorReport;
}

const seen = new Set<string>();

/**
 * Sends `fields` as a report unless this page has sent `ERROR_REPORTS_PER_PAGE` already or the same message and place
 * once before. Never throws and never waits: a failed send is dropped.
 */
export function sendErrorReport(fields: ReportFields): void {
  try {
    const report = fitReport(fields, window.location, process.env.GATSBY_KF_RELEASE ?? '');
    const key = `${report.message}\n${report.place}`;
    if (seen.size >= ERROR_REPORTS_PER_PAGE || seen.has(key)) return;
    seen.add(key);
    let body = JSON.stringify(report);
    // Three bytes a character at most (UTF-8 of the BMP): a report that might exceed the limit goes without its stack.
    if (body.length * 3 > ERROR_REPORT_BODY_LIMIT) body = JSON.stringify({ ...report, stack: undefined });
    fetch(errorReportPath(pathLanguage(report.path)), {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => undefined);
  } catch {
    // Reporting must never be the next error.
  }
}

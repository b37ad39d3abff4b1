/**
 * Sends an error report to our own content server (issue 20, ADR 057): same origin, no cookie, `keepalive` so a
 * report sent just before a reload or a navigation still arrives. Part of every visitor page (it is what a chunk that
 * failed to load reports with, before the reload), so it stays small: the stack's reading and scrubbing are in the
 * lazily loaded reporter (./report.ts).
 */
import type { ErrorReport, ErrorReportArea } from '../../../contract/error-reports';
import { ERROR_REPORTS_PER_PAGE, errorReportLimits, errorReportPath } from '../../../contract/error-report-limits';
import { pathLanguage } from '../i18n/page-language';

/** What a caller says; where (area, path) and which build (release) are added here. */
export type ReportFields = Omit<ErrorReport, 'area' | 'path' | 'release'> & { area?: ErrorReportArea };

/** Where the page is: the hub, the editor (or its preview) on a site page, or the site. */
export function reportArea({ pathname, search }: { pathname: string; search: string } = window.location): ErrorReportArea {
  return /^\/cms-hub(\/|$)/.test(pathname) ? 'hub' : /[?&](edit|preview)(=|&|$)/.test(search) ? 'editor' : 'site';
}

const seen = new Set<string>();

/**
 * Sends `fields` as a report unless this page has sent `ERROR_REPORTS_PER_PAGE` already or the same message and place
 * once before. Never throws and never waits: a failed send is dropped. The texts must fit the contract's limits and hold
 * no control character: the lazily loaded reporter fits what it reads from errors (./describe.ts `fitFields`); the
 * reports made here (chunks, 404s) hold only webpack's first line, file names and paths.
 */
export function sendErrorReport(fields: ReportFields): void {
  const key = `${fields.message}\n${fields.place}`;
  if (seen.size >= ERROR_REPORTS_PER_PAGE || seen.has(key)) return;
  seen.add(key);
  try {
    const { pathname } = window.location;
    fetch(errorReportPath(pathLanguage(pathname)), {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ area: reportArea(), path: pathname.slice(0, errorReportLimits.path), release: process.env.GATSBY_KF_RELEASE ?? '', ...fields }),
    }).catch(() => undefined);
  } catch {
    // Reporting must never be the next error.
  }
}

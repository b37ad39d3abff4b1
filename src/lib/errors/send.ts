/**
 * Sends an error report to our own content server (ADR 057): same origin, no cookie, `keepalive` so a
 * report sent just before a reload or a navigation still arrives. Part of every visitor page (a chunk that failed to
 * load reports with it, before the reload), so it is only the send: the lazily loaded reporter (./report.ts) reads
 * errors, fits the texts to the contract's limits and names the area; the server names the area of a report without
 * one by its path, and scrubs every text again.
 */
import type { ErrorReport } from '../../../contract/error-reports';
import { ERROR_REPORTS_PER_PAGE } from '../../../contract/error-report-limits';
import { pathLanguage } from '../i18n/page-language';

/** What a caller says; where (path) and which build (release) are added here. */
export type ReportFields = Omit<ErrorReport, 'path' | 'release'>;

const seen: string[] = [];

/**
 * Sends `fields` as a report unless this page has sent `ERROR_REPORTS_PER_PAGE` already or the same message and place
 * once before. Never waits; a failed send is dropped.
 */
export function sendErrorReport(fields: ReportFields): void {
  const key = `${fields.message}\n${fields.place}`;
  if (seen.length >= ERROR_REPORTS_PER_PAGE || seen.includes(key)) return;
  seen.push(key);
  const path = window.location.pathname.slice(0, 300);
  fetch(`/${pathLanguage(path)}/api/error-reports/`, {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, path, release: process.env.GATSBY_KF_RELEASE }),
  }).catch(() => undefined);
}

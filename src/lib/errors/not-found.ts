/**
 * A link of the site that led nowhere (ADR 057): the 404 page reports itself when it was reached from a page of the
 * site (a client-side navigation, or a first page whose referrer is of our origin), not for an address typed or
 * followed from elsewhere, which is no fault of ours.
 */
import { errorReportLimits } from '../../../contract/error-report-limits';
import { errorCodeParamLimits } from '../../../contract/error-report-codes';
import { previousPath } from './previous-path';
import { sendErrorReport, type ReportFields } from './send';

/** The path of the site's page that linked here, or undefined when no page of the site did. */
export function linkedFrom(referrer: string, origin: string, previous: string | undefined = previousPath()): string | undefined {
  if (previous) return previous;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The report of the 404 page at `path`, reached by a link on the page at `from`: its path is the place, the code
 * `linked_from` what the hub words (ADR 079). Paths are percent-encoded: no control character; only cut to the
 * contract's limits.
 */
export const brokenLinkReport = (from: string, path: string): ReportFields => ({
  kind: 'route',
  status: 404,
  message: `Not found: linked from ${from}`.slice(0, errorReportLimits.message),
  place: path.slice(0, errorReportLimits.place),
  code: 'linked_from',
  params: { from: from.slice(0, errorCodeParamLimits.from) },
});

/** Reports the 404 page at `path` when a link of the site led to it. */
export function reportBrokenLink(path: string): void {
  const from = linkedFrom(document.referrer, window.location.origin);
  if (from === undefined || from === path) return;
  sendErrorReport(brokenLinkReport(from, path));
}

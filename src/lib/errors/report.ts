/**
 * The error reporter's lazily loaded part (chunk `error-report`, ADR 057): loaded by ./install.ts when the page has an
 * error to report, and imported directly by code that is lazy itself (the route error page, staff calls).
 */
import type { PostResult } from '../api-read';
import { callOf, describeError, errorMessage, fitFields, reportArea } from './describe';
import { sendErrorReport as send, type ReportFields } from './send';
import { errorCodeParamLimits } from '../../../contract/error-report-codes';
import { replaceControlCharacters } from '../../../contract/control-characters';

/** Fitted to the contract's limits, from the area the page is in unless the caller names it. */
const sendErrorReport = (fields: ReportFields) => send(fitFields({ area: reportArea(window.location), ...fields }));

/** An uncaught error (`error`) or an unhandled rejection (`rejection`). */
export function reportError(kind: 'error' | 'rejection', value: unknown, file?: string): void {
  const described = describeError(value, { origin: window.location.origin, file });
  if (described) sendErrorReport({ kind, ...described });
}

/** A page that failed to render and showed the error page instead: its path is the place. */
export function reportRouteError(error: unknown, path: string): void {
  const described = describeError(error, { origin: window.location.origin }) ?? { message: errorMessage(error) };
  sendErrorReport({ kind: 'route', status: 500, ...described, place: path });
}

/**
 * Whether a failed call is one to report (ADR 057): a write that got no answer, a 5xx, or a refusal that says our
 * client built a bad request (`malformed_request`, `unknown_field`, a route the server does not have). Not the
 * refusals a person acts on: fields to correct, a login, a missing right, a conflict, a file too large, a pause.
 */
export function isReportedFailure(method: string, result: PostResult<unknown>): boolean {
  if (result.ok || method.toUpperCase() === 'GET') return false;
  const { status } = result;
  const code = result.data?.code;
  return status === 0 || status >= 500 || (status === 400 && (code === 'malformed_request' || code === 'unknown_field')) || (status === 404 && code === 'route_not_found');
}

/**
 * Reports `result` of the write `method url` when it is a failure `isReportedFailure` names; the body is never sent.
 * `area`: the editor or the hub; without it, where the page is (the pickers serve both).
 */
export function reportFailedSave(method: string, url: string, result: PostResult<unknown>, area?: 'editor' | 'hub'): void {
  if (!isReportedFailure(method, result) || result.ok) return;
  sendErrorReport(failedSaveReport(callOf(method, url, window.location.origin), result, area));
}

/**
 * The report of the failed save `call` (method and path): the code `save_failed` with the status and the refusal's
 * code or message is what the hub words (ADR 079); the message says the same in English for the error service.
 */
export function failedSaveReport(call: string, result: { status: number; data?: { code?: string; message?: string } | null }, area?: 'editor' | 'hub'): ReportFields {
  const why = result.status === 0 ? '' : (result.data?.code ?? result.data?.message ?? '');
  const reason = result.status === 0 ? 'no answer' : `${result.status} ${why}`.trim();
  return {
    kind: 'save',
    ...(area ? { area } : {}),
    status: result.status,
    call,
    message: `Save failed: ${reason}`,
    // The place without record ids: one failing call is one group, whichever record it was saving.
    place: call.replace(/\/\d+(?=\/|$)/g, '/{id}'),
    code: 'save_failed',
    params: { status: result.status, ...(why ? { reason: replaceControlCharacters(why.slice(0, errorCodeParamLimits.reason)).replace(/[\t\r\n]/g, ' ') } : {}) },
  };
}

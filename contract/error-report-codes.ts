/**
 * What a report the site or the server wrote itself says, as a code with parameters (ADR 079), so the hub words it in
 * its own language from the code, never by reading the English message back. The message stays beside it for the
 * error service and for reports stored before codes existed. Plain code without TypeBox: the browser's reporter
 * imports it (ADR 046); error-reports.ts re-exports it with the schemas.
 *
 * - `linked_from`: a link of the site led to a page that does not exist (`from`: the linking page's path);
 * - `save_failed`: a save in the editor or the hub failed (`status`, 0 when no answer came; `reason`: the refusal's
 *   code or message, when one came);
 * - `server_status`: the server answered with a 5xx without an error of its own (`status`);
 * - `publish_failed`: a publish run failed (`run`: its number);
 * - `backup_failed`: a scheduled backup failed (`run`: the number of its row in `backup_run`, ADR 081).
 */
import { errorReportLimits } from './error-report-limits';

/** The codes a browser may send; the server's own it never may. */
export const browserErrorCodes = ['linked_from', 'save_failed'] as const;
export const serverErrorCodes = ['server_status', 'publish_failed', 'backup_failed'] as const;
export const errorReportCodes = [...browserErrorCodes, ...serverErrorCodes] as const;
export type BrowserErrorCode = (typeof browserErrorCodes)[number];
export type ErrorReportCode = (typeof errorReportCodes)[number];

/** Longest parameter texts (characters): a path as long as a report's path, a reason as long as a refusal's code. */
export const errorCodeParamLimits = { from: errorReportLimits.path, reason: 80 } as const;

/** The parameters any code may carry; which a code needs is `requiredParams`. */
export interface ErrorCodeParams {
  from?: string;
  status?: number;
  reason?: string;
  run?: number;
}

/** The parameters each code needs; a report without them is refused naming the first one missing. */
export const requiredParams: Record<ErrorReportCode, readonly (keyof ErrorCodeParams)[]> = {
  linked_from: ['from'],
  save_failed: ['status'],
  server_status: ['status'],
  publish_failed: ['run'],
  backup_failed: ['run'],
};

/** A code with its parameters, as a report carries it. */
export interface ErrorCoded {
  code: ErrorReportCode;
  params: ErrorCodeParams;
}

/** The first parameter `code` needs that `params` lacks, or undefined when all are there. */
export const missingParam = (code: ErrorReportCode, params: ErrorCodeParams | undefined): keyof ErrorCodeParams | undefined =>
  requiredParams[code].find((name) => params?.[name] === undefined);

/** The server's 5xx answer without an error of its own. */
export const serverStatusCode = (status: number): ErrorCoded => ({ code: 'server_status', params: { status } });

/** A failed publish run. */
export const publishFailedCode = (run: number): ErrorCoded => ({ code: 'publish_failed', params: { run } });

/** A failed backup (ADR 081), by its run's number. */
export const backupFailedCode = (run: number): ErrorCoded => ({ code: 'backup_failed', params: { run } });

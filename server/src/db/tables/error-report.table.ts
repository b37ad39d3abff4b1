import type { Generated, Selectable } from 'kysely';
import type { ErrorKind, ErrorReportArea, ErrorReportCode } from '../../../../contract/error-reports';

/**
 * A kind of failure (ADR 057): reports with the same fingerprint (source, kind, message and place) are one
 * group; `overflow` groups (one a day and source) count the reports of new kinds past the day's cap (ADR 065). Not
 * content: never synced or logged in the change log.
 */
export interface ErrorGroupTable {
  /** 32 hex digits of a SHA-256 over source, kind, message (digits folded) and place. */
  fingerprint: string;
  source: 'browser' | 'server';
  kind: ErrorKind;
  /** site, editor or hub for a browser's report; server for the server's own. */
  area: ErrorReportArea | 'server';
  /** The first report's message and place, scrubbed. */
  message: string;
  place: string;
  first_seen: string;
  last_seen: string;
  /** When an admin marked it resolved; cleared by the next report. */
  resolved_at: string | null;
  /** The staff user who did (no foreign key: removing the account keeps the mark). */
  resolved_by: number | null;
  /** The hour (ISO, `…T10`) `forwards` counts the reports sent to the error service in; null before the first. */
  forward_hour: string | null;
  forwards: Generated<number>;
}

/** How many reports a group had on a day (UTC, `YYYY-MM-DD`), stored as a sample or only counted (ADR 065). */
export interface ErrorGroupDayTable {
  fingerprint: string;
  day: string;
  count: number;
}

export type ForwardState = 'none' | 'pending' | 'sent' | 'failed';

/**
 * One report, scrubbed of personal data before it was stored: a group's first and latest few (ADR 065), and every
 * report with a `ref`; kept ERROR_RETENTION_DAYS.
 */
export interface ErrorEventTable {
  id: Generated<number>;
  fingerprint: string;
  occurred_at: string;
  release: string;
  path: string;
  status: number | null;
  stack: string | null;
  /** JSON object: `call`, `reloaded`, `method`, `run`, where the report had them. */
  detail: string | null;
  /** What the site or the server wrote itself, as a code the hub words (ADR 079); null for an error's own message. */
  code: ErrorReportCode | null;
  /** The code's parameters, a JSON object; null without a code. */
  code_params: string | null;
  /** What a server-side report is about, unique (`publish_run:17`); null for the others. */
  ref: string | null;
  forward_state: ForwardState;
  forward_attempts: Generated<number>;
  /** Not before this time (retry back-off, a claim by a server sending it, the service's Retry-After). */
  forward_after: string | null;
}
export type ErrorGroupRow = Selectable<ErrorGroupTable>;
export type ErrorEventRow = Selectable<ErrorEventTable>;

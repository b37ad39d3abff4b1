/**
 * The server's error reporting (ADR 057): browsers' reports (routes/error-reports.ts), the server's own 5xx answers
 * (plugins/error-reports.ts), failed publish runs and failed scheduled backups (ADR 081) are scrubbed of personal data, grouped by fingerprint and
 * counted for the hub's dashboard, within bounds (ADR 065): a group keeps FIRST_SAMPLES and LATEST_SAMPLES reports
 * as samples (`error_event`), at most NEW_GROUPS_PER_DAY groups open a day and MAX_GROUPS in all, and past that a
 * report counts to the day's overflow group. With a Sentry DSN, samples are also forwarded as envelopes
 * (services/errors/sentry.ts): at most FORWARDS_PER_GROUP_PER_HOUR per group, retried with back-off at most
 * MAX_FORWARD_ATTEMPTS times, never more; what cannot be sent stays stored. Samples are kept ERROR_RETENTION_DAYS,
 * day counts the dashboard's days.
 *
 * Nothing here may fail a request or a run: every public method catches and logs its own errors.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import {
  claimForward,
  dueForwards,
  pruneErrorReports,
  recordErrorReport,
  recordForward,
  unreportedFailedRuns,
  type DueForward,
  type NewErrorReport,
  type RecordedReport,
} from '../../db/repositories/error-reports';
import {
  ERROR_DASHBOARD_DAYS,
  ERROR_RETENTION_DAYS,
  OVERFLOW_KIND,
  backupFailedCode,
  errorCodeParamLimits,
  errorReportLimits,
  publishFailedCode,
  serverStatusCode,
  type ErrorCoded,
  type ErrorReport,
} from '../../../../contract/error-reports';
import { scrubPath, scrubText } from '../../../../contract/error-scrub';
import { envelopeOf, sendEnvelope, sentryEvent, type SentryDsn } from './sentry';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Samples a group keeps (ADR 065): its first reports, which show how it began, and its latest, which show it now. */
export const FIRST_SAMPLES = 5;
export const LATEST_SAMPLES = 5;
/** New groups a day (UTC) and groups in all; past either, reports of new kinds count to the day's overflow group. */
export const NEW_GROUPS_PER_DAY = 50;
export const MAX_GROUPS = 1000;
/** Samples of one group sent to the service per hour (a clock hour); the rest are only stored. */
export const FORWARDS_PER_GROUP_PER_HOUR = 10;
/** Tries per report; after the last failed one it is marked failed and kept, never tried again. */
export const MAX_FORWARD_ATTEMPTS = 4;
/** Waits after the first, second, third failed try: 30 s, 2 min, 8 min. */
export const forwardBackoffMs = (attempts: number) => 30_000 * 4 ** (attempts - 1);
/** How long a server holds a report it is sending before another may try. */
const CLAIM_MS = 60_000;
/** The server's own reports per minute and process; beyond, they go to the log only (a failing database, say). */
const SERVER_REPORTS_PER_MINUTE = 60;
const FORWARD_BATCH = 20;

export interface SentryTarget {
  dsn: SentryDsn;
  environment: string;
}

export interface ErrorReporterOptions {
  db: Db;
  release: string;
  now?: () => Date;
  sentry?: SentryTarget;
  /** The repository root, taken off the server's stack frames. */
  root?: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface ServerFailure {
  error?: unknown;
  status: number;
  method: string;
  /** The route's pattern (`/:locale/api/events/`), or undefined when no route matched. */
  route?: string;
  /** The request's URL; only its path is kept. */
  url: string;
}

const cut = (value: string, limit: number) => (value.length > limit ? `${value.slice(0, limit - 1)}…` : value);
const firstLine = (value: string) => value.split('\n', 1)[0].trim();

/**
 * A chunk failure as webpack words it (`ChunkLoadError: Loading chunk 374 failed.\n(error: https://…/component---…-24b7e550a9705a909c69.js)`):
 * the message without the chunk's id, the place its file without the content hash, so one chunk's failures are one
 * group whatever the build.
 */
export function chunkFailure(text: string): { message: string; place?: string } {
  const file = /[^/\s()]+\.(?:css|js)\b/.exec(text)?.[0];
  return {
    message: firstLine(text).replace(/chunk [\w-]+ failed/i, 'chunk failed'),
    ...(file ? { place: file.replace(/-[0-9a-f]{20}\./, '.') } : {}),
  };
}

/** The group of a report: source, kind, area, message and place, with digits folded so ids do not split it. */
export function fingerprintOf(group: NewErrorReport['group']): string {
  const message = group.message.replace(/\d+/g, '0').replace(/\b[0-9a-f]{8,}\b/gi, 'x');
  return createHash('sha256').update([group.source, group.kind, group.area, message, group.place].join('\n')).digest('hex').slice(0, 32);
}

/** The group the reports of new kinds of `source` count to on `day` (YYYY-MM-DD) past the caps; its place is the day. */
export function overflowGroup(source: NewErrorReport['group']['source'], day: string): NewErrorReport['overflow'] {
  const group = {
    source,
    kind: OVERFLOW_KIND,
    area: source === 'browser' ? ('site' as const) : ('server' as const),
    message: `More new kinds of error than ${NEW_GROUPS_PER_DAY} a day: counted only`,
    place: day,
  };
  return { fingerprint: fingerprintOf(group), group };
}

/**
 * A browser's code with its parameters as stored (ADR 079): the schema bounds each, the route checks that the code's
 * are there; the texts are scrubbed like the report's own.
 */
function browserCoded(report: ErrorReport): ErrorCoded | null {
  if (!report.code) return null;
  const params = { ...report.params };
  if (params.from !== undefined) params.from = scrubPath(params.from) || '/';
  if (params.reason !== undefined) params.reason = cut(scrubText(firstLine(params.reason)), errorCodeParamLimits.reason);
  return { code: report.code, params };
}

/**
 * What became of a browser's report: stored as a sample, only counted, or refused (a new kind while the site's
 * budget is spent); undefined when it could not be recorded (logged).
 */
export type BrowserOutcome = Exclude<RecordedReport['outcome'], 'known'> | undefined;

const silent = { warn: () => undefined, error: () => undefined };

export class ErrorReporter {
  private readonly db: Db;
  private readonly release: string;
  private readonly now: () => Date;
  private readonly sentry?: SentryTarget;
  private readonly root?: string;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  private timer?: NodeJS.Timeout;
  private forwarding?: Promise<number>;
  private pausedUntil = 0;
  private lastPrune = 0;
  private serverWindow = { start: 0, count: 0 };
  private closed = false;

  constructor({ db, release, now = () => new Date(), sentry, root, log = silent }: ErrorReporterOptions) {
    this.db = db;
    this.release = release;
    this.now = now;
    this.sentry = sentry;
    this.root = root;
    this.log = log;
  }

  /**
   * Records a browser's report (validated by the route's schema). `spend` says whether the site-wide budget has room
   * for a row (a new group or a sample); without, a known group only counts the report and a new one is refused.
   */
  async browser(report: ErrorReport, spend?: () => Promise<boolean>): Promise<BrowserOutcome> {
    const path = scrubPath(report.path) || '/';
    const area = report.area ?? (/^\/cms-hub(\/|$)/.test(path) ? 'hub' : 'site');
    const { message, place } = report.kind === 'chunk' && report.place === undefined ? chunkFailure(report.message) : report;
    const detail: Record<string, unknown> = {};
    if (report.call !== undefined) detail.call = cut(scrubText(report.call.replace(/[?#].*$/s, '')), errorReportLimits.call);
    if (report.reloaded !== undefined) detail.reloaded = report.reloaded;
    const recorded = await this.store(
      {
        group: {
          source: 'browser',
          kind: report.kind,
          area,
          message: cut(scrubText(firstLine(message)) || report.kind, errorReportLimits.message),
          place: cut(scrubText(place ?? '') || (report.kind === 'route' ? path : ''), errorReportLimits.place),
        },
        release: cut(scrubText(report.release), errorReportLimits.release) || 'unknown',
        path,
        status: report.status ?? null,
        stack: report.stack ? cut(scrubText(report.stack), errorReportLimits.stack) : null,
        detail: Object.keys(detail).length ? detail : null,
        ref: null,
        coded: browserCoded(report),
      },
      spend,
    );
    return recorded?.outcome === 'known' ? undefined : recorded?.outcome;
  }

  /** Records a 5xx answer of this server; resolves once stored (or dropped, or logged as not stored). */
  async server({ error, status, method, route, url }: ServerFailure): Promise<void> {
    const at = this.now().getTime();
    if (at - this.serverWindow.start >= 60_000) this.serverWindow = { start: at, count: 0 };
    if (++this.serverWindow.count > SERVER_REPORTS_PER_MINUTE) return;
    const described = error instanceof Error ? `${error.name}: ${error.message}` : `HTTP ${status}`;
    let stack = error instanceof Error && error.stack ? error.stack : null;
    if (stack && this.root) stack = stack.split(`${this.root}/`).join('');
    await this.store({
      group: {
        source: 'server',
        kind: 'server',
        area: 'server',
        message: cut(scrubText(firstLine(described)) || `HTTP ${status}`, errorReportLimits.message),
        place: cut(`${method} ${route ?? '(no route)'}`, errorReportLimits.place),
      },
      release: this.release,
      path: cut(scrubPath(url) || '/', errorReportLimits.path),
      status,
      stack: stack ? cut(scrubText(stack), errorReportLimits.stack) : null,
      detail: { method },
      ref: null,
      coded: error instanceof Error ? null : serverStatusCode(status),
    });
  }

  /**
   * Reports the failed publish runs of the retention period no report names yet, however they failed (a build,
   * Netlify's deploy notification, a server stopped mid-run). A report per run, once, across servers.
   */
  async publishFailures(): Promise<number> {
    try {
      const since = new Date(this.now().getTime() - ERROR_RETENTION_DAYS * DAY).toISOString();
      let reported = 0;
      for (const run of await unreportedFailedRuns(this.db, since)) {
        const reason = run.error ?? 'The publish run failed.';
        const recorded = await this.store({
          group: {
            source: 'server',
            kind: 'publish',
            area: 'server',
            message: cut(scrubText(firstLine(reason)) || 'The publish run failed.', errorReportLimits.message),
            place: 'publish run',
          },
          occurredAt: run.finished_at ?? run.started_at,
          release: this.release,
          path: `publish run ${run.id}`,
          status: null,
          stack: cut(scrubText(reason), errorReportLimits.stack),
          detail: { run: run.id, title: cut(scrubText(run.trigger_title), 200) },
          ref: `publish_run:${run.id}`,
          coded: publishFailedCode(run.id),
        });
        if (recorded?.outcome === 'stored') reported++;
      }
      return reported;
    } catch (error) {
      this.log.error({ err: error }, 'failed publish runs could not be reported');
      return 0;
    }
  }

  /**
   * Reports a scheduled backup that failed (backup/schedule.ts, ADR 081): its message is the run's error, already
   * one plain line without paths beyond the archive's name. Only the server that tried it reports it, so it needs no
   * `ref`, and a backup failing at every try stays within the group's samples (ADR 065).
   */
  async backupFailure(run: { id: number; error: string; finishedAt: string }): Promise<void> {
    const message = cut(scrubText(firstLine(run.error)) || 'The backup failed.', errorReportLimits.message);
    await this.store({
      group: { source: 'server', kind: 'backup', area: 'server', message, place: 'backup' },
      occurredAt: run.finishedAt,
      release: this.release,
      path: `backup run ${run.id}`,
      status: null,
      stack: null,
      detail: { run: run.id },
      ref: null,
      coded: backupFailedCode(run.id),
    });
  }

  private async store(report: Omit<NewErrorReport, 'fingerprint' | 'overflow' | 'occurredAt'> & { occurredAt?: string }, spend?: () => Promise<boolean>): Promise<RecordedReport | undefined> {
    try {
      const occurredAt = report.occurredAt ?? this.now().toISOString();
      const recorded = await recordErrorReport(
        this.db,
        { ...report, occurredAt, fingerprint: fingerprintOf(report.group), overflow: overflowGroup(report.group.source, occurredAt.slice(0, 10)) },
        {
          firstSamples: FIRST_SAMPLES,
          latestSamples: LATEST_SAMPLES,
          newGroupsPerDay: NEW_GROUPS_PER_DAY,
          maxGroups: MAX_GROUPS,
          forwardsPerHour: this.sentry ? FORWARDS_PER_GROUP_PER_HOUR : undefined,
        },
        spend,
      );
      if (recorded.outcome === 'stored' && this.sentry) this.kick();
      return recorded;
    } catch (error) {
      // The report is lost, the request or run it is about is not: the log keeps what it can.
      this.log.error({ err: error, report: report.group }, 'an error report could not be stored');
      return undefined;
    }
  }

  /** Sends what is due soon, without holding up the caller. */
  private kick() {
    if (this.closed || this.forwarding) return;
    setImmediate(() => void this.forwardDue());
  }

  /** Sends the reports whose time has come; resolves with how many were sent. One pass at a time per process. */
  forwardDue(): Promise<number> {
    if (!this.sentry) return Promise.resolve(0);
    this.forwarding ??= this.forwardBatch(this.sentry).finally(() => (this.forwarding = undefined));
    return this.forwarding;
  }

  private async forwardBatch(sentry: SentryTarget): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        if (this.closed || this.now().getTime() < this.pausedUntil) return sent;
        const due = await dueForwards(this.db, this.now().toISOString(), FORWARD_BATCH);
        if (!due.length) return sent;
        for (const row of due) {
          if (this.closed || this.now().getTime() < this.pausedUntil) return sent;
          if (await this.forwardOne(sentry, row)) sent++;
        }
        if (due.length < FORWARD_BATCH) return sent;
      }
    } catch (error) {
      this.log.error({ err: error }, 'error reports could not be forwarded');
      return sent;
    }
  }

  private async forwardOne(sentry: SentryTarget, row: DueForward): Promise<boolean> {
    const now = this.now();
    if (!(await claimForward(this.db, row, new Date(now.getTime() + CLAIM_MS).toISOString()))) return false;
    const event = sentryEvent(
      {
        fingerprint: row.fingerprint,
        occurredAt: row.occurred_at,
        source: row.source,
        kind: row.kind,
        area: row.area,
        message: row.message,
        place: row.place,
        release: row.release,
        path: row.path,
        status: row.status,
        stack: row.stack,
        detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
      },
      sentry.environment,
    );
    const outcome = await sendEnvelope(sentry.dsn, envelopeOf(event, sentry.dsn, now, { name: 'konzertfreunde.server', version: this.release }), 'konzertfreunde/1.0');
    const attempts = row.forward_attempts + 1;
    if (outcome.ok) {
      await recordForward(this.db, row.id, 'sent', attempts, null);
      return true;
    }
    const later = this.now().getTime();
    if (outcome.retryAfterMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, later + outcome.retryAfterMs);
    if (attempts >= MAX_FORWARD_ATTEMPTS) {
      this.log.warn({ report: row.id, reason: outcome.reason, attempts }, 'an error report could not be forwarded; it stays stored');
      await recordForward(this.db, row.id, 'failed', attempts, null);
    } else {
      const wait = Math.max(forwardBackoffMs(attempts), outcome.retryAfterMs ?? 0);
      await recordForward(this.db, row.id, 'pending', attempts, new Date(later + wait).toISOString());
    }
    return false;
  }

  /** Deletes samples and groups older than ERROR_RETENTION_DAYS and day counts before the dashboard's days; resolves with how many samples. */
  async prune(): Promise<number> {
    try {
      this.lastPrune = this.now().getTime();
      const countsFrom = new Date(this.lastPrune - (ERROR_DASHBOARD_DAYS - 1) * DAY).toISOString().slice(0, 10);
      return await pruneErrorReports(this.db, new Date(this.lastPrune - ERROR_RETENTION_DAYS * DAY).toISOString(), countsFrom);
    } catch (error) {
      this.log.error({ err: error }, 'old error reports could not be pruned');
      return 0;
    }
  }

  /** One pass of the loop: failed runs, forwarding, and (hourly) pruning. Tests call it instead of waiting. */
  async flush(): Promise<void> {
    await this.publishFailures();
    await this.forwardDue();
    if (this.now().getTime() - this.lastPrune >= HOUR) await this.prune();
  }

  /** Runs `flush` every `intervalMs` (0: never) until closed. */
  start(intervalMs: number) {
    if (intervalMs <= 0 || this.timer || this.closed) return;
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void this.flush().finally(() => (busy = false));
    }, intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.forwarding;
  }
}

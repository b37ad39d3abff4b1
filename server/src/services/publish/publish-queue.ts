/**
 * The publish queue (ADR 013): staff saves wake it, it waits for a quiet moment so a burst of saves becomes one
 * rebuild, then publishes, one run at a time. A run either calls the injected site builder (an incremental
 * `gatsby build` in a child process, scripts/lib/site-builder.ts) or, with NETLIFY_BUILD_HOOK set, POSTs the
 * build hook. Every run is recorded in `publish_run`; the status call reads the queue's state. Netlify's deploy
 * notifications (ADR 023) move a triggered run on to live or failed; `reload` then reads the runs again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { currentCursor, readFeedState } from '../../db/repositories/change-log';
import { failInterruptedPublishRuns, finishPublishRun, insertPublishRun, lastPublishRun } from '../../db/repositories/publish-runs';
import type { PublishRunRow } from '../../db/tables/publish-run.table';
import { callBuildHook } from './build-hook';
import { deployTitle } from './netlify-deploys';
import type { SaveDescription } from '../../../../contract/save-descriptions';

export interface PublishRequest {
  /** What the run publishes (the saves' titles, summarised). */
  title: string;
  /** The change-log cursor read just before the run: the build includes at least everything up to it. */
  cursor: string;
  /** Aborted when the server closes: the builder stops its child process. */
  signal: AbortSignal;
}

/** Builds the site from the running server's content; the server never imports the build scripts. */
export type SiteBuilder = (request: PublishRequest) => Promise<{ pagesRewritten: number }>;

export type PublishTarget = { kind: 'build'; build: SiteBuilder } | { kind: 'hook'; url: string };

/** `off`: no queue (a server started without a builder or hook); saves go live with the next manual build. */
export type PublishMode = PublishTarget['kind'] | 'off';

/**
 * idle: no run recorded yet, nothing saved since the build the site was started with; pending: saves wait for
 * the quiet period or for the running build; building: a run is in progress; live: the last build succeeded and
 * nothing newer waits; failed: the last run failed (see last.error) and nothing newer waits; triggered: the
 * build hook accepted the last run, the host (Netlify) builds and deploys on its own; deploying: Netlify reported
 * that run's deploy building (ADR 023).
 */
export type PublishState = 'idle' | 'pending' | 'building' | 'live' | 'failed' | 'triggered' | 'deploying';

export interface PublishStatus {
  mode: PublishMode;
  state: PublishState;
  /** Netlify reports the deploys of triggered runs back to this server (hook mode with NETLIFY_WEBHOOK_SECRET). */
  deploy_notifications: boolean;
  /** The newest change-log seq: everything saved. */
  saved_seq: number;
  /** The seq the last live build included, or null when none is recorded (in this database). */
  live_seq: number | null;
  running: PublishRunRow | null;
  last: PublishRunRow | null;
}

export interface PublishQueueOptions {
  db: Db;
  target: PublishTarget;
  /** Netlify's deploy notifications reach this server, so triggered runs are followed to live or failed. */
  deployNotifications?: boolean;
  /** How long after the last save the run starts; default 1000 ms. */
  quietMs?: number;
  /** The longest a save waits while saves keep coming; default 10 × quietMs. */
  maxWaitMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /**
   * Called once after a run ended live or triggered (never failed), after it is recorded, and not awaited: the CDN
   * purge (ADR 050). Errors are caught and logged; they never change the run.
   */
  onPublished?: (run: { fromCursor: string | null; toCursor: string; status: 'live' | 'triggered' }) => Promise<void> | void;
}

const silent = { info: () => undefined, error: () => undefined };

/** The seq of a cursor `<epoch>:<seq>` of this database, else null (another database's cursor, none). */
function seqOf(cursor: string | null | undefined, epoch: string): number | null {
  if (!cursor) return null;
  const separator = cursor.lastIndexOf(':');
  return cursor.slice(0, separator) === epoch ? Number(cursor.slice(separator + 1)) : null;
}

/** A failed run's reason for editors: the end of the error (a build's output ends with its error), no colours. */
export function failureReason(error: unknown, maxLines = 20, maxChars = 2000): string {
  const text = (error instanceof Error ? error.message : String(error))
    // eslint-disable-next-line no-control-regex
    .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
    .trimEnd();
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const tail = lines.slice(-maxLines).join('\n');
  return tail.length > maxChars ? `…${tail.slice(-maxChars)}` : tail || 'Unknown error';
}

/** One title for the saves a run covers: the newest one, and how many came before it. */
export function summariseTitles(titles: string[]): string {
  const newest = titles[titles.length - 1] ?? 'Publish';
  if (titles.length <= 1) return newest;
  const earlier = titles.length - 1;
  return `${newest} (+${earlier} earlier ${earlier === 1 ? 'save' : 'saves'})`;
}

export class PublishQueue {
  readonly mode: PublishTarget['kind'];
  readonly deployNotifications: boolean;
  private readonly db: Db;
  private readonly target: PublishTarget;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  private readonly onPublished: PublishQueueOptions['onPublished'];

  /** Titles of the saves not yet taken by a run. */
  private pending: string[] = [];
  /** What the pending saves did, as data, in step with `pending` (undefined where a caller gave only a title). */
  private pendingSaves: (SaveDescription | undefined)[] = [];
  private firstPendingAt = 0;
  private lastNotifyAt = 0;
  private timer: NodeJS.Timeout | undefined;
  /** A run waiting for the lock or in progress. */
  private running: Promise<void> | undefined;
  /** The row of the run in progress. */
  private current: PublishRunRow | undefined;
  private last: PublishRunRow | undefined;
  /** Cursor of the last live run (live_seq) and of the last run that published at all (the next from_cursor). */
  private liveCursor: string | null = null;
  private publishedCursor: string | null = null;
  /** Serialises runs and exclusive work (the start build of scripts/start.ts) in the one site folder. */
  private lock: Promise<void> = Promise.resolve();
  private readonly abort = new AbortController();
  private closed = false;
  private settledWaiters: Array<() => void> = [];
  private started: Promise<void> | undefined;

  constructor({ db, target, deployNotifications = false, quietMs = 1000, maxWaitMs, log = silent, onPublished }: PublishQueueOptions) {
    this.db = db;
    this.target = target;
    this.mode = target.kind;
    this.deployNotifications = target.kind === 'hook' && deployNotifications;
    this.quietMs = quietMs;
    this.maxWaitMs = Math.max(quietMs, maxWaitMs ?? 10 * quietMs);
    this.log = log;
    this.onPublished = onPublished;
  }

  /**
   * Loads the last runs; runs a previous process left as building are recorded as failed (it stopped). Runs
   * waiting for Netlify's deploy are triggered, not building, so they keep waiting.
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      const interrupted = await failInterruptedPublishRuns(this.db, new Date().toISOString());
      if (interrupted) this.log.info({ interrupted }, 'publish runs cut off by a restart recorded as failed');
      await this.load();
    })();
    return this.started;
  }

  /** Reads the last runs again after something else changed them: a deploy notification (ADR 023). */
  async reload(): Promise<void> {
    await this.start();
    await this.load();
  }

  private async load() {
    this.last = await lastPublishRun(this.db, ['live', 'failed', 'triggered']);
    this.publishedCursor = (await lastPublishRun(this.db, ['live', 'triggered']))?.to_cursor ?? null;
    this.liveCursor = (await lastPublishRun(this.db, ['live']))?.to_cursor ?? null;
  }

  /** A staff save was accepted: publish it after the quiet period, or after the running build. */
  notify(title: string, save?: SaveDescription): void {
    if (this.closed) return;
    const now = Date.now();
    if (!this.pending.length) this.firstPendingAt = now;
    this.lastNotifyAt = now;
    this.pending.push(title);
    this.pendingSaves.push(save);
    // A run in progress picks up what is pending when it ends (exactly one more run).
    if (!this.running) this.schedule();
  }

  get state(): PublishState {
    if (this.current) return 'building';
    if (this.pending.length) return 'pending';
    if (!this.last) return 'idle';
    if (this.last.status === 'triggered' && this.last.deploy_state === 'building') return 'deploying';
    return this.last.status as Exclude<PublishState, 'idle' | 'pending'>;
  }

  async status(): Promise<PublishStatus> {
    await this.start();
    const { epoch, maxSeq } = await readFeedState(this.db);
    return {
      mode: this.mode,
      state: this.state,
      deploy_notifications: this.deployNotifications,
      saved_seq: maxSeq,
      live_seq: seqOf(this.liveCursor, epoch),
      running: this.current ?? null,
      last: this.last ?? null,
    };
  }

  /** Resolves once nothing is pending or running (at once when that is so already). */
  whenSettled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /**
   * Runs `work` while no run does, and holds runs back until it ends: the start build of `npm start` uses the
   * same site folder as the queue's builds, and two `gatsby build`s in one folder would spoil each other.
   */
  runExclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.withLock(work);
  }

  /** Stops the timer, aborts a running build (recorded as failed) and waits for it to end. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.pendingSaves = [];
    this.abort.abort(new Error('Interrupted: the server stopped during this run.'));
    await this.running;
    this.resolveSettled();
  }

  private isSettled() {
    return !this.timer && !this.running && !this.pending.length;
  }

  private resolveSettled() {
    if (!this.isSettled() && !this.closed) return;
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  private schedule() {
    clearTimeout(this.timer);
    const due = Math.min(this.lastNotifyAt + this.quietMs, this.firstPendingAt + this.maxWaitMs);
    this.timer = setTimeout(() => this.begin(), Math.max(0, due - Date.now()));
  }

  private begin() {
    this.timer = undefined;
    this.running = this.withLock(() => this.runOnce()).finally(() => {
      this.running = undefined;
      if (this.pending.length && !this.closed) this.schedule();
      else this.resolveSettled();
    });
  }

  private withLock<T>(work: () => Promise<T>): Promise<T> {
    const result = this.lock.then(work);
    this.lock = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async runOnce(): Promise<void> {
    if (this.closed || !this.pending.length) return;
    const titles = this.pending.splice(0);
    const saves = this.pendingSaves.splice(0);
    const title = summariseTitles(titles);
    const newest = saves[saves.length - 1];
    try {
      await this.start();
      const cursor = await currentCursor(this.db);
      const started = Date.now();
      const run = await insertPublishRun(this.db, {
        trigger_title: title,
        trigger_saves: newest ? JSON.stringify({ newest, earlier: saves.length - 1 }) : null,
        from_cursor: this.publishedCursor,
        to_cursor: cursor,
        started_at: new Date(started).toISOString(),
      });
      this.current = run;
      this.log.info({ run: run.id, title, mode: this.mode }, 'publishing');
      let outcome: Parameters<typeof finishPublishRun>[2];
      try {
        const pages = await this.publish({ title, cursor, signal: this.abort.signal }, run.id);
        outcome = {
          status: this.target.kind === 'build' ? 'live' : 'triggered',
          finished_at: new Date().toISOString(),
          duration_ms: Date.now() - started,
          pages_rewritten: pages,
          error: null,
        };
      } catch (error) {
        outcome = {
          status: 'failed',
          finished_at: new Date().toISOString(),
          duration_ms: Date.now() - started,
          pages_rewritten: null,
          error: failureReason(this.abort.signal.aborted ? this.abort.signal.reason : error),
        };
      }
      // The run's end is known even if recording it fails (the database closed under it).
      const finished = { ...run, ...outcome };
      this.last = finished;
      this.current = undefined;
      if (outcome.status !== 'failed') this.publishedCursor = cursor;
      if (outcome.status === 'live') this.liveCursor = cursor;
      this.log.info({ run: run.id, status: outcome.status, ms: outcome.duration_ms, pages: outcome.pages_rewritten }, 'publish run ended');
      if (outcome.status === 'failed') this.log.error({ run: run.id, reason: outcome.error }, 'publish run failed');
      // Undefined: a deploy notification ended the run while the hook's answer was on its way; it knows best.
      if (!(await finishPublishRun(this.db, run.id, outcome))) await this.load();
      if (outcome.status !== 'failed') this.announce({ fromCursor: run.from_cursor, toCursor: cursor, status: outcome.status });
    } catch (error) {
      this.current = undefined;
      this.log.error({ err: error, title }, 'publish queue could not record a run');
    }
  }

  /** Hands a published run to `onPublished` without waiting for it; its errors are logged. */
  private announce(run: Parameters<NonNullable<PublishQueueOptions['onPublished']>>[0]) {
    const onPublished = this.onPublished;
    if (!onPublished) return;
    Promise.resolve()
      .then(() => onPublished(run))
      .catch((error: unknown) => this.log.error({ err: error, to: run.toCursor }, 'onPublished failed after a publish run'));
  }

  /** Pages rewritten by the build, or null when the build hook builds elsewhere. */
  private async publish(request: PublishRequest, runId: number): Promise<number | null> {
    if (this.target.kind === 'hook') {
      // The run's id goes along in the title, which Netlify's deploy notifications repeat.
      await callBuildHook(this.target.url, deployTitle(request.title, runId), request.signal);
      return null;
    }
    const { pagesRewritten } = await this.target.build(request);
    return pagesRewritten;
  }
}

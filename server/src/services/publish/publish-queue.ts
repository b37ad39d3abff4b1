/**
 * The publish queue (ADR 013, ADR 051): staff saves wake it, it waits for a quiet moment so a burst of saves becomes
 * one rebuild, then publishes, one run at a time. A run either calls the injected site builder (an incremental
 * `gatsby build` in a child process, scripts/lib/site-builder.ts) or, with NETLIFY_BUILD_HOOK set, POSTs the
 * build hook. Every run is recorded in `publish_run`; the status call reads the runs from there. Netlify's deploy
 * notifications (ADR 023) move a triggered run on to live or failed; `reload` then reads the runs again.
 *
 * Several servers on one database publish as one (ADR 051). Each save is written down as a `publish_request`; the
 * quiet period counts from the newest request whichever server took it; a run holds the database lease `publish`
 * (one run at a time across servers, renewed while it runs, running out when its server dies), takes every
 * waiting request, and records no run and builds nothing when the change log has nothing newer than the last
 * published cursor (another server published it already, or the saves changed nothing). Every queue also looks
 * for waiting requests every `pollMs`, so saves a stopped server took are published by another.
 *
 * A run its server stopped during (closed, or killed: found still building once its lease ran out) is recorded as
 * failed ("Interrupted") and its saves are written back as a request that retries it (ADR 067), so they are
 * published after all, by whichever server runs next, and the status says "pending" or "building" with `retrying`
 * naming the cut-off run until the retry has ended.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { currentCursor, readFeedState } from '../../db/repositories/change-log';
import { releaseLease, takeLease } from '../../db/repositories/leases';
import { addPublishRequest, takePublishRequests, waitingPublishRequests } from '../../db/repositories/publish-requests';
import { failInterruptedPublishRuns, finishPublishRun, insertPublishRun, interruptedError, lastPublishRun, readPublishSnapshot } from '../../db/repositories/publish-runs';
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
  /**
   * The run a stopped server cut off that the waiting or running publication retries (ADR 067), while it does;
   * null otherwise. The cut-off run is `last` (failed, "Interrupted") until the retry ends.
   */
  retrying: number | null;
}

/**
 * The quiet period when PUBLISH_QUIET_MS does not set one (ADR 091). Saves sent together (a page's modules saved at
 * once, a copy, an import) arrive within a few hundred milliseconds; a person's next save comes seconds later. Our
 * own build is incremental and cheap, so it starts after a quarter second; a Netlify build takes minutes and uses
 * the site's build minutes, so it waits a second longer for saves to gather.
 */
export const defaultQuietMs: Record<PublishTarget['kind'], number> = { build: 250, hook: 1000 };

export interface PublishQueueOptions {
  db: Db;
  target: PublishTarget;
  /** Netlify's deploy notifications reach this server, so triggered runs are followed to live or failed. */
  deployNotifications?: boolean;
  /** How long after the last save the run starts; default `defaultQuietMs` of the target's kind. */
  quietMs?: number;
  /** The longest a save waits while saves keep coming; default 10 × quietMs. */
  maxWaitMs?: number;
  /** How often the queue looks for saves waiting in the database (another server's); default 2000 ms, 0: never. */
  pollMs?: number;
  /** How long the publish lease holds without renewal: a stopped server's lease runs out after it; default 30 s. */
  leaseMs?: number;
  /**
   * Called once after a run ended live or triggered (never failed), after it is recorded, and not awaited: the CDN
   * purge (ADR 050). Errors are caught and logged; they never change the run.
   */
  onPublished?: (run: PublishedRun) => Promise<void> | void;
  /**
   * Called, not awaited, after a run was recorded as failed here (its build failed, or a stopped server's run was
   * found cut off): the error reports (ADR 057) look for failed runs at once. Errors are caught and logged.
   */
  onFailed?: () => Promise<unknown> | void;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** A run that published: the change-log cursors it covers and how it ended. */
export interface PublishedRun {
  fromCursor: string | null;
  toCursor: string;
  status: 'live' | 'triggered';
}

/** The database lease a run holds (db/repositories/leases.ts): one run at a time across servers. */
export const publishLease = 'publish';

/** The durations a queue works by; the readiness check derives its bounds from them (services/readiness.ts). */
export interface PublishTiming {
  quietMs: number;
  maxWaitMs: number;
  pollMs: number;
  leaseMs: number;
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

/**
 * Writes a save down as waiting to be published (ADR 051). Every server does, with a publish queue or without one:
 * whichever server publishes takes it, so a server that publishes nothing itself may run beside one that does.
 */
export function requestPublish(db: Db, title: string, save: SaveDescription | undefined, at = Date.now()): Promise<void> {
  return addPublishRequest(db, { title, save: save ? JSON.stringify(save) : null, requested_at: new Date(at).toISOString() });
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
  private readonly pollMs: number;
  private readonly leaseMs: number;
  readonly timing: PublishTiming;
  private readonly onPublished: PublishQueueOptions['onPublished'];
  private readonly onFailed: PublishQueueOptions['onFailed'];
  private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** This queue's name on the publish lease: one per queue, so two queues in one process are two holders. */
  private readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** Its name on the lease while it records runs of stopped servers as interrupted (`reapInterrupted`). */
  private readonly reaper = `${this.holder}:reaper`;

  /** Saves this queue was told of since its last run took the waiting requests. */
  private localPending = 0;
  /** Writes of this queue's requests, in order: a run waits for them before it looks. */
  private stored: Promise<void> = Promise.resolve();
  private firstPendingAt = 0;
  private lastNotifyAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  /** A run waiting for the lock or the lease, or in progress. */
  private running: Promise<void> | undefined;
  /** The row of the run in progress here. */
  private current: PublishRunRow | undefined;
  private last: PublishRunRow | undefined;
  /** Whether this queue holds the publish lease now (a run or exclusive work). */
  private holdingLease = false;
  /** Serialises this process's runs and exclusive work (the start build of scripts/start.ts). */
  private lock: Promise<void> = Promise.resolve();
  private readonly abort = new AbortController();
  private closed = false;
  private settledWaiters: Array<() => void> = [];
  private started: Promise<void> | undefined;

  constructor({ db, target, deployNotifications = false, quietMs = defaultQuietMs[target.kind], maxWaitMs, pollMs = 2000, leaseMs = 30_000, onPublished, onFailed, log = silent }: PublishQueueOptions) {
    this.db = db;
    this.target = target;
    this.mode = target.kind;
    this.deployNotifications = target.kind === 'hook' && deployNotifications;
    this.quietMs = quietMs;
    this.maxWaitMs = Math.max(quietMs, maxWaitMs ?? 10 * quietMs);
    this.pollMs = pollMs;
    this.leaseMs = leaseMs;
    this.timing = { quietMs, maxWaitMs: this.maxWaitMs, pollMs, leaseMs };
    this.onPublished = onPublished;
    this.onFailed = onFailed;
    this.log = log;
  }

  /**
   * Loads the last runs; runs a stopped server left as building are recorded as failed, unless a live server
   * holds the publish lease (it is building them). Runs waiting for Netlify's deploy are triggered, not building,
   * so they keep waiting. Then looks for waiting requests every `pollMs`.
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.reapInterrupted();
      await this.load();
      if (this.pollMs > 0 && !this.closed) {
        this.poller = setInterval(() => this.poll(), this.pollMs);
        this.poller.unref();
        this.poll();
      }
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
  }

  /** A staff save was accepted: publish it after the quiet period, or after the running build. */
  notify(title: string, save?: SaveDescription): void {
    if (this.closed) return;
    const now = Date.now();
    if (!this.localPending) this.firstPendingAt = now;
    this.localPending += 1;
    this.lastNotifyAt = now;
    this.stored = this.stored
      .then(() => requestPublish(this.db, title, save, now))
      .catch((error: unknown) => this.log.error({ err: error, title }, 'publish queue could not record a save'));
    // A run in progress looks for what waits when it ends (exactly one more run).
    if (!this.running) this.schedule();
  }

  /** This server's view, without asking the database: `status()` says what holds across servers. */
  get state(): PublishState {
    if (this.current) return 'building';
    if (this.localPending || this.timer) return 'pending';
    return stateOfLast(this.last);
  }

  /** The state across every server on the database: the running run and the waiting saves may be another's. */
  async status(): Promise<PublishStatus> {
    await this.start();
    const [{ epoch, maxSeq }, { running, last, live, waiting }] = await Promise.all([readFeedState(this.db), readPublishSnapshot(this.db)]);
    // Another server's run: if that server stopped (its lease ran out), the run is over and retried; say so from now on.
    if (running && running.id !== this.current?.id && !this.holdingLease && (await this.reapInterrupted())) return this.status();
    return {
      mode: this.mode,
      state: running ? 'building' : waiting.count || this.localPending ? 'pending' : stateOfLast(last, live, epoch),
      deploy_notifications: this.deployNotifications,
      saved_seq: maxSeq,
      live_seq: seqOf(live?.to_cursor, epoch),
      running: running ?? null,
      last: last ?? null,
      retrying: running ? running.retry_of : (waiting.retryOf ?? null),
    };
  }

  /** Resolves once nothing is pending or running here (at once when that is so already). */
  whenSettled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /**
   * Runs `work` while no run does, on this server or another, and holds runs back until it ends: the start build
   * of `npm start` uses the same site folder as the queue's builds, and two `gatsby build`s in one folder would
   * spoil each other.
   */
  runExclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.withLock(() => this.withLease(work));
  }

  /**
   * Stops the timers, aborts a running build (recorded as failed) and waits for it to end. Saves not yet published
   * stay waiting in the database, for another server or the next start.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.poller);
    this.timer = undefined;
    this.localPending = 0;
    this.abort.abort(new Error(interruptedError));
    await this.running;
    await this.stored;
    this.resolveSettled();
  }

  private isSettled() {
    return !this.timer && !this.running && !this.localPending;
  }

  private resolveSettled() {
    if (!this.isSettled() && !this.closed) return;
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  /** When the waiting saves are due: the quiet period after the newest, or maxWait after the oldest. */
  private dueOf(first: number, last: number) {
    return Math.min(last + this.quietMs, first + this.maxWaitMs);
  }

  private schedule(due = this.dueOf(this.firstPendingAt, this.lastNotifyAt)) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.begin(), Math.max(0, due - Date.now()));
  }

  /**
   * Saves another server took (or this one, before a restart) wait in the database: schedule a run for them. A run
   * still building whose server stopped (nobody holds the lease any more) is recorded as interrupted first, which
   * writes its retry (ADR 067): a server that started while the stopped one's lease held finds it here.
   */
  private poll() {
    if (this.closed || this.timer || this.running) return;
    this.lookForWork().catch((error: unknown) => {
      if (!this.closed) this.log.error({ err: error }, 'publish queue could not look for waiting saves');
    });
  }

  private async lookForWork() {
    if (await lastPublishRun(this.db, ['building'])) await this.reapInterrupted();
    const waiting = await waitingPublishRequests(this.db);
    if (waiting.count && !this.closed && !this.timer && !this.running) this.schedule(this.dueOf(waiting.first!, waiting.last!));
  }

  private begin() {
    this.timer = undefined;
    let next: number | undefined;
    this.running = this.withLock(async () => {
      next = await this.runOnce();
    }).finally(() => {
      this.running = undefined;
      // Saves told of after the run looked (their requests written or not) get a run of their own.
      next ??= this.localPending ? this.dueOf(this.firstPendingAt, this.lastNotifyAt) : undefined;
      if (next !== undefined && !this.closed) this.schedule(next);
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

  /** Runs `work` holding the publish lease, waiting while another server holds it. */
  private async withLease<T>(work: () => Promise<T>): Promise<T> {
    const retryMs = Math.max(10, Math.min(1000, this.quietMs));
    while (!(await takeLease(this.db, publishLease, this.holder, this.leaseMs, Date.now()))) {
      if (this.closed) throw new Error('Interrupted: the server stopped while waiting for another server to publish.');
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
    this.holdingLease = true;
    const renew = setInterval(() => {
      takeLease(this.db, publishLease, this.holder, this.leaseMs, Date.now()).then(
        (held) => held || this.log.error({ holder: this.holder }, 'publish lease lost to another server while publishing'),
        (error: unknown) => this.log.error({ err: error }, 'publish lease could not be renewed'),
      );
    }, this.leaseMs / 3);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      this.holdingLease = false;
      await releaseLease(this.db, publishLease, this.holder).catch((error: unknown) => this.log.error({ err: error }, 'publish lease could not be released'));
    }
  }

  /**
   * Records runs left as building as failed when nobody holds the publish lease (their server stopped); resolves
   * with whether it could look. Never while this queue holds the lease itself: it takes the lease under a name of
   * its own, so it cannot share the lease with a run of this queue that is just taking it, and fail that run.
   */
  private async reapInterrupted(): Promise<boolean> {
    if (this.holdingLease || !(await takeLease(this.db, publishLease, this.reaper, this.leaseMs, Date.now()))) return false;
    try {
      await this.failInterrupted();
    } finally {
      await releaseLease(this.db, publishLease, this.reaper);
    }
    return true;
  }

  private async failInterrupted() {
    const interrupted = await failInterruptedPublishRuns(this.db, new Date().toISOString());
    if (interrupted) {
      this.log.info({ interrupted }, 'publish runs cut off by a stopped server recorded as failed, their saves waiting to be retried');
      this.tellFailed();
    }
  }

  /** Hands a failure to `onFailed` without waiting for it; its errors are logged. */
  private tellFailed() {
    const onFailed = this.onFailed;
    if (!onFailed) return;
    Promise.resolve()
      .then(() => onFailed())
      .catch((error: unknown) => this.log.error({ err: error }, 'onFailed failed after a publish run'));
  }

  /** One run if saves wait and are due; resolves with when to look again, or undefined when nothing waits. */
  private async runOnce(): Promise<number | undefined> {
    if (this.closed) return undefined;
    try {
      await this.stored;
      await this.start();
      const waiting = await waitingPublishRequests(this.db);
      if (!waiting.count) {
        // Another server's run took them.
        this.localPending = 0;
        return undefined;
      }
      // The quiet period holds across servers: a save on the other server keeps the burst open.
      const due = this.dueOf(waiting.first!, waiting.last!);
      if (due > Date.now()) return due;
      await this.withLease(() => this.publishWaiting());
      await this.stored;
      const after = await waitingPublishRequests(this.db);
      return after.count ? this.dueOf(after.first!, after.last!) : undefined;
    } catch (error) {
      this.current = undefined;
      if (!this.closed) this.log.error({ err: error }, 'publish queue could not record a run');
      return undefined;
    }
  }

  /** Holding the lease: takes the waiting saves and publishes them, unless there is nothing new to publish. */
  private async publishWaiting(): Promise<void> {
    // Nobody else publishes while this queue holds the lease: a run still building is a stopped server's.
    await this.failInterrupted();
    if (this.closed) return;
    const claim = await this.claimWaiting();
    this.localPending = 0;
    if (!claim) return;
    const { run, title, cursor, from } = claim;
    const started = Date.parse(run.started_at);
    this.current = run;
    this.log.info({ run: run.id, title, mode: this.mode, retryOf: run.retry_of }, 'publishing');
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
    this.last = { ...run, ...outcome };
    this.current = undefined;
    this.log.info({ run: run.id, status: outcome.status, ms: outcome.duration_ms, pages: outcome.pages_rewritten }, 'publish run ended');
    if (outcome.status === 'failed') this.log.error({ run: run.id, reason: outcome.error }, 'publish run failed');
    if (this.abort.signal.aborted && outcome.status === 'failed') {
      // The server stops: recorded as interrupted, its saves waiting for the next start to retry them (ADR 067).
      await failInterruptedPublishRuns(this.db, outcome.finished_at, run.id);
      await this.load();
    } else if (!(await finishPublishRun(this.db, run.id, outcome))) {
      // A deploy notification ended the run while the hook's answer was on its way; it knows best.
      await this.load();
    }
    if (outcome.status === 'failed') this.tellFailed();
    if (outcome.status !== 'failed') this.announce({ fromCursor: from, toCursor: cursor, status: outcome.status });
  }

  /**
   * Takes the waiting requests and records the run that publishes them, in one transaction, so at every moment a
   * save is either waiting or in a running run (the status never falls between them, ADR 067). Undefined: nothing
   * waited, or nothing is newer than the last published cursor (published already by another server's run, or the
   * saves changed nothing): no run, no build.
   */
  private async claimWaiting(): Promise<{ run: PublishRunRow; title: string; cursor: string; from: string | null } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // Writes first: the requests it removes are exactly the ones it publishes.
      const requests = await takePublishRequests(trx);
      if (!requests.length) return undefined;
      const title = summariseTitles(requests.map((request) => request.title));
      const newest = requests[requests.length - 1].save;
      const cursor = await currentCursor(trx);
      const from = (await lastPublishRun(trx, ['live', 'triggered']))?.to_cursor ?? null;
      if (cursor === from) {
        this.log.info({ title, cursor }, 'nothing new to publish');
        return undefined;
      }
      const retries = requests.map((request) => request.retry_of).filter((id): id is number => id !== null);
      const run = await insertPublishRun(trx, {
        trigger_title: title,
        trigger_saves: newest ? JSON.stringify({ newest: JSON.parse(newest) as SaveDescription, earlier: requests.length - 1 }) : null,
        from_cursor: from,
        to_cursor: cursor,
        started_at: new Date().toISOString(),
        retry_of: retries.length ? Math.max(...retries) : null,
      });
      return { run, title, cursor, from };
    });
  }

  /** Hands a published run to `onPublished` (the CDN purge, ADR 050) without waiting for it; its errors are logged. */
  private announce(run: PublishedRun) {
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

/**
 * The state a finished run leaves when nothing waits or runs. A failed run whose content a live run includes
 * anyway (an interrupted run published by another server's run, ADR 067) failed nothing the editor still waits for.
 */
function stateOfLast(last: PublishRunRow | undefined, live?: PublishRunRow, epoch?: string): PublishState {
  if (!last) return 'idle';
  if (last.status === 'failed' && live && epoch !== undefined) {
    const [failed, published] = [seqOf(last.to_cursor, epoch), seqOf(live.to_cursor, epoch)];
    if (failed !== null && published !== null && published >= failed) return 'live';
  }
  if (last.status === 'triggered' && last.deploy_state === 'building') return 'deploying';
  return last.status as Exclude<PublishState, 'idle' | 'pending'>;
}

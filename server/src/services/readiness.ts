/**
 * Whether this content server is ready to serve (`GET /readyz`, routes/health.ts; docs/operations.md, Health
 * checks): three checks, each `{ ok, detail }` in plain words, with no secret, path or error text of a driver in them
 * (the answer may reach anyone who can reach the server).
 *
 * - database: one read of one row by its key (the publish lease) answers within `databaseTimeoutMs`. A read of a
 *   table, not `select 1`: on SQLite that takes the file's read lock, on PostgreSQL a pooled connection, so a locked
 *   file or an exhausted pool counts. Only one such read is under way at a time: while one hangs, later checks wait
 *   for the same one instead of queueing more behind it.
 * - site: the site this server serves is there: PUBLIC_DIR (the link to the live release, ADR 052, or a plain
 *   folder) holds the start page of the default language. With NETLIFY_BUILD_HOOK, Netlify serves visitors and
 *   builds every publication, so this server serving no site is as configured: ok.
 * - publish: the publish queue (ADR 013, 051, 067) is not stuck, by its own durations (`PublishQueue.timing`) and
 *   the build hook's time limit, never by a number of our own:
 *   - a run recorded as building is alive while some server holds the publish lease, which its server renews every
 *     third of `leaseMs`. Once nobody has held the lease for longer than `pollMs`, every queue should have recorded
 *     the run as interrupted (each looks every `pollMs`): stuck. With no lease recorded at all, the lease is counted
 *     as run out `leaseMs` after the run's start.
 *   - with the build hook, a run builds only while the hook is called, which ends after `hookTimeoutMs`; a run
 *     building longer than that, plus `leaseMs` and `pollMs` for a server that died during the call, is stuck even
 *     while a lease is held.
 *   - a site build (`npm start`) has no time limit: a build that hangs while its server renews the lease is not
 *     told apart from a slow one.
 *   - waiting saves: with no run building and no lease held, a save waits at most `maxWaitMs` (the quiet period
 *     ends by then) plus `pollMs` (another server's queue finds it), counted from the later of the oldest save and
 *     the end of the last run or lease. Longer: stuck.
 *   - a server without a queue publishes nothing itself (`npm run server` without a build hook; saves wait for a
 *     server that publishes, or for the next build): ok.
 *
 * Cost of one check: a readlink and a stat for the site, one query without a queue, at most four with one
 * (lease, oldest building run, waiting saves, last finished run; each by an index, see the migration
 * 20261211020000-publish-run-status-index).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { readLease } from '../db/repositories/leases';
import { waitingPublishRequests, type WaitingRequests } from '../db/repositories/publish-requests';
import { lastPublishRun, oldestBuildingRun } from '../db/repositories/publish-runs';
import type { PublishRunRow } from '../db/tables/publish-run.table';
import { defaultLocale } from '../../../contract/locales';
import { releaseOf } from '../../../contract/site-releases';
import { servedRoot } from './public-files';
import { hookTimeoutMs } from './publish/build-hook';
import { publishLease, type PublishQueue } from './publish/publish-queue';

export interface Check {
  ok: boolean;
  detail: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: Check; site: Check; publish: Check };
  /** The database's error, for the server's log only (never in the answer: it may name hosts and files). */
  error?: unknown;
}

/** How long the database may take to answer the check's read. */
export const databaseTimeoutMs = 2000;

/** What the database said, read in one go. */
interface Facts {
  /** When the publish lease runs out (ms), if one is recorded. */
  leaseUntil: number | undefined;
  running?: PublishRunRow;
  waiting?: WaitingRequests;
  /** When the last run ended (ms), read only when saves wait. */
  lastEnded?: number;
}

type Probe = { answered: true; facts: Facts | undefined } | { answered: false; reason: 'timeout' } | { answered: false; reason: 'error'; error: unknown };

const ok = (detail: string): Check => ({ ok: true, detail });
const notOk = (detail: string): Check => ({ ok: false, detail });

/** "45 seconds", "3 minutes", "2 hours": a duration in words, rounded down. */
export function inWords(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const [amount, unit] = seconds < 120 ? [seconds, 'second'] : seconds < 7200 ? [Math.floor(seconds / 60), 'minute'] : [Math.floor(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

const saves = (count: number) => (count === 1 ? '1 save' : `${count} saves`);

export class ReadinessCheck {
  /** The database read under way, shared by every check that starts while it runs. */
  private inFlight: Promise<Facts | undefined> | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'publicDir' | 'netlifyBuildHook'>,
    /** The app's publish queue (read when checked: it is decorated before the routes load), null without one. */
    private readonly queue: () => PublishQueue | null,
    private readonly timeoutMs = databaseTimeoutMs,
  ) {}

  async check(): Promise<Readiness> {
    const [probe, site] = await Promise.all([this.probe(), this.site()]);
    const now = Date.now();
    const database = probe.answered
      ? ok('The database answers.')
      : notOk(probe.reason === 'timeout' ? `The database did not answer within ${inWords(this.timeoutMs)}.` : 'The database cannot be read.');
    const publish = probe.answered ? this.publish(probe.facts, now) : notOk('Not checked: the database does not answer.');
    return { ready: database.ok && site.ok && publish.ok, checks: { database, site, publish }, ...(!probe.answered && probe.reason === 'error' ? { error: probe.error } : {}) };
  }

  /** The database's facts within the time limit; only one read under way at a time. */
  private async probe(): Promise<Probe> {
    const read = (this.inFlight ??= this.read().finally(() => {
      this.inFlight = undefined;
    }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Probe>((resolve) => {
      timer = setTimeout(() => resolve({ answered: false, reason: 'timeout' }), this.timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([
        read.then(
          (facts): Probe => ({ answered: true, facts }),
          (error: unknown): Probe => ({ answered: false, reason: 'error', error }),
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The lease (the database check itself), then, with a queue, only what the publish check needs. */
  private async read(): Promise<Facts | undefined> {
    const lease = await readLease(this.db, publishLease);
    if (!this.queue()) return undefined;
    const facts: Facts = { leaseUntil: lease ? Date.parse(lease.expires_at) : undefined };
    facts.running = await oldestBuildingRun(this.db);
    if (facts.running) return facts;
    facts.waiting = await waitingPublishRequests(this.db);
    if (!facts.waiting.count) return facts;
    const last = await lastPublishRun(this.db, ['live', 'failed', 'triggered']);
    if (last?.finished_at) facts.lastEnded = Date.parse(last.finished_at);
    return facts;
  }

  private async site(): Promise<Check> {
    if (this.config.netlifyBuildHook) return ok('Netlify serves the site: this server publishes through the build hook and serves no site to visitors.');
    const root = servedRoot(this.config.publicDir);
    const start = await fs.stat(path.join(root, defaultLocale, 'index.html')).catch(() => undefined);
    if (!start?.isFile()) return notOk('No site is published: the site folder holds no start page (npm start builds and publishes one).');
    const release = releaseOf(root);
    return ok(release === undefined ? 'A site build is served from a plain folder (not a published release).' : `Release ${release} of the site is live.`);
  }

  private publish(facts: Facts | undefined, now: number): Check {
    const queue = this.queue();
    if (!queue || !facts) return ok('This server publishes nothing itself (no site builder, no build hook): saves wait for a server that does, or for the next build.');
    const { leaseMs, pollMs, maxWaitMs } = queue.timing;
    const { leaseUntil, running, waiting } = facts;
    const leaseHeld = leaseUntil !== undefined && leaseUntil > now;

    if (running) {
      const age = now - Date.parse(running.started_at);
      const hookBound = hookTimeoutMs + leaseMs + pollMs;
      if (queue.mode === 'hook' && age > hookBound) {
        return notOk(`Publish run ${running.id} has been calling the build hook for ${inWords(age)}; a call is given up after ${inWords(hookTimeoutMs)}.`);
      }
      const leaseGoneSince = leaseHeld ? undefined : (leaseUntil ?? Date.parse(running.started_at) + leaseMs);
      if (leaseGoneSince !== undefined && now - leaseGoneSince > pollMs) {
        return notOk(
          `Publish run ${running.id} has been building for ${inWords(age)}, but no server has held the publish lease for ${inWords(now - leaseGoneSince)}: nothing builds it, and no queue has recorded it as interrupted.`,
        );
      }
      return ok(`Publish run ${running.id} is building (for ${inWords(age)}).`);
    }

    if (!waiting?.count) return ok('Nothing waits to be published.');
    if (leaseHeld) return ok(`${saves(waiting.count)} waiting while a server holds the publish lease.`);
    const since = Math.max(waiting.first!, facts.lastEnded ?? 0, leaseUntil ?? 0);
    const bound = maxWaitMs + pollMs;
    if (now - since > bound) {
      return notOk(`${saves(waiting.count)} waiting for ${inWords(now - since)} without a publish run; a save waits at most ${inWords(bound)}.`);
    }
    return ok(`${saves(waiting.count)} waiting for the quiet period.`);
  }
}

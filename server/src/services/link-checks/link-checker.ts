/**
 * The outside-link checker (ADR 086): a loop in the content server, like the scheduler (ADR 035) and the mail outbox
 * (ADR 009). Each round first collects the http(s) addresses to other hosts from every stored section (live and
 * drafts), then checks those due (never checked, or last checked longer ago than the interval), oldest first, one
 * request at a time with a pause between them, within a budget of addresses and seconds per round. Each address is
 * claimed with a conditional update before its check, so of several servers on one database one checks it (ADR 051).
 * What a check found (services/link-checks/check-url.ts) is what the checks before publishing report as a broken
 * outside link (services/page-checks.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { claimLinkCheck, dropUnseenUrls, dueLinkChecks, moduleDataAfter, recordLinkCheck, recordSeenUrls } from '../../db/repositories/link-checks';
import { checkUrl, type CheckOutcome, type CheckOptions } from './check-url';
import { outsideLinksOf } from './outside-links';

export interface LinkCheckSettings {
  /** Connect to loopback and private addresses too (tests with their own server); default false. */
  allowPrivate: boolean;
  /** How long a result holds before the address is checked again; default 24 h. */
  recheckMs: number;
  /** How often a round starts; 0: no loop (`runRound()` still runs one). Default 15 min. */
  roundEveryMs: number;
  /** At most this many addresses per round; default 30. */
  roundUrls: number;
  /** At most this long per round, in ms; default 60 s. */
  roundMs: number;
  /** The longest one check may take, redirects included; default 10 s. */
  timeoutMs: number;
  /** The pause between two checks; default 2 s. */
  pauseMs: number;
}

export const defaultLinkCheckSettings: LinkCheckSettings = {
  allowPrivate: false,
  recheckMs: 24 * 3_600_000,
  roundEveryMs: 15 * 60_000,
  roundUrls: 30,
  roundMs: 60_000,
  timeoutMs: 10_000,
  pauseMs: 2_000,
};

export interface RoundResult {
  /** The addresses this server checked, with what they answered. */
  checked: ({ url: string } & CheckOutcome)[];
  /** Whether the round stopped at its budget of addresses or time with addresses still due. */
  budgetReached: boolean;
}

const silent = { info: () => undefined, error: () => undefined };
const scanPage = 1000;

export class LinkChecker {
  private readonly settings: LinkCheckSettings;
  private timer: NodeJS.Timeout | undefined;
  private pause: { timer: NodeJS.Timeout; done: () => void } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Db,
    settings: Partial<LinkCheckSettings> = {},
    /** The site's own host (`www.example.org:8080`): links to it are no outside links. */
    readonly ownHost: () => string | undefined = () => undefined,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'> = silent,
    /** The check of one address; tests only may pass another. */
    private readonly check: (url: string, options: CheckOptions) => Promise<CheckOutcome> = checkUrl,
  ) {
    this.settings = { ...defaultLinkCheckSettings, ...settings };
  }

  /** Starts the loop (when `roundEveryMs` is above 0): the first round after one period, so a start stays quick. */
  start(): void {
    if (this.settings.roundEveryMs > 0 && !this.stopped) this.schedule();
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.pause) {
      clearTimeout(this.pause.timer);
      this.pause.done();
    }
    await this.queue.catch(() => undefined);
  }

  private schedule() {
    this.timer = setTimeout(() => {
      void this.runRound().finally(() => {
        if (!this.stopped) this.schedule();
      });
    }, this.settings.roundEveryMs);
    this.timer.unref();
  }

  /** Runs one round now, after any in progress (the hub's "Jetzt prüfen", tests). */
  runRound(at: () => Date = () => new Date()): Promise<RoundResult> {
    const run = this.queue.then(() => (this.stopped ? { checked: [], budgetReached: false } : this.round(at)));
    this.queue = run.catch((error) => this.log.error({ err: error }, 'link check round failed'));
    return run;
  }

  /** Records every outside address the stored sections hold now and forgets those none holds any more. */
  private async collect(seenAt: string) {
    const ownHost = this.ownHost();
    let after = 0;
    for (;;) {
      const rows = await moduleDataAfter(this.db, after, scanPage);
      const urls: string[] = [];
      for (const row of rows) {
        try {
          urls.push(...outsideLinksOf(JSON.parse(row.data) as Record<string, unknown>, ownHost).map((link) => link.url));
        } catch {
          // A row that is no JSON holds no link to check.
        }
      }
      await recordSeenUrls(this.db, urls, seenAt);
      if (rows.length < scanPage) break;
      after = rows[rows.length - 1].id;
    }
    await dropUnseenUrls(this.db, seenAt);
  }

  private async round(at: () => Date): Promise<RoundResult> {
    const { recheckMs, roundUrls, roundMs, timeoutMs, pauseMs, allowPrivate } = this.settings;
    const started = at().getTime();
    await this.collect(new Date(started).toISOString());
    const due = await dueLinkChecks(this.db, new Date(started - recheckMs).toISOString(), new Date(started).toISOString(), roundUrls + 1);
    const checked: RoundResult['checked'] = [];
    for (const row of due) {
      const left = started + roundMs - at().getTime();
      if (this.stopped || checked.length >= roundUrls || left <= 0) return { checked, budgetReached: !this.stopped };
      const now = at().getTime();
      const budget = Math.min(timeoutMs, left);
      if (!(await claimLinkCheck(this.db, row, new Date(now).toISOString(), new Date(now + budget + 60_000).toISOString()))) continue;
      const outcome = await this.check(row.url, { allowPrivate, timeoutMs: budget });
      await recordLinkCheck(this.db, row.id, { ...outcome, checked_at: at().toISOString() });
      checked.push({ url: row.url, ...outcome });
      if (checked.length < Math.min(due.length, roundUrls)) await this.wait(pauseMs);
    }
    return { checked, budgetReached: false };
  }

  private wait(ms: number) {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        this.pause = undefined;
        resolve();
      };
      this.pause = { timer: setTimeout(done, ms), done };
    });
  }
}

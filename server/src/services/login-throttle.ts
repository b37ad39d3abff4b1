/**
 * Failed staff logins, counted in the database (ADR 051; before, in one process's memory, ADR 009), so that every
 * server on one database counts the same attempts, and so that a stranger cannot lock a staff member out (ADR 029).
 * Three counts, each a fixed window from its first failure:
 * - per account and address together (`pair`): 5 failures lock that pair, and only that pair. Someone guessing
 *   from address A does not stop the owner logging in from address B.
 * - per address (`client`): 20 failures on any accounts lock the address (one address spraying many accounts).
 * - per account, counting only addresses without a recent successful login to it (`account`): 10 failures lock
 *   the account for such addresses. An attack spread over many addresses is slowed to 10 guesses per window,
 *   while the owner, from an address that logged in to the account within `knownForMs`, is not refused by it.
 *   The price: during such an attack the owner on a new address must wait (or use a known one).
 * A refused attempt is not counted. An attempt is counted when it starts and taken back when it succeeds, so
 * requests sent in parallel (each waiting for its password hash), to one server or to several, cannot all slip
 * through before the first failure is counted: each count is one atomic upsert that answers the new total, and an
 * attempt whose total passes a limit is refused and takes its counts back. A success clears its pair, takes the
 * attempt back from the other counts and makes the address known for the account.
 * The counts live in `login_throttle_window` (keys `pair|…`, `client|…`, `account|…`, and `known|…` for the known
 * addresses), fixed windows like the per-address rate limits' (ADR 048); ended windows are pruned.
 */
import type { Db } from '../db/database';
import { clearRateWindow, countRequest, pruneRateWindows, readWindow, restartRateWindow, uncountRequest, type RateWindow } from '../db/repositories/rate-limit-windows';

export interface ThrottleLimit {
  limit: number;
  windowMs: number;
}

export interface ThrottleLimits {
  pair: ThrottleLimit;
  client: ThrottleLimit;
  account: ThrottleLimit;
  /** How long after a successful login an address counts as the account owner's. */
  knownForMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  pair: { limit: 5, windowMs: 15 * 60_000 },
  client: { limit: 20, windowMs: 15 * 60_000 },
  account: { limit: 10, windowMs: 15 * 60_000 },
  knownForMs: 30 * 24 * 60 * 60_000,
};

/** A started attempt: hand it back to `succeeded` when the password was right. */
export interface LoginAttempt {
  account: string;
  client: string;
  /** Whether the account-wide count includes this attempt (the address was not known for the account). */
  countedForAccount: boolean;
}

export type AttemptResult = { wait: number; attempt?: undefined } | { wait?: undefined; attempt: LoginAttempt };

/** How often ended windows are deleted (the first attempt after it prunes). */
const pruneEveryMs = 60 * 60_000;

/** Whole seconds until the window ends, at least 1: a Retry-After value. */
const secondsLeft = (window: RateWindow, now: number) => Math.max(1, Math.ceil((window.resetsAt - now) / 1000));

const keys = {
  pair: (account: string, client: string) => `pair|${account}|${client}`,
  client: (client: string) => `client|${client}`,
  account: (account: string) => `account|${account}`,
  known: (account: string, client: string) => `known|${account}|${client}`,
};

const table = 'login_throttle_window';

export class LoginThrottle {
  private nextPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits = defaultThrottleLimits,
  ) {}

  /** Whether `client` logged in to `account` recently. */
  async isKnown(account: string, client: string, now: number): Promise<boolean> {
    return (await readWindow(this.db, keys.known(account, client), now, table)) !== undefined;
  }

  /**
   * Starts a login attempt: the seconds to wait when a count is full (nothing is counted then), else the attempt,
   * which counts as a failure until `succeeded` says otherwise.
   */
  async attempt(account: string, client: string, now: number): Promise<AttemptResult> {
    if (now >= this.nextPrune) {
      this.nextPrune = now + pruneEveryMs;
      await pruneRateWindows(this.db, now, table);
    }
    const countedForAccount = !(await this.isKnown(account, client, now));
    const counts: Array<[string, ThrottleLimit]> = [
      [keys.pair(account, client), this.limits.pair],
      [keys.client(client), this.limits.client],
      ...(countedForAccount ? [[keys.account(account), this.limits.account] as [string, ThrottleLimit]] : []),
    ];
    // Counted first, then checked: of attempts racing for the last free count, only one sees a total within it.
    const windows = await Promise.all(counts.map(([key, rule]) => countRequest(this.db, key, rule.windowMs, now, table)));
    const waits = windows.filter((window, i) => window.hits > counts[i][1].limit).map((window) => secondsLeft(window, now));
    if (!waits.length) return { attempt: { account, client, countedForAccount } };
    await Promise.all(counts.map(([key]) => uncountRequest(this.db, table, key, now, true)));
    return { wait: Math.max(...waits) };
  }

  /** The attempt succeeded: its pair starts afresh, the other counts lose this attempt, the address is known. */
  async succeeded({ account, client, countedForAccount }: LoginAttempt, now: number): Promise<void> {
    await clearRateWindow(this.db, table, keys.pair(account, client));
    await uncountRequest(this.db, table, keys.client(client), now);
    if (countedForAccount) await uncountRequest(this.db, table, keys.account(account), now);
    await restartRateWindow(this.db, table, keys.known(account, client), this.limits.knownForMs, now);
  }
}

/**
 * Failed staff logins, counted in memory (one process, ADR 009; why not the rate limiter: ADR 048) so that a stranger
 * cannot lock a staff member out (ADR 029). Three counts, each a fixed window from its first failure:
 * - per account and address together (`pair`): 5 failures lock that pair, and only that pair. Someone guessing
 *   from address A does not stop the owner logging in from address B.
 * - per address (`client`): 20 failures on any accounts lock the address (one address spraying many accounts).
 * - per account, counting only addresses without a recent successful login to it (`account`): 10 failures lock
 *   the account for such addresses. An attack spread over many addresses is slowed to 10 guesses per window,
 *   while the owner, from an address that logged in to the account within `knownForMs`, is not refused by it.
 *   The price: during such an attack the owner on a new address must wait (or use a known one).
 * A refused attempt is not counted. An attempt is counted when it starts and taken back when it succeeds, so
 * requests sent in parallel (each waiting for its password hash) cannot all slip through before the first failure
 * is counted. A success clears its pair, takes the attempt back from the other counts and makes the address known
 * for the account.
 */
import { FixedWindows, secondsLeft, type WindowRule } from './fixed-windows';

export type ThrottleLimit = WindowRule;

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

/** Failures per key under one rule: refused from `limit` failures until the window ends. */
class FailureWindows {
  private readonly windows = new FixedWindows();

  constructor(private readonly rule: ThrottleLimit) {}

  /** Seconds until the key may try again, or undefined when it may now. */
  waitFor(key: string, now: number): number | undefined {
    const window = this.windows.current(key, now);
    return window && window.count >= this.rule.limit ? secondsLeft(window, now) : undefined;
  }

  fail(key: string, now: number) {
    this.windows.add(key, this.rule.windowMs, now);
  }

  clear(key: string) {
    this.windows.clear(key);
  }

  /** Takes one counted failure back (an attempt that turned out to succeed). */
  refund(key: string) {
    this.windows.subtract(key);
  }
}

/** A started attempt: hand it back to `succeeded` when the password was right. */
export interface LoginAttempt {
  account: string;
  client: string;
  /** Whether the account-wide count includes this attempt (the address was not known for the account). */
  countedForAccount: boolean;
}

export type AttemptResult = { wait: number; attempt?: undefined } | { wait?: undefined; attempt: LoginAttempt };

export class LoginThrottle {
  private readonly pairs: FailureWindows;
  private readonly clients: FailureWindows;
  private readonly accounts: FailureWindows;
  /** `account|address` pairs with a successful login within knownForMs. */
  private readonly known = new FixedWindows();

  constructor(private readonly limits: ThrottleLimits = defaultThrottleLimits) {
    this.pairs = new FailureWindows(limits.pair);
    this.clients = new FailureWindows(limits.client);
    this.accounts = new FailureWindows(limits.account);
  }

  /** Whether `client` logged in to `account` recently. */
  isKnown(account: string, client: string, now: number): boolean {
    return this.known.current(pairKey(account, client), now) !== undefined;
  }

  /**
   * Starts a login attempt: the seconds to wait when a count is full (nothing is counted then), else the attempt,
   * which counts as a failure until `succeeded` says otherwise.
   */
  attempt(account: string, client: string, now: number): AttemptResult {
    const pair = pairKey(account, client);
    const countedForAccount = !this.isKnown(account, client, now);
    const waits = [
      this.pairs.waitFor(pair, now),
      this.clients.waitFor(client, now),
      countedForAccount ? this.accounts.waitFor(account, now) : undefined,
    ].filter((wait) => wait !== undefined);
    if (waits.length) return { wait: Math.max(...waits) };
    this.pairs.fail(pair, now);
    this.clients.fail(client, now);
    if (countedForAccount) this.accounts.fail(account, now);
    return { attempt: { account, client, countedForAccount } };
  }

  /** The attempt succeeded: its pair starts afresh, the other counts lose this attempt, the address is known. */
  succeeded({ account, client, countedForAccount }: LoginAttempt, now: number) {
    const pair = pairKey(account, client);
    this.pairs.clear(pair);
    this.clients.refund(client);
    if (countedForAccount) this.accounts.refund(account);
    this.known.clear(pair);
    this.known.add(pair, this.limits.knownForMs, now);
  }
}

const pairKey = (account: string, client: string) => `${account}|${client}`;

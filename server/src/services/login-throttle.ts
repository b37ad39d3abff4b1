/**
 * Failed logins counted per account and per client IP, in memory (one process, as the public-write limits of
 * ADR 009). A window starts at the first failure and lasts `windowMs`; once a key has `limit` failures in it, every
 * login for that key is refused (before the password is checked) until the window ends. A successful login clears
 * the account's count, not the IP's: one known password must not reset what an address has tried on others.
 * An attempt is counted as a failure when it starts and taken back when it succeeds, so requests sent in parallel
 * (each waiting for its password hash) cannot all slip through before the first failure is counted.
 */
import { FixedWindows, secondsLeft, type WindowRule } from './fixed-windows';

export type ThrottleLimit = WindowRule;

export const accountLimit: ThrottleLimit = { limit: 5, windowMs: 15 * 60_000 };
export const clientLimit: ThrottleLimit = { limit: 20, windowMs: 15 * 60_000 };

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

export class LoginThrottle {
  private readonly accounts: FailureWindows;
  private readonly clients: FailureWindows;

  constructor(limits: { account: ThrottleLimit; client: ThrottleLimit } = { account: accountLimit, client: clientLimit }) {
    this.accounts = new FailureWindows(limits.account);
    this.clients = new FailureWindows(limits.client);
  }

  /**
   * Starts a login attempt: the seconds to wait when the account or the client has failed too often (nothing is
   * counted then), else undefined, and the attempt counts as a failure until `succeeded` says otherwise.
   */
  attempt(account: string, client: string, now: number): number | undefined {
    const waits = [this.accounts.waitFor(account, now), this.clients.waitFor(client, now)].filter((wait) => wait !== undefined);
    if (waits.length) return Math.max(...waits);
    this.accounts.fail(account, now);
    this.clients.fail(client, now);
    return undefined;
  }

  /** The attempt succeeded: the account starts afresh, and the client's count loses this attempt. */
  succeeded(account: string, client: string) {
    this.accounts.clear(account);
    this.clients.refund(client);
  }
}

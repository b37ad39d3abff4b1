/**
 * Failed logins counted per account and per client IP, in memory (one process, as the public-write limits of
 * ADR 009). A window starts at the first failure and lasts `windowMs`; once a key has `limit` failures in it, every
 * login for that key is refused (before the password is checked) until the window ends. A successful login clears
 * the account's count, not the IP's: one known password must not reset what an address has tried on others.
 * An attempt is counted as a failure when it starts and taken back when it succeeds, so requests sent in parallel
 * (each waiting for its password hash) cannot all slip through before the first failure is counted.
 */
export interface ThrottleLimit {
  limit: number;
  windowMs: number;
}

export const accountLimit: ThrottleLimit = { limit: 5, windowMs: 15 * 60_000 };
export const clientLimit: ThrottleLimit = { limit: 20, windowMs: 15 * 60_000 };

/** Keys kept at most; beyond it the oldest windows go first, so a flood of made-up logins cannot exhaust memory. */
const MAX_KEYS = 50_000;

class FailureWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly rule: ThrottleLimit) {}

  /** Seconds until the key may try again, or undefined when it may now. */
  waitFor(key: string, now: number): number | undefined {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.rule.limit) return undefined;
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  fail(key: string, now: number) {
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      window = { count: 0, resetAt: now + this.rule.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count += 1;
  }

  clear(key: string) {
    this.windows.delete(key);
  }

  /** Takes one counted failure back (an attempt that turned out to succeed). */
  refund(key: string) {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + 60_000;
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

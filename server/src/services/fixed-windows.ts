/**
 * Counters per key in fixed time windows, in memory (one process; ADR 009). A key's window starts with its first
 * count and lasts `windowMs`; an ended window counts as none. The login throttle is built on it (its counts are
 * taken back and cleared, which @fastify/rate-limit cannot do; the public-write limits count in the database,
 * ADR 048). Ended windows are swept once a minute, and past `maxKeys` the oldest go first, so a flood
 * of made-up keys cannot exhaust memory.
 */
export interface WindowRule {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class FixedWindows {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(private readonly maxKeys = 50_000) {}

  /** The key's running window, or undefined when it has none. */
  current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    return window && window.resetAt > now ? window : undefined;
  }

  /** Counts one for the key, starting a window of `windowMs` when none runs; resolves with the window. */
  add(key: string, windowMs: number, now: number): Window {
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.current(key, now);
    if (!window) {
      this.windows.delete(key);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count += 1;
    return window;
  }

  /** Takes one count back (an attempt that turned out fine). */
  subtract(key: string) {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  clear(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + 60_000;
  }
}

/** Whole seconds until the window ends, at least 1: a Retry-After value. */
export const secondsLeft = (window: Window, now: number) => Math.max(1, Math.ceil((window.resetAt - now) / 1000));

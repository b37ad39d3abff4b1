/**
 * The test's clock for what repositories date with the system clock (versions, change log): only `Date` is faked,
 * timers and the event loop stay real, so database drivers and the app run as usual. `advance` moves the clock on,
 * e.g. past the burst window of page versions (ADR 031). With `intervals`, `setInterval` follows the clock too
 * (schedules such as the temp-file sweep): `tick` moves it on and fires what fell due, one-shot timers stay real.
 */
const realTimers = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

export interface TestClock {
  advance(ms: number): void;
  /** Moves the clock on and runs the intervals that fall due on the way (with `intervals` only). */
  tick(ms: number): Promise<void>;
  /** Back to the real clock. */
  restore(): void;
}

export function useTestClock(start = Date.now(), { intervals = false } = {}): TestClock {
  const real = intervals ? realTimers.filter((name) => name !== 'setInterval' && name !== 'clearInterval') : realTimers;
  jest.useFakeTimers({ doNotFake: [...real], now: start });
  return {
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
    tick: async (ms) => {
      await jest.advanceTimersByTimeAsync(ms);
    },
    restore: () => jest.useRealTimers(),
  };
}

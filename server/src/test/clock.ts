/**
 * The test's clock for what repositories date with the system clock (versions, change log): only `Date` is faked,
 * timers and the event loop stay real, so database drivers and the app run as usual. `advance` moves the clock on,
 * e.g. past the burst window of page versions (ADR 031).
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
  /** Back to the real clock. */
  restore(): void;
}

export function useTestClock(start = Date.now()): TestClock {
  jest.useFakeTimers({ doNotFake: [...realTimers], now: start });
  return {
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
    restore: () => jest.useRealTimers(),
  };
}

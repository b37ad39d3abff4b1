/**
 * How fast this machine's CPU is while a benchmark runs: the same fixed loop of integer arithmetic, timed before and
 * after the benchmark and printed with its results. Targets in seconds or requests per second depend on the
 * machine's day far more than on the code (the README's paragraphs on the benchmarks); with this figure two runs on
 * different days can be read side by side: a run whose loop took 1.40 s against another's 0.95 s ran on a machine
 * about 1.5 × slower. The loop runs on one core, in the benchmark's own process; compare the figure only between runs
 * on the same Node version.
 */

/** Steps of the loop: about a second on the project's two-core machines. */
const STEPS = 300_000_000;

/** Seconds for one pass of the loop. */
function loopSeconds(): number {
  const started = process.hrtime.bigint();
  let value = 0;
  for (let step = 0; step < STEPS; step += 1) value = (value * 31 + step) % 1_000_003;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // The result is used, so the loop cannot be left out.
  if (value < 0) throw new Error('unreachable');
  return seconds;
}

/** The fastest of `passes` passes (the least disturbed by anything else the machine did meanwhile), in seconds. */
export function machineLoopSeconds(passes = 3): number {
  return Math.min(...Array.from({ length: passes }, loopSeconds));
}

/** A benchmark's line about the machine's speed: the loop timed when the benchmark began and when it ended. */
export function machineSpeedLine(before: number, after: number): string {
  return `machine speed: a fixed loop of ${STEPS / 1e6} M steps took ${before.toFixed(2)} s before, ${after.toFixed(2)} s after (lower is faster; bench/lib/machine-speed.ts)`;
}

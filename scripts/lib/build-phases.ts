/**
 * Where a `gatsby build` spent its time, read from its own timing lines (`success <step> - 1.234s`), grouped into
 * the phases bench:publish prints (ADR 053): what a rebuild costs besides the pages it rewrites.
 */

export interface Step {
  name: string;
  ms: number;
}

// eslint-disable-next-line no-control-regex
const withoutColours = (text: string) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
const lines = (output: string) => withoutColours(output).split('\n');

/** The step a line of Gatsby's output says has ended (`success <step> - 1.234s`), if it says one has. */
const stepOf = (line: string): Step | undefined => {
  const match = /^(?:success|info) (.+?) - (\d+(?:\.\d+)?)s/.exec(withoutColours(line).trim());
  return match ? { name: match[1], ms: Number(match[2]) * 1000 } : undefined;
};

/**
 * A listener for output arriving in chunks that calls `onStep` with each step as its line completes: what
 * happens while the build still runs may wait for one of its steps (the site builder's compression, ADR 098).
 */
export function stepListener(onStep: (step: Step) => void): (chunk: Buffer | string) => void {
  let partial = '';
  return (chunk) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      const step = stepOf(line);
      if (step) onStep(step);
    }
  };
}

/** Every step Gatsby timed, in order. */
export function gatsbySteps(output: string): Step[] {
  return lines(output).flatMap((line) => stepOf(line) ?? []);
}

/** The step whose timing line is the build's first line, if it is one. */
const firstLineStep = (output: string) => stepOf(lines(output).find((line) => line.trim() !== '') ?? '');

/** The phases, each a test on Gatsby's step names; the first that matches takes the step. */
const phaseRules: ReadonlyArray<[phase: string, test: RegExp]> = [
  ['sourcing', /^source and transform nodes|^createSchemaCustomization|^building schema|^Checking for changed pages/],
  ['createPages', /^createPages|^Cleaning up stale pages|^write out redirect data/],
  ['queries', /queries|^Merge worker state/],
  ['bundles', /JavaScript and CSS bundles|Rendering Engines|^Rewriting compilation hashes/],
  ['page data', /^Writing page-data/],
  ['HTML', /HTML/],
  ['post-build', /^onPostBuild/],
  ['start-up', /^load |^initialize cache|^copy gatsby files|^onPreInit|^onPreBootstrap|^onPostBootstrap|^Compiling Gatsby Functions|^open and validate/],
];

const phaseOf = (step: string) => phaseRules.find(([, test]) => test.test(step))?.[0] ?? 'other steps';

/** The steps of no named phase that took at least `minMs`, slowest first: where to look next. */
export function otherSteps(output: string, minMs = 300): Step[] {
  return gatsbySteps(output)
    .filter((step) => !totals.test(step.name) && phaseOf(step.name) === 'other steps' && step.ms >= minMs)
    .sort((a, b) => b.ms - a.ms);
}

/** Steps that are sums of others (Gatsby prints them too) and would count twice. */
const totals = /^bootstrap finished|^Done building/;

/**
 * The build's time by phase; `process` is what no step accounts for (starting Node and Gatsby, loading the saved
 * state, writing it back, waiting for workers to end), so the phases add up to `totalMs`. With `marks` (build-site.ts)
 * it is split into the start until Gatsby's first line, the time after its "Done building", and the rest.
 */
export function buildPhases(output: string, totalMs: number, marks?: { startupMs: number; afterDoneMs: number }): Array<{ phase: string; ms: number }> {
  const sums = new Map<string, number>(phaseRules.map(([phase]) => [phase, 0]));
  sums.set('other steps', 0);
  for (const step of gatsbySteps(output)) {
    if (totals.test(step.name)) continue;
    const phase = phaseOf(step.name);
    sums.set(phase, sums.get(phase)! + step.ms);
  }
  const counted = [...sums.values()].reduce((sum, ms) => sum + ms, 0);
  const phases = [...sums].map(([phase, ms]) => ({ phase, ms }));
  if (!marks) return [...phases, { phase: 'process', ms: Math.max(0, totalMs - counted) }];
  // Node and Gatsby starting until the first line; after "Done building" (state saved, workers ended); the rest.
  // Gatsby prints a step when it ends, so when its first line is a step's (`compile gatsby files`), that step ran
  // before the line and is counted there, not in the start.
  const startMs = Math.max(0, marks.startupMs - (firstLineStep(output)?.ms ?? 0));
  return [
    ...phases,
    { phase: 'process start', ms: startMs },
    { phase: 'after done', ms: marks.afterDoneMs },
    { phase: 'between steps', ms: Math.max(0, totalMs - counted - startMs - marks.afterDoneMs) },
  ];
}

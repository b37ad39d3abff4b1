import { buildPhases, gatsbySteps, otherSteps, stepListener, type Step } from './build-phases';

// The shape of a rebuild's output: coloured, with totals and untimed lines among the timed steps.
const output = [
  '\x1b[32msuccess\x1b[39m load gatsby config - 0.050s',
  'success load plugins - 0.600s',
  'success source and transform nodes - 1.200s',
  'success building schema - 0.300s',
  'success createPages - 0.900s',
  'success Checking for changed pages - 0.100s',
  'info Total nodes: 52000, SitePage nodes: 10434',
  'info bootstrap finished - 4.100 s',
  'success Building production JavaScript and CSS bundles - 0.500s',
  'success run page queries - 0.700s - 2/2 2.86/s',
  'success Writing page-data.json and slice-data.json files to public directory - 0.200s - 1/2 5.0/s',
  'success Building static HTML for pages - 0.400s - 1/1 2.5/s',
  'success onPostBuild - 0.350s',
  'success something new - 0.100s',
  'info Done building in 7.9 sec',
].join('\n');

describe('build phases', () => {
  it('reads every timed step of Gatsby, colours and all', () => {
    const steps = gatsbySteps(output);
    expect(steps[0]).toEqual({ name: 'load gatsby config', ms: 50 });
    expect(steps.map((step) => step.name)).toContain('run page queries');
  });

  it('hears each step as its line completes, however the output is cut into chunks', () => {
    const heard: Step[] = [];
    const listen = stepListener((step) => heard.push(step));
    // Cut into chunks of 7 bytes: most lines arrive in pieces.
    const bytes = Buffer.from(`${output}\n`);
    for (let at = 0; at < bytes.length; at += 7) listen(bytes.subarray(at, at + 7));
    expect(heard).toEqual(gatsbySteps(output));
    // A step's line is heard once its end has come, not before.
    listen('success Writing page-data.json and slice-data.json files to public directory - 2.1');
    expect(heard).toHaveLength(gatsbySteps(output).length);
    listen('00s - 10450/10450 5000.00/s\n');
    expect(heard.at(-1)).toEqual({ name: 'Writing page-data.json and slice-data.json files to public directory', ms: 2100 });
  });

  it('groups the steps into phases that add up to the build, totals left out and the rest as process time', () => {
    const phases = Object.fromEntries(buildPhases(output, 8_000).map(({ phase, ms }) => [phase, Math.round(ms)]));
    expect(phases).toEqual({
      sourcing: 1_600,
      createPages: 900,
      queries: 700,
      bundles: 500,
      'page data': 200,
      HTML: 400,
      'post-build': 350,
      'start-up': 650,
      'other steps': 100,
      process: 2_600,
    });
    expect(otherSteps(output, 100)).toEqual([{ name: 'something new', ms: 100 }]);
    const marked = Object.fromEntries(buildPhases(output, 8_000, { startupMs: 1_500, afterDoneMs: 600 }).map(({ phase, ms }) => [phase, Math.round(ms)]));
    // The first line is the end of `load gatsby config` (50 ms), which ran before it: not the process's start.
    expect(marked).toMatchObject({ 'process start': 1_450, 'after done': 600, 'between steps': 550 });
    expect(marked.process).toBeUndefined();
    const quietStart = Object.fromEntries(buildPhases(`info a note\n${output}`, 8_000, { startupMs: 1_500, afterDoneMs: 600 }).map(({ phase, ms }) => [phase, Math.round(ms)]));
    expect(quietStart).toMatchObject({ 'process start': 1_500, 'between steps': 500 });
  });
});

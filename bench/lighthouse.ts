/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling: its defaults) on the six visitor templates
 * of ADR 041, as a first visit (a fresh profile, so the cookie banner is open). Prints the four category scores and
 * LCP, TBT and CLS per template with the largest contentful paint's element, and PASS/MISS against the targets:
 * performance ≥ 95, accessibility, best practices and SEO 100.
 *
 * Lighthouse is not a project dependency: it lives in tools/lighthouse (installed there with `npm ci` on first use)
 * and needs Node 22, taken from tools/netlify (ADR 022). Chromium is CHROME_PATH (default /usr/bin/chromium).
 *
 * Options: --url <origin> measures a running site; without it the demo site is built in a temp folder first.
 * --runs N runs each template N times and reports the run with the median performance score (default 1; the
 * simulated throttling scales the CPU time it observes, so a busy machine lowers TBT and the score). --keep.
 */
import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openVisitorSite, visitorTemplates, type Template } from './lib/visitor-site';
import { machineLoopSeconds, machineSpeedLine } from './lib/machine-speed';

const repoRoot = path.resolve(__dirname, '..');
const toolsDir = path.join(repoRoot, 'tools', 'lighthouse');
const lighthouseCli = path.join(toolsDir, 'node_modules', 'lighthouse', 'cli', 'index.js');
const netlifyTools = path.join(repoRoot, 'tools', 'netlify');
const node22 = path.join(netlifyTools, 'node_modules', 'node', 'bin', 'node');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];
const targets: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}\n${output}`))));
  });
}

async function ensureTools() {
  if (!existsSync(node22)) {
    console.log('bench:lighthouse: installing Node 22 with tools/netlify (once)…');
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: netlifyTools });
  }
  if (!existsSync(lighthouseCli)) {
    console.log('bench:lighthouse: installing Lighthouse into tools/lighthouse (once)…');
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: toolsDir });
  }
}

interface Result {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  lcpElement: string;
  failedAudits: string[];
  /** Bytes Lighthouse would save by images sized for their slot or better compressed (its image delivery insight). */
  imageSavings: number;
}

interface Report {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; scoreDisplayMode?: string; title: string; details?: { items?: { type?: string; selector?: string }[]; debugData?: { wastedBytes?: number } } }
  >;
}

/** The largest contentful paint's element, from Lighthouse 13's LCP breakdown insight. */
function lcpElementOf(report: Report): string {
  const items = report.audits['lcp-breakdown-insight']?.details?.items ?? [];
  return items.find((item) => item.type === 'node')?.selector ?? '?';
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: such a run is repeated. */
async function lighthouse(url: string, workdir: string, index: number, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, workdir, index);
    } catch (error) {
      if (attempt >= attempts || !/Runtime error encountered/.test(String(error))) throw error;
      console.log(`  (Lighthouse failed to record ${url}; again)`);
    }
  }
}

async function lighthouseOnce(url: string, workdir: string, index: number): Promise<Result> {
  const output = path.join(workdir, `report-${index}.json`);
  await run(
    node22,
    [
      lighthouseCli,
      url,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { cwd: workdir, env: { ...process.env, CHROME_PATH: chromePath } },
  );
  const report = JSON.parse(await fs.readFile(output, 'utf8')) as Report;
  const scores = Object.fromEntries(categories.map((category) => [category, Math.round((report.categories[category].score ?? 0) * 100)])) as Record<Category, number>;
  const failedAudits = categories
    .filter((category) => category !== 'performance')
    .flatMap((category) => report.categories[category].auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id))
    .filter((id) => {
      const audit = report.audits[id];
      return audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual';
    });
  return {
    scores,
    lcp: report.audits['largest-contentful-paint'].numericValue ?? NaN,
    tbt: report.audits['total-blocking-time'].numericValue ?? NaN,
    cls: report.audits['cumulative-layout-shift'].numericValue ?? NaN,
    fcp: report.audits['first-contentful-paint'].numericValue ?? NaN,
    lcpElement: lcpElementOf(report),
    failedAudits: [...new Set(failedAudits)],
    imageSavings: report.audits['image-delivery-insight']?.details?.debugData?.wastedBytes ?? 0,
  };
}

const passes = (result: Result) => categories.every((category) => result.scores[category] >= targets[category]);

async function main() {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '1' }, keep: { type: 'boolean', default: false } } });
  const runs = Number(values.runs);
  if (!(Number.isInteger(runs) && runs > 0)) throw new Error('--runs must be a positive whole number');
  await ensureTools();
  const speed = machineLoopSeconds();
  const site = await openVisitorSite({ url: values.url, keep: values.keep, label: 'bench:lighthouse' });
  const workdir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-lighthouse-'));
  const rows: { template: Template; result: Result; performances: number[] }[] = [];
  try {
    let index = 0;
    for (const template of await visitorTemplates(site.origin)) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i += 1) results.push(await lighthouse(new URL(template.path, site.origin).href, workdir, (index += 1)));
      results.sort((a, b) => a.scores.performance - b.scores.performance);
      const result = results[Math.floor((results.length - 1) / 2)];
      rows.push({ template, result, performances: results.map((entry) => entry.scores.performance) });
      console.log(
        `${template.name} (${template.path}): performance ${result.scores.performance}, LCP ${(result.lcp / 1000).toFixed(2)} s on ${result.lcpElement}` +
          `${result.imageSavings ? `; images could be ${Math.round(result.imageSavings / 1000)} KB smaller` : ''}`,
      );
    }
  } finally {
    await fs.rm(workdir, { recursive: true, force: true });
    await site.close();
  }
  console.log(`\nLighthouse 13, mobile, simulated throttling${runs > 1 ? `, median of ${runs} runs` : ''} (targets: performance ≥ 95, the others 100)`);
  console.log(`  ${'template'.padEnd(13)} perf  a11y  bp   seo   FCP     LCP     TBT     CLS`);
  let failed = false;
  for (const { template, result, performances } of rows) {
    const pass = passes(result);
    failed ||= !pass;
    const s = result.scores;
    console.log(
      `  ${template.name.padEnd(13)} ${String(s.performance).padStart(3)}   ${String(s.accessibility).padStart(3)}   ${String(s['best-practices']).padStart(3)}  ${String(s.seo).padStart(3)}  ` +
        `${(result.fcp / 1000).toFixed(2).padStart(5)} s ${(result.lcp / 1000).toFixed(2).padStart(5)} s ${Math.round(result.tbt).toString().padStart(4)} ms ${result.cls.toFixed(3)}  ${pass ? 'PASS' : 'MISS'}` +
        `${runs > 1 ? `  (runs: ${performances.join(', ')})` : ''}${result.failedAudits.length ? `  failing: ${result.failedAudits.join(', ')}` : ''}`,
    );
  }
  console.log(machineSpeedLine(speed, machineLoopSeconds()));
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

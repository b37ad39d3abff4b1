/**
 * `npm run bench:build`: how the incremental build scales. Seeds the demo site plus a generated concert
 * archive (5,000+ pages over both languages) in a temp folder, then measures in one run, on one machine:
 *
 *   1. a cold build (no .cache, no public),
 *   2. a rebuild with no content change (expected: 0 pages rewritten),
 *   3. a rebuild after one module of one page was edited (expected: that page only),
 *   4. a rebuild after one event's German title was edited (expected: its English page, whose calendar file carries
 *      the change time, and every German page of the build before whose HTML links to the event: its own page, the
 *      programme list, the pages of the subscription series that list it and the home page's next concerts while
 *      it is among them; nothing else),
 *
 * each with its wall time, its ratio to the cold build, the HTML files written and the peak resident memory of
 * the build's process tree. Targets (ADR 007): rebuilds under a fifth of the cold build, peak under 3 GiB. It also
 * prints the size of the app bundle every visitor loads, and fails when Gatsby's match-path table in it lists pages
 * only because another page's match path covers them (ADR 095): the bundle would grow with the site.
 *
 * Options: --seasons N --reports N (archive size; default 50 × 50 reports, each in two languages),
 * --phases (print Gatsby's steps that took 0.3 s or more), --keep (leave the temp folder for inspection).
 */
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { updateEvent, updateModule } from '../server/src/db/repositories';
import type { Event, Paged } from '../contract/schemas/programme';
import { berlinDate } from '../contract/berlin-time';
import { buildSite } from '../scripts/lib/build-site';
import { gatsbySteps } from '../scripts/lib/build-phases';
import { startBenchSite } from './lib/bench-site';
import { generateSite } from './lib/generate-site';
import { samplePeak } from './lib/process-memory';
import { changed, rewritten, snapshot, type Snapshot } from '../scripts/lib/public-snapshot';
import { machineLoopSeconds, machineSpeedLine } from './lib/machine-speed';

const GiB = 1024 ** 3;
const targets = { rebuildRatio: 0.2, peakBytes: 3 * GiB };

interface Run {
  name: string;
  /** GATSBY_CPU_COUNT the build ran with (see scripts/lib/build-site.ts). */
  cpuCount: string;
  ms: number;
  peak: number;
  written: string[];
  /** Of those written, the ones whose content differs. */
  changed: string[];
  expected?: string[];
}

async function main() {
  const { values } = parseArgs({
    options: {
      seasons: { type: 'string', default: '50' },
      reports: { type: 'string', default: '50' },
      keep: { type: 'boolean', default: false },
      phases: { type: 'boolean', default: false },
    },
  });
  const seasons = Number(values.seasons);
  const reports = Number(values.reports);
  if (!(seasons > 0 && reports > 0)) throw new Error('--seasons and --reports must be positive numbers');

  const speed = machineLoopSeconds();
  const { workdir, siteDir, publicDir, server, close } = await startBenchSite('kf-bench-build-');
  try {
    const generated = await generateSite(server.db, seasons, reports);
    console.log(`bench:build  ${generated.reportIds.length} archive pages generated in two languages, in ${workdir}`);
    console.log(`             machine: ${os.cpus().length} cores, ${(os.totalmem() / GiB).toFixed(0)} GiB, GATSBY_CPU_COUNT ${process.env.GATSBY_CPU_COUNT ?? '2'} for the cold build, 1 for rebuilds (ADR 007)\n`);

    const build = async (name: string, before: Snapshot | undefined, expected?: string[]): Promise<{ run: Run; after: Snapshot }> => {
      let sampler: ReturnType<typeof samplePeak> | undefined;
      const { ms, output, cpuCount } = await buildSite({
        contentApiUrl: server.url,
        buildToken: server.buildToken,
        siteUrl: server.publicUrl,
        cwd: siteDir,
        quiet: true,
        onSpawn: (pid) => (sampler = samplePeak(pid)),
      });
      const peak = sampler?.stop() ?? 0;
      const after = await snapshot(publicDir);
      const written = before ? rewritten(before, after) : [...after.pages.keys()];
      const run: Run = { name, cpuCount, ms, peak, written, changed: before ? changed(before, after, written) : written, expected };
      report(run, undefined);
      if (values.phases) printPhases(output);
      return { run, after };
    };

    const cold = await build('cold build', undefined);
    const bundle = await appBundle(siteDir, publicDir);
    console.log(`app bundle              ${(bundle.bytes / 1024).toFixed(1)} kB   match-path table: ${bundle.entries} entries, ${bundle.pagesListed} of them pages listed only because a match path covers them`);
    const noChange = await build('no-change rebuild', cold.after, []);

    // One editor's save: the text module of one German report page.
    const target = generated.reportIds[Math.floor(generated.reportIds.length / 2)];
    const module = await server.db
      .selectFrom('module')
      .innerJoin('container', 'container.id', 'module.container_id')
      .select('module.id')
      .where('container.content_type', '=', 'page')
      .where('container.object_id', '=', target)
      .where('container.locale', '=', 'de')
      .where('module.type', '=', 'text')
      .executeTakeFirstOrThrow();
    await updateModule(server.db, module.id, { content: '<p>Nachtrag: Die Aufnahme des Abends erscheint im Herbst.</p>' });
    const paths = await generated.pathsOf(target);
    const edited = await build('one-page edit rebuild', noChange.after, [`${paths.de.slice(1)}/index.html`]);

    // One event of the prebuilt first page of the programme that belongs to a series, retitled in German.
    const response = await fetch(`${server.url}/de/api/events/?date=${berlinDate(new Date())}`);
    const upcoming = ((await response.json()) as Paged<Event>).results;
    const event = upcoming.find((candidate) => candidate.subscriptions.length > 0);
    if (!event) throw new Error('The seed has no upcoming event in a subscription series');
    await updateEvent(server.db, event.id, { title: { de: `${event.title} – mit neuem Solisten` } });
    const file = (url: string) => `${url.slice(1)}/index.html`;
    // What the site shows, not a list kept by hand: every German page that links to the event shows its German
    // title (its own page, the programme, its series' pages, the home page's next concerts while it is among them),
    // and its English page carries the change time in its calendar file.
    const eventExpected = [...new Set([file(event.urls.de), file(event.urls.en), ...(await pagesLinkingTo(publicDir, 'de', event.urls.de))])].sort();
    const eventEdit = await build('one-event edit rebuild', edited.after, eventExpected);

    summarise(cold.run, [noChange.run, edited.run, eventEdit.run], bundle);
    console.log(machineSpeedLine(speed, machineLoopSeconds()));
  } finally {
    await close(values.keep);
  }
}

/** The built pages (`de/…/index.html`) of one language whose HTML links to `url` (with or without a closing slash). */
async function pagesLinkingTo(publicDir: string, locale: string, url: string): Promise<string[]> {
  const links = [`href="${url}"`, `href="${url}/"`];
  const found: string[] = [];
  for (const entry of await readdir(path.join(publicDir, locale), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const full = path.join(entry.parentPath, entry.name);
    const html = await readFile(full, 'utf8');
    if (links.some((link) => html.includes(link))) found.push(path.relative(publicDir, full).split(path.sep).join('/'));
  }
  return found;
}

/** Gatsby's own timing lines ("success <step> - 1.234s") for the steps that matter. */
function printPhases(output: string) {
  for (const step of gatsbySteps(output)) {
    if (step.ms >= 300) console.log(`    ${(step.ms / 1000).toFixed(3).padStart(7)} s  ${step.name}`);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const gib = (bytes: number) => `${(bytes / GiB).toFixed(2)} GiB`;

function report(run: Run, cold: Run | undefined) {
  const ratio = cold ? `  (${(run.ms / cold.ms).toFixed(3)} of cold)` : '';
  console.log(`${run.name.padEnd(22)} ${seconds(run.ms).padStart(8)}${ratio}   pages written: ${run.written.length} (content changed: ${run.changed.length})   peak memory: ${gib(run.peak)}   [cpu count ${run.cpuCount}]`);
}

/**
 * The browser bundle every visitor loads, and Gatsby's match-path table that goes into it: a page inside another
 * page's match path is listed there as a match path of its own, so a match path covering the site made the bundle
 * grow with every page (ADR 095).
 */
async function appBundle(siteDir: string, publicDir: string): Promise<{ bytes: number; entries: number; pagesListed: number }> {
  const app = (await readdir(publicDir)).filter((name) => /^app-[0-9a-f]+\.js$/.test(name));
  const bytes = (await Promise.all(app.map((name) => readFile(path.join(publicDir, name))))).reduce((sum, file) => sum + file.length, 0);
  const table = JSON.parse(await readFile(path.join(siteDir, '.cache', 'match-paths.json'), 'utf8')) as Array<{ path: string; matchPath: string }>;
  return { bytes, entries: table.length, pagesListed: table.filter((entry) => entry.matchPath === entry.path).length };
}

function summarise(cold: Run, rebuilds: Run[], bundle: { bytes: number; pagesListed: number }) {
  console.log('\nSummary (ratios measured in this run):');
  report(cold, undefined);
  const bundleOk = bundle.pagesListed === 0;
  console.log(`app bundle ${(bundle.bytes / 1024).toFixed(1)} kB`);
  console.log(`  ${bundleOk ? 'ok  ' : 'MISS'} no page in the match-path table only because a match path covers it (${bundle.pagesListed})`);
  let ok = bundleOk && cold.peak < targets.peakBytes;
  for (const run of rebuilds) {
    report(run, cold);
    const ratioOk = run.ms / cold.ms < targets.rebuildRatio;
    const setOk = JSON.stringify(run.written) === JSON.stringify(run.expected);
    const peakOk = run.peak < targets.peakBytes;
    ok = ok && ratioOk && setOk && peakOk;
    console.log(`  ${ratioOk ? 'ok  ' : 'MISS'} under ${targets.rebuildRatio} of the cold build`);
    console.log(`  ${setOk ? 'ok  ' : 'MISS'} pages written = expected [${(run.expected ?? []).join(', ')}]${setOk ? '' : `, got [${run.written.slice(0, 20).join(', ')}${run.written.length > 20 ? ', …' : ''}]`}`);
    console.log(`  ${peakOk ? 'ok  ' : 'MISS'} peak memory under ${gib(targets.peakBytes)}`);
  }
  console.log(`  ${cold.peak < targets.peakBytes ? 'ok  ' : 'MISS'} cold build peak memory under ${gib(targets.peakBytes)}`);
  console.log(ok ? '\nAll targets met.' : '\nSome targets missed.');
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench:publish`: how long a staff edit takes to go live (ADR 013, 053). On the seeded site, the generated
 * 5,000-page site of bench:build and its 10,000-page site (`--seasons 100`), each in a workspace of its own with a
 * content server whose publish queue builds there and publishes each build whole (as `npm start` does), it logs in
 * as the seeded editor, then per run changes one headline through the editor call
 * `POST /de/pageeditor-api/container/{id}/modules/{moduleId}/` and measures from the accepted save to the moment
 * the server serves the page's new HTML. The time includes the queue's quiet period (PUBLISH_QUIET_MS, 250 ms by
 * default for the site builder). Per run it prints that time, where it went (the wait in the queue, Gatsby's phases, compressing,
 * publishing the release, and the wait until the new page was seen), and the HTML pages whose content the build
 * changed (expected: the edited page, in its language, only). Then it sends the same headline again, a save that
 * changes nothing, and counts the builds that follow (expected: 0). Target: median edit-to-live at most 3 s on the
 * seeded site and 4 s on the generated ones.
 * Then, per run, the same page as a draft (ADR 085): a draft is started, the headline saved into it (expected: no
 * build), and the draft published with `POST /de/pageeditor-api/draft/page/{id}/publish/`, timed as a save from the
 * accepted call to the page served with it. Target: publishing a draft takes no longer than a save (median within
 * 15 %, the machine's noise between runs), rewriting the same page only.
 *
 * Options: --runs N (default 5), --only seeded|large|huge (comma-separated), --seasons N --reports N (the large
 * site's size, default 50 × 50 reports in two languages; the huge site has twice the seasons), --keep (leave the
 * temp folders), --workdir DIR (work in DIR/<site> and keep it: a second run reuses its database and build, so it
 * starts with an incremental build instead of generating and building the site again), --steps (print every step
 * Gatsby timed in each run, 0.1 s or more), --no-standby (start every build's Gatsby process when the build begins,
 * instead of taking the one the last build left loaded and waiting, as `npm start` does), --no-reuse (run Gatsby's
 * code steps in every build, parse src/ for queries only in the build and let Gatsby recreate SitePage nodes:
 * KF_GATSBY_REUSE=0, the path before ADR 054).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { currentCursor } from '../server/src/db/repositories';
import { dropStandby, hasBuildCache } from '../scripts/lib/build-site';
import { createSiteBuilder, deferredSiteBuilder, outsideQueue, type SiteBuild } from '../scripts/lib/site-builder';
import { startBenchSite } from './lib/bench-site';
import { generateSite } from './lib/generate-site';
import { containerVersion, findHeadline, logIn } from './lib/staff-editor';
import { machineLoopSeconds, machineSpeedLine } from './lib/machine-speed';

/** Median edit-to-live per site: the seeded site's 3 s, the generated sites' 4 s (the 10,440-page one's target). */
const targetMs: Record<Scenario, number> = { seeded: 3000, large: 4000, huge: 4000 };
/** A cold publish (build, compress, release) within this multiple of the build alone. */
const coldPublishRatio = 1.3;
const scenarios = ['seeded', 'large', 'huge'] as const;
type Scenario = (typeof scenarios)[number];

interface Run {
  editToLiveMs: number;
  buildMs: number;
  pages: string[];
}

interface Result {
  name: string;
  scenario: Scenario;
  runs: Run[];
  /** A draft's publish per run, timed as a save is. */
  draftRuns: Run[];
  /** Builds that followed the saves into the drafts (expected: none). */
  draftSaveBuilds: number;
  expected: string[];
  /** Builds that followed a save changing nothing. */
  noChangeBuilds: number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      only: { type: 'string' },
      seasons: { type: 'string', default: '50' },
      reports: { type: 'string', default: '50' },
      keep: { type: 'boolean', default: false },
      workdir: { type: 'string' },
      steps: { type: 'boolean', default: false },
      'no-standby': { type: 'boolean', default: false },
      'no-reuse': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  // Read by gatsby/private/standby.cjs, the site builder and gatsby-node in each build, whose environment is
  // this one's.
  if (values['no-reuse']) process.env.KF_GATSBY_REUSE = '0';
  if (!(runs >= 1)) throw new Error('--runs must be at least 1');
  const only = values.only?.split(',') ?? [...scenarios];
  const unknown = only.filter((name) => !(scenarios as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`--only takes ${scenarios.join(', ')}; got ${unknown.join(', ')}`);
  const size = { seasons: Number(values.seasons), reports: Number(values.reports) };
  const speed = machineLoopSeconds();
  console.log(`bench:publish  machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB; ${runs} runs per site${values['no-standby'] ? '; no standby' : ''}${values['no-reuse'] ? '; code steps run in every build (KF_GATSBY_REUSE=0)' : ''}\n`);

  const results: Result[] = [];
  for (const scenario of scenarios) {
    if (!only.includes(scenario)) continue;
    const scenarioSize = scenario === 'huge' ? { ...size, seasons: size.seasons * 2 } : size;
    const workdir = values.workdir ? path.join(values.workdir, scenario) : undefined;
    results.push(await measure(scenario, runs, scenarioSize, values.keep, workdir, values.steps, values['no-standby']));
  }
  summarise(results);
  console.log(machineSpeedLine(speed, machineLoopSeconds()));
}

async function measure(scenario: Scenario, runs: number, size: { seasons: number; reports: number }, keep: boolean, workdir?: string, printSteps = false, noStandby = false): Promise<Result> {
  const builds: SiteBuild[] = [];
  const publisher = deferredSiteBuilder((_request, build) => builds.push(build));
  const bench = await startBenchSite('kf-bench-publish-', { publish: { builder: publisher.builder }, workdir });
  const { server } = bench;
  try {
    const queue = server.app.publishQueue;
    if (!queue) throw new Error('The server started without a publish queue');
    const site = publisher.bind(createSiteBuilder({ contentApiUrl: server.url, buildToken: server.buildToken, siteUrl: server.publicUrl, cwd: bench.siteDir, liveDir: bench.liveDir, standby: !noStandby }));
    let reportId: number | undefined;
    if (scenario !== 'seeded') {
      // A kept folder's database holds the generated site already (the file says which page to edit).
      const marker = path.join(bench.workdir, 'generated.json');
      const kept = await fs.readFile(marker, 'utf8').then((text) => JSON.parse(text) as { reportId: number }, () => undefined);
      if (kept) reportId = kept.reportId;
      else {
        const generated = await generateSite(server.db, size.seasons, size.reports);
        reportId = generated.reportIds[Math.floor(generated.reportIds.length / 2)];
        if (workdir) await fs.writeFile(marker, JSON.stringify({ reportId, ...size }));
      }
    }
    const cursor = await currentCursor(server.db);
    const incremental = hasBuildCache(bench.siteDir);
    const first = await outsideQueue(queue, () => site.build({ cursor }));
    const name = scenario === 'seeded' ? 'seeded site' : `generated site (${size.seasons} seasons)`;
    const pages = (await site.prime()).pages.size;
    console.log(`${name}: ${pages} HTML pages, ${incremental ? 'incremental first build' : 'cold build'} ${seconds(first.ms)}, in ${bench.workdir}`);
    console.log(`  ${incremental ? 'first build' : 'cold publish'} by phase: ${first.phases.map(({ phase, ms }) => `${phase} ${seconds(ms)}`).join(' · ')} · snapshot ${seconds(first.snapshotMs)}   (compressed ${first.compressed} files; release copied ${first.published?.copied ?? 0})`);
    if (!incremental) {
      // What publishing adds to the cold build it publishes, measured in this run: compare with bench:build's cold
      // build of the same site (target: the cold publish within 1.3 × of it).
      const early = first.compressedDuringBuild;
      const added = (early?.waitMs ?? 0) + first.compressMs + (first.published?.ms ?? 0) + (first.changes.listed ? first.changes.ms : 0);
      const gatsbyMs = first.ms - added;
      if (early) console.log(`  compressed while Gatsby rendered the pages: ${early.compressed} files in ${seconds(early.ms)}, of which ${seconds(early.waitMs)} after the build ended (ADR 098)`);
      console.log(`  cold publish ${seconds(first.ms)} = Gatsby's build ${seconds(gatsbyMs)} + compressing and releasing ${seconds(added)}: ${(first.ms / gatsbyMs).toFixed(2)} × its build (${first.ms / gatsbyMs <= coldPublishRatio ? 'ok' : 'MISS'}: at most ${coldPublishRatio})`);
    }
    if (printSteps) console.log(`  every step: ${first.steps.filter((step) => step.ms >= 100).map((step) => `${step.name} ${seconds(step.ms)}`).join(' · ')}`);

    const target = await findHeadline(server.db, reportId);
    const expected = [`${target.pagePath.slice(1)}/index.html`];
    console.log(`  editing the headline of ${target.pagePath} (container ${target.containerId}, module ${target.moduleId})`);
    const session = await logIn(server.url);
    let version = await containerVersion(server.db, target.containerId);

    const measured: Run[] = [];
    let lastHeadline = '';
    for (let run = 1; run <= runs; run += 1) {
      // Plain ASCII, so the text appears in the HTML exactly as saved.
      // An editor saves again after reading the page: by then the next build's Gatsby process has loaded and
      // parsed the code ahead (ADR 053, 054). The wait for it is printed, not counted.
      const readyStarted = performance.now();
      await site.ready();
      const readyMs = performance.now() - readyStarted;
      const headline = `Neue Fassung ${Date.now().toString(36)}-${run}`;
      lastHeadline = headline;
      const before = builds.length;
      const response = await fetch(`${server.url}/de/pageeditor-api/container/${target.containerId}/modules/${target.moduleId}/`, {
        method: 'POST',
        headers: { ...session, 'content-type': 'application/json' },
        body: JSON.stringify({ version, module: { content: headline } }),
      });
      const accepted = performance.now();
      if (response.status !== 200) throw new Error(`The save answered ${response.status}: ${await response.text()}`);
      version = ((await response.json()) as { version: number }).version;
      const acceptedAt = Date.now();
      await servedWith(`${server.url}${target.pagePath}`, headline);
      const editToLiveMs = performance.now() - accepted;
      const seenAt = Date.now();
      await queue.whenSettled();
      const status = (await (await fetch(`${server.url}/de/pageeditor-api/publish/`, { headers: session })).json()) as { state: string };
      const build = builds[builds.length - 1];
      if (builds.length !== before + 1 || !build) throw new Error(`Expected one build for the save, got ${builds.length - before}`);
      measured.push({ editToLiveMs, buildMs: build.ms, pages: build.pages });
      console.log(
        `  run ${run}: edit-to-live ${seconds(editToLiveMs).padStart(7)}   build ${seconds(build.ms).padStart(7)}   pages rewritten: ${build.pages.length} [${listed(build.pages)}]   state: ${status.state}${build.warm ? `   (Gatsby loaded ahead; ready ${seconds(readyMs)} after the last run was seen)` : '   (Gatsby started with the build)'}`,
      );
      const phases = [
        { phase: 'queue wait', ms: build.startedAt - acceptedAt },
        ...build.phases,
        { phase: 'until seen', ms: seenAt - (build.startedAt + build.ms) },
      ];
      console.log(`         ${phases.map(({ phase, ms }) => `${phase} ${seconds(Math.max(0, ms))}`).join(' · ')}   (+ ${seconds(build.snapshotMs)} comparing pages after; ${build.changes.listed ? `${build.changes.files} files changed, from Gatsby's list of pages` : 'files changed found by a walk of public/'})`);
      if (build.otherSteps.length) console.log(`         other steps: ${build.otherSteps.map((step) => `${step.name} ${seconds(step.ms)}`).join(' · ')}`);
      if (printSteps) console.log(`         every step: ${build.steps.filter((step) => step.ms >= 100).map((step) => `${step.name} ${seconds(step.ms)}`).join(' · ')}`);
    }

    // The same headline again: a save that changes nothing must cost no build.
    const before = builds.length;
    const again = await fetch(`${server.url}/de/pageeditor-api/container/${target.containerId}/modules/${target.moduleId}/`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ version, module: { content: lastHeadline } }),
    });
    if (again.status !== 200) throw new Error(`The unchanged save answered ${again.status}: ${await again.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await queue.whenSettled();
    const noChangeBuilds = builds.length - before;
    console.log(`  no-change publish (the same headline saved again): ${noChangeBuilds} ${noChangeBuilds === 1 ? 'build' : 'builds'}`);

    // The same page as a draft: saved into it (no build), then published, timed from the accepted publish.
    const pageId = (await server.db.selectFrom('container').select('object_id').where('id', '=', target.containerId).executeTakeFirstOrThrow()).object_id;
    const slug = (await server.db.selectFrom('container').select('slug').where('id', '=', target.containerId).executeTakeFirstOrThrow()).slug;
    const draftUrl = `${server.url}/de/pageeditor-api/draft/page/${pageId}/`;
    const draftRuns: Run[] = [];
    let draftSaveBuilds = 0;
    for (let run = 1; run <= runs; run += 1) {
      await site.ready();
      const started = await fetch(draftUrl, { method: 'POST', headers: { ...session, 'content-type': 'application/json' }, body: '{}' });
      if (started.status !== 201) throw new Error(`Starting a draft answered ${started.status}: ${await started.text()}`);
      const state = (await started.json()) as { sections: { id: number; slug: string; version: number; columns: { children: { id: number; type: string }[] }[] }[] };
      const section = state.sections.find((candidate) => candidate.slug === slug);
      const module = section?.columns.flatMap((column) => column.children).find((child) => child.type === 'headline');
      if (!section || !module) throw new Error(`The draft has no headline in section ${slug}`);
      const headline = `Entwurfsfassung ${Date.now().toString(36)}-${run}`;
      const before = builds.length;
      const saved = await fetch(`${server.url}/de/pageeditor-api/container/${section.id}/modules/${module.id}/`, {
        method: 'POST',
        headers: { ...session, 'content-type': 'application/json' },
        body: JSON.stringify({ version: section.version, module: { content: headline } }),
      });
      if (saved.status !== 200) throw new Error(`The save into the draft answered ${saved.status}: ${await saved.text()}`);
      await queue.whenSettled();
      draftSaveBuilds += builds.length - before;
      const publish = await fetch(`${draftUrl}publish/`, { method: 'POST', headers: { ...session, 'content-type': 'application/json' }, body: '{}' });
      const accepted = performance.now();
      if (publish.status !== 200) throw new Error(`Publishing the draft answered ${publish.status}: ${await publish.text()}`);
      await servedWith(`${server.url}${target.pagePath}`, headline);
      const editToLiveMs = performance.now() - accepted;
      await queue.whenSettled();
      const build = builds[builds.length - 1];
      if (builds.length !== before + 1 || !build) throw new Error(`Expected one build for the draft's publish, got ${builds.length - before}`);
      draftRuns.push({ editToLiveMs, buildMs: build.ms, pages: build.pages });
      console.log(`  draft ${run}: publish-to-live ${seconds(editToLiveMs).padStart(7)}   build ${seconds(build.ms).padStart(7)}   pages rewritten: ${build.pages.length} [${listed(build.pages)}]`);
    }
    return { name, scenario, runs: measured, expected, noChangeBuilds, draftRuns, draftSaveBuilds };
  } finally {
    await bench.close(keep);
    dropStandby(bench.siteDir);
  }
}

/** Resolves once the page's HTML holds `text` (polled every 50 ms, for at most 5 minutes). */
async function servedWith(pageUrl: string, text: string) {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(pageUrl);
    if (response.ok && (await response.text()).includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${pageUrl} did not show the edit within 5 minutes`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const listed = (pages: string[]) => (pages.length > 5 ? `${pages.slice(0, 5).join(', ')}, …` : pages.join(', '));

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summarise(results: Result[]) {
  console.log('\nSummary:');
  let ok = true;
  for (const { name, scenario, runs, expected, noChangeBuilds, draftRuns, draftSaveBuilds } of results) {
    const editToLive = median(runs.map((run) => run.editToLiveMs));
    const build = median(runs.map((run) => run.buildMs));
    const fast = editToLive <= targetMs[scenario];
    const exact = runs.every((run) => JSON.stringify(run.pages) === JSON.stringify(expected));
    ok = ok && fast && exact;
    console.log(`${name.padEnd(16)} median edit-to-live ${seconds(editToLive)} (build ${seconds(build)}) over ${runs.length} runs`);
    console.log(`  ${fast ? 'ok  ' : 'MISS'} median at most ${seconds(targetMs[scenario])}`);
    console.log(`  ${exact ? 'ok  ' : 'MISS'} every run rewrote only [${expected.join(', ')}]`);
    console.log(`  ${noChangeBuilds === 0 ? 'ok  ' : 'MISS'} a save that changed nothing: ${noChangeBuilds} builds`);
    ok = ok && noChangeBuilds === 0;
    const draftMedian = median(draftRuns.map((run) => run.editToLiveMs));
    const ratio = draftMedian / editToLive;
    const draftExact = draftRuns.every((run) => JSON.stringify(run.pages) === JSON.stringify(expected));
    console.log(`  ${ratio <= 1.15 ? 'ok  ' : 'MISS'} a draft's publish: median ${seconds(draftMedian)}, ${ratio.toFixed(2)} × the save's (at most 1.15)`);
    console.log(`  ${draftExact ? 'ok  ' : 'MISS'} every draft's publish rewrote only [${expected.join(', ')}]`);
    console.log(`  ${draftSaveBuilds === 0 ? 'ok  ' : 'MISS'} saves into the drafts: ${draftSaveBuilds} builds`);
    ok = ok && ratio <= 1.15 && draftExact && draftSaveBuilds === 0;
  }
  console.log(ok ? '\nAll targets met.' : '\nSome targets missed.');
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

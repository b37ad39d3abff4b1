/**
 * `npm run bench:backup`: what a backup costs (ADR 081) and whether its restore gives the same database back.
 * Seeds the demo site in a temp folder (a content server on its own SQLite database, as bench:build does), then
 * measures in one run, for two sites: the seeded site, and the same site plus the generated concert archive that
 * `bench:build --seasons 100` builds (about 10,400 pages over both languages):
 *
 *   1. a backup (`takeBackup`, in the server's process, as the server's scheduled backups run): its wall time, the
 *      archive's size, the rows and files in it, and the process's peak resident memory while it ran;
 *   2. its restore into a fresh SQLite target and, with --postgres URL or TEST_DATABASE_URL, into an empty
 *      PostgreSQL schema (made as the tests make one, dropped afterwards), each with its wall time and whether
 *      the restored database's table digests (server/src/backup/digest.ts) equal the source's.
 *
 * Then each site's backup runs again while the seeded editor saves a headline through the editor call, one save
 * after another, from a worker thread (bench/lib/save-loop.cjs, so each save is timed where the server's work
 * cannot hold the clock up): it prints the saves that landed during the backup and the longest save while it ran
 * against the longest of the saves before it. A backup must not block writers.
 *
 * Targets (ADR 081): seeded-site backup ≤ 5 s; 10k-page backup ≤ 60 s and ≤ 1 GiB peak resident memory; each
 * restore ≤ 3× its backup's time or ≤ 5 s, its digests equal; the longest save during a backup ≤ 5× the longest without.
 *
 * Options: --postgres URL (a PostgreSQL server to restore into; default TEST_DATABASE_URL), --seasons N --reports N
 * (the large site's archive; default 100 × 50 reports, each in two languages), --only seeded|large
 * (comma-separated), --keep (leave the temp folder).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../server/src/config';
import { createDatabase } from '../server/src/db/create-database';
import { takeBackup, type BackupResult } from '../server/src/backup/backup';
import { restoreBackup } from '../server/src/backup/restore';
import { tableDigests, type TableDigest } from '../server/src/backup/digest';
import { startBenchSite, type BenchSite } from './lib/bench-site';
import { generateSite } from './lib/generate-site';
import { measureOwnPeak } from './lib/process-memory';
import { containerVersion, findHeadline, logIn } from './lib/staff-editor';
import { machineLoopSeconds, machineSpeedLine } from './lib/machine-speed';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
/**
 * A restore's target is 3× its backup, or 5 s, whichever is longer: creating the schema is a fixed cost (all
 * migrations on an empty PostgreSQL schema take about 1.6 s, on SQLite 0.2 s) that a small site's backup has no
 * counterpart for (ADR 081).
 */
const targets = { seededBackupMs: 5_000, largeBackupMs: 60_000, largePeakBytes: GiB, restoreRatio: 3, restoreFloorMs: 5_000, saveRatio: 5 };
const scenarios = ['seeded', 'large'] as const;
/** Saves timed before the backup starts: what "without it" means (after the first few, which warm the server up). */
const savesBefore = 200;
const warmUpSaves = 20;
/** The pause between one save's answer and the next save. */
const savePauseMs = 10;

type Digests = Record<string, TableDigest>;

interface Restore {
  dialect: 'SQLite' | 'PostgreSQL';
  ms: number;
  /** Where the time went, from the restore's own progress lines. */
  phases: { phase: string; ms: number }[];
  peak: number;
  /** Tables whose digest differs from the source's (none: the digests are equal). */
  differing: string[];
}

interface SiteResult {
  name: string;
  backup: BackupResult;
  ms: number;
  peak: number;
  peakMethod: string;
  rssBefore: number;
  restores: Restore[];
  backupTargetMs: number;
  peakTarget?: number;
}

interface WritesResult {
  name: string;
  backupMs: number;
  landed: number;
  during: number;
  failed: number;
  longestDuring: number;
  longestBefore: number;
  medianDuring: number;
  medianBefore: number;
  before: number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      postgres: { type: 'string' },
      seasons: { type: 'string', default: '100' },
      reports: { type: 'string', default: '50' },
      only: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const seasons = Number(values.seasons);
  const reports = Number(values.reports);
  if (!(seasons > 0 && reports > 0)) throw new Error('--seasons and --reports must be positive numbers');
  const only = values.only?.split(',') ?? [...scenarios];
  const unknown = only.filter((name) => !(scenarios as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`--only takes ${scenarios.join(', ')}; got ${unknown.join(', ')}`);
  const postgresUrl = values.postgres?.trim() || process.env.TEST_DATABASE_URL?.trim() || undefined;
  // Read by server/src/test/test-database.ts when it is loaded (see postgresTarget).
  if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;

  const speed = machineLoopSeconds();
  const bench = await startBenchSite('kf-bench-backup-');
  const archives = path.join(bench.workdir, 'archives');
  console.log(`bench:backup  in ${bench.workdir}`);
  console.log(`              machine: ${os.cpus().length} cores, ${(os.totalmem() / GiB).toFixed(0)} GiB; restores into SQLite${postgresUrl ? ` and PostgreSQL (${new URL(postgresUrl).host})` : ' only (no --postgres URL, no TEST_DATABASE_URL)'}\n`);
  const sites: SiteResult[] = [];
  const writes: WritesResult[] = [];
  try {
    if (only.includes('seeded')) {
      sites.push(await measureSite('seeded site', bench, archives, postgresUrl, targets.seededBackupMs));
      writes.push(await measureUnderWrites('seeded site', bench, archives));
    }
    if (only.includes('large')) {
      const started = performance.now();
      const generated = await generateSite(bench.server.db, seasons, reports);
      console.log(`${generated.reportIds.length} archive pages generated in two languages (${seasons} seasons × ${reports}) in ${seconds(performance.now() - started)}\n`);
      const name = `${(generated.reportIds.length * 2).toLocaleString('en')}-page site`;
      sites.push(await measureSite(name, bench, archives, postgresUrl, targets.largeBackupMs, targets.largePeakBytes));
      writes.push(await measureUnderWrites(name, bench, archives));
    }
    summarise(sites, writes);
    console.log(machineSpeedLine(speed, machineLoopSeconds()));
  } finally {
    await bench.close(values.keep);
  }
}

/** A backup of the site as it is now, and its restores, each checked against the source's digests. */
async function measureSite(name: string, bench: BenchSite, archives: string, postgresUrl: string | undefined, backupTargetMs: number, peakTarget?: number): Promise<SiteResult> {
  const file = path.join(archives, `${slug(name)}.tar.gz`);
  const rssBefore = process.memoryUsage().rss;
  const memory = measureOwnPeak();
  const started = performance.now();
  const backup = await takeBackup({ config: bench.config, file });
  const ms = performance.now() - started;
  const peak = memory.stop();
  const rows = backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`${name}: ${backup.manifest.tables.length} tables, ${rows.toLocaleString('en')} rows, ${backup.manifest.files.length} files`);
  console.log(`  ${'backup'.padEnd(26)} ${seconds(ms).padStart(8)}   archive ${mib(backup.bytes)}   peak memory ${gib(peak)} (${gib(rssBefore)} before it; ${memory.method})`);

  const source = await tableDigests(bench.server.db);
  const restores: Restore[] = [];
  const root = await fs.mkdtemp(path.join(bench.workdir, 'restore-'));
  restores.push(await measureRestore(backup.file, sqliteTarget(path.join(root, 'sqlite')), source, ms));
  if (postgresUrl) restores.push(await measureRestore(backup.file, await postgresTarget(path.join(root, 'postgres')), source, ms));
  await fs.rm(root, { recursive: true, force: true });
  console.log('');
  return { name, backup, ms, peak, peakMethod: memory.method, rssBefore, restores, backupTargetMs, peakTarget };
}

interface Target {
  dialect: Restore['dialect'];
  dataDir: string;
  database: DatabaseConfig;
  drop(): Promise<void>;
}

/** A fresh DATA_DIR that does not exist yet, its SQLite file inside. */
function sqliteTarget(root: string): Target {
  const dataDir = path.join(root, 'data');
  return { dialect: 'SQLite', dataDir, database: { dialect: 'sqlite', file: path.join(dataDir, 'konzertfreunde.sqlite') }, drop: async () => undefined };
}

/** An empty schema in the PostgreSQL server, made as the tests make one (dropped by `drop`), and a fresh DATA_DIR. */
async function postgresTarget(root: string): Promise<Target> {
  const { createTestDatabase } = await import('../server/src/test/test-database');
  await fs.mkdir(root, { recursive: true });
  const database = await createTestDatabase('postgres', root);
  await database.db.destroy();
  return { dialect: 'PostgreSQL', dataDir: path.join(root, 'data'), database: database.config, drop: () => database.drop() };
}

async function measureRestore(archive: string, target: Target, source: Digests, backupMs: number): Promise<Restore> {
  try {
    const memory = measureOwnPeak();
    const started = performance.now();
    const marks: { line: string; at: number }[] = [];
    await restoreBackup({ config: { dataDir: target.dataDir, database: target.database }, archive, log: (line) => marks.push({ line, at: performance.now() }) });
    const ms = performance.now() - started;
    const peak = memory.stop();
    const phases = restorePhases(started, marks, started + ms);
    const restored = createDatabase({ database: target.database });
    let digests: Digests;
    try {
      digests = await tableDigests(restored);
    } finally {
      await restored.destroy();
    }
    const names = [...new Set([...Object.keys(source), ...Object.keys(digests)])].sort();
    const differing = names.filter((table) => !isDeepStrictEqual(source[table], digests[table]));
    console.log(
      `  ${`restore into ${target.dialect}`.padEnd(26)} ${seconds(ms).padStart(8)}   ${(ms / backupMs).toFixed(2)}× the backup   peak memory ${gib(peak)}   digests equal: ${differing.length ? `no (${differing.join(', ')})` : 'yes'}`,
    );
    console.log(`  ${''.padEnd(26)} ${phases.map(({ phase, ms: phaseMs }) => `${phase} ${seconds(phaseMs)}`).join(' · ')}`);
    return { dialect: target.dialect, ms, peak, phases, differing };
  } finally {
    await target.drop();
  }
}

/** The restore's progress lines (server/src/backup/restore.ts) as phases: each runs from the line before it to its own. */
function restorePhases(started: number, marks: { line: string; at: number }[], ended: number) {
  const names: [RegExp, string][] = [
    [/^Checking /, 'manifest'],
    [/^Database: /, 'unpack, check, schema and rows'],
    [/^Applied migrations: /, 'later migrations'],
    [/^Search index built: /, 'search index'],
    [/^Files: /, 'files'],
  ];
  const phases: { phase: string; ms: number }[] = [];
  let from = started;
  for (const { line, at } of marks) {
    phases.push({ phase: names.find(([pattern]) => pattern.test(line))?.[1] ?? line, ms: at - from });
    from = at;
  }
  phases.push({ phase: 'closing', ms: ended - from });
  return phases;
}

interface Save {
  startedAt: number;
  endedAt: number;
  ok: boolean;
}

/**
 * The site's backup again while the editor saves a headline over and over (`savePauseMs` between an answer and the next save): first
 * `savesBefore` saves without a backup, then the backup, then the saves are stopped once it is done.
 */
async function measureUnderWrites(name: string, bench: BenchSite, archives: string): Promise<WritesResult> {
  const { server } = bench;
  const target = await findHeadline(server.db, undefined);
  const worker = new Worker(path.join(__dirname, 'lib', 'save-loop.cjs'), {
    workerData: {
      url: `${server.url}/de/pageeditor-api/container/${target.containerId}/modules/${target.moduleId}/`,
      headers: await logIn(server.url),
      version: await containerVersion(server.db, target.containerId),
      pauseMs: savePauseMs,
    },
  });
  const failed = new Promise<never>((_resolve, reject) => worker.once('error', reject));
  const counted = (count: number) =>
    Promise.race([
      failed,
      new Promise<void>((resolve) => {
        const listen = (message: { saved?: number }) => {
          if ((message.saved ?? 0) < count) return;
          worker.off('message', listen);
          resolve();
        };
        worker.on('message', listen);
      }),
    ]);
  let saves: Save[];
  let window: { start: number; end: number };
  try {
    await counted(warmUpSaves + savesBefore);
    const start = performance.timeOrigin + performance.now();
    const backup = await takeBackup({ config: bench.config, file: path.join(archives, `${slug(name)}-under-writes.tar.gz`) });
    window = { start, end: performance.timeOrigin + performance.now() };
    const finished = Promise.race([
      failed,
      new Promise<Save[]>((resolve) => worker.on('message', (message: { saves?: Save[] }) => message.saves && resolve(message.saves))),
    ]);
    worker.postMessage('stop');
    saves = await finished;
    console.log(`${name} under writes: ${backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0).toLocaleString('en')} rows backed up while the editor saved a headline of ${target.pagePath} (a save, ${savePauseMs} ms pause, the next)`);
  } finally {
    await worker.terminate();
  }
  const before = saves.slice(warmUpSaves).filter((save) => save.endedAt <= window.start);
  const during = saves.filter((save) => save.startedAt < window.end && save.endedAt > window.start);
  const landed = saves.filter((save) => save.ok && save.endedAt >= window.start && save.endedAt <= window.end).length;
  const times = (list: Save[]) => list.map((save) => save.endedAt - save.startedAt).sort((a, b) => a - b);
  const longest = (list: Save[]) => times(list).at(-1) ?? 0;
  const median = (list: Save[]) => times(list)[Math.floor(list.length / 2)] ?? 0;
  const result: WritesResult = {
    name,
    backupMs: window.end - window.start,
    landed,
    during: during.length,
    failed: saves.filter((save) => !save.ok).length,
    longestDuring: longest(during),
    longestBefore: longest(before),
    medianDuring: median(during),
    medianBefore: median(before),
    before: before.length,
  };
  console.log(`  ${'backup'.padEnd(26)} ${seconds(result.backupMs).padStart(8)}   saves landed during it: ${result.landed} (${result.during} overlapped it; ${result.failed} failed in the whole run)`);
  console.log(`  ${'longest save'.padEnd(26)} ${milliseconds(result.longestDuring).padStart(8)} during the backup, ${milliseconds(result.longestBefore)} over the ${result.before} saves before it: ${(result.longestDuring / result.longestBefore).toFixed(1)}×`);
  console.log(`  ${'median save'.padEnd(26)} ${milliseconds(result.medianDuring).padStart(8)} during the backup, ${milliseconds(result.medianBefore)} before it\n`);
  return result;
}

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const milliseconds = (ms: number) => `${ms.toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const gib = (bytes: number) => `${(bytes / GiB).toFixed(2)} GiB`;

function summarise(sites: SiteResult[], writes: WritesResult[]) {
  console.log('Summary (measured in this run):');
  let ok = true;
  const check = (met: boolean, text: string) => {
    ok = ok && met;
    console.log(`  ${met ? 'ok  ' : 'MISS'} ${text}`);
  };
  for (const site of sites) {
    const rows = site.backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`${site.name}: backup ${seconds(site.ms)}, ${mib(site.backup.bytes)}, ${rows.toLocaleString('en')} rows, ${site.backup.manifest.files.length} files, peak memory ${gib(site.peak)}${site.restores.map((restore) => `; restore into ${restore.dialect} ${seconds(restore.ms)}`).join('')}`);
    check(site.ms <= site.backupTargetMs, `backup ≤ ${seconds(site.backupTargetMs)} (${seconds(site.ms)})`);
    if (site.peakTarget) check(site.peak <= site.peakTarget, `peak memory during the backup ≤ ${gib(site.peakTarget)} (${gib(site.peak)}, ${site.peakMethod})`);
    for (const restore of site.restores) {
      check(
        restore.ms <= Math.max(targets.restoreRatio * site.ms, targets.restoreFloorMs),
        `restore into ${restore.dialect} ≤ ${targets.restoreRatio}× the backup or ≤ ${seconds(targets.restoreFloorMs)} (${(restore.ms / site.ms).toFixed(2)}×, ${seconds(restore.ms)})`,
      );
      check(!restore.differing.length, `restore into ${restore.dialect}: digests equal the source's${restore.differing.length ? ` (differ: ${restore.differing.join(', ')})` : ''}`);
    }
  }
  for (const run of writes) {
    const ratio = run.longestDuring / run.longestBefore;
    console.log(`${run.name} under writes: ${run.landed} saves landed during a ${seconds(run.backupMs)} backup`);
    check(run.landed > 0, 'saves landed while the backup ran');
    check(run.failed === 0, `no save failed (${run.failed})`);
    check(ratio <= targets.saveRatio, `longest save during the backup ≤ ${targets.saveRatio}× the longest without (${milliseconds(run.longestDuring)} vs. ${milliseconds(run.longestBefore)}: ${ratio.toFixed(1)}×)`);
  }
  console.log(ok ? '\nAll targets met.' : '\nSome targets missed.');
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench:api`: how fast the content server answers the calls visitors' browsers and the build make most.
 * Migrates and seeds a fresh SQLite database in a temp folder, starts the real server on loopback (logging off,
 * PUBLIC_DIR a link to a release folder as `npm start` has it)
 * and loads each call with autocannon for --seconds (default 10):
 *
 *   - GET /de/api/events/?date=<today in Berlin>   (the programme's first page, live on every visit)
 *   - GET /de/api/page/<a seeded content page>      (a nested page with hero, containers and breadcrumbs)
 *   - GET /de/api/search/autocomplete/?query=…     (over a generated index of 20,000 documents, see below)
 *
 * autocannon runs twice per call: in a worker thread (its own core, the figure that counts) and in the server's
 * own thread (both on one core), for comparison. Beside our server the benchmark starts a bare Fastify server in the
 * same process, answering `GET /` with `{"hello":"world"}`, and loads it the same way right before and right after
 * each call's worker-thread run: the call's figure is printed as a ratio to the mean of those two, so a machine
 * shared with other work compares like with like (ADR 092). Target for the page and the events call: ≥ 0.5 of the
 * bare server, p99 ≤ 10 ms, no errors. A third run sends the events call with a new query parameter on
 * every request, so each answer is computed rather than taken from the answer cache (what the first request after
 * a content write costs); it is for reference, the target applies to the call as visitors make it. Prints requests/s, p50/p99 latency, errors and non-2xx answers,
 * and the target with PASS or MISS. A benchmark, not a test: it never fails.
 * Requests carry Chromium's Accept-Encoding, so answers go compressed as to visitors; an "identity" run per call
 * asks for none, for reference.
 *
 * Under writes (ADR 040): the page and the events call loaded again (worker thread) while an editor saves a module
 * every second through the real staff API (logged in, CSRF token, `POST …/pageeditor-api/container/{id}/modules/{id}/`),
 * a headline on another content page, as editors work on one page while visitors read others. Target: p99 ≤ 50 ms
 * and no errors; the saves made and their mean duration are printed beside it. A last run saves a headline of the
 * loaded page itself, whose answer is then computed again after every save.
 *
 * Search: 10,000 generated records in German and English (20,000 documents) are written straight into the search
 * index by the index writer the change log's hook uses (db/search/search-index.ts), not through the content
 * repositories: creating that many pages with containers would measure the repositories' writes, and the
 * autocomplete reads nothing but the index. The autocomplete call then gets a different query on every request,
 * rotating through 3,000 distinct prefixes as typed ("Be", "Beeth", "Beethoven Sinf"), more than the search's answer
 * cache keeps (1,000) and in order, so every answer is computed. Target: ≥ 5,000 req/s and p99 ≤ 20 ms (ADR 090).
 *
 * Options: --seconds N, --connections N (default 10), --keep (leave the temp folder).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../server/src/config';
import { inTransaction } from '../server/src/db/repositories';
import { createStaffUser, findStaffUserByLogin } from '../server/src/db/repositories/staff-users';
import { searchAnswersKept } from '../server/src/routes/search';
import { insertSearchDocuments } from '../server/src/db/search/search-index';
import { berlinDate } from '../contract/berlin-time';
import { releaseFolder } from '../contract/site-releases';
import { startServer } from '../server/src/start-server';
import { autocompleteQueries, generateSearchDocuments } from './lib/search-corpus';
import { machineLoopSeconds, machineSpeedLine } from './lib/machine-speed';

interface Target {
  requestsPerSecond: number;
  p99Ms: number;
  /** The share of the bare Fastify server's requests/s measured beside it. */
  ratio?: number;
}
const targets: Target = { requestsPerSecond: 0, p99Ms: 10, ratio: 0.5 };
/** While a module is saved every second only the latency counts (ADR 040). */
const underWritesTargets: Target = { requestsPerSecond: 0, p99Ms: 50 };
const searchTargets: Target = { requestsPerSecond: 5000, p99Ms: 20 };
/** Records generated for the search index, each in two languages. */
const searchRecords = 10_000;
const autocompleteQueryCount = 3000;

/**
 * What Chromium sends with every call: the answers go compressed, as to visitors (ADR 040). The "identity" runs
 * send none, as this benchmark did before answers were compressed.
 */
const browserHeaders: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/**
 * `[<id>]` in a URL becomes a new id on every request (a URL the answer cache has never seen). `setupRequest` (a
 * module's path, as autocannon's worker needs it) may set each request's path.
 */
async function load(url: string, seconds: number, connections: number, inWorker: boolean, setupRequest?: string, headers = browserHeaders): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    workers: inWorker ? 1 : undefined,
    idReplacement: url.includes('[<id>]'),
    // In its own thread autocannon can take the function itself.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file named at run time
    ...(setupRequest ? { requests: [{ setupRequest: inWorker ? setupRequest : require(setupRequest) }] } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

const pad = (text: string, width: number) => text.padEnd(width);
const verdict = (figures: Figures, target: Target, bare?: number) =>
  figures.requestsPerSecond >= target.requestsPerSecond &&
  (target.ratio === undefined || (bare !== undefined && figures.requestsPerSecond >= target.ratio * bare)) &&
  figures.p99 <= target.p99Ms &&
  figures.errors === 0 &&
  figures.non2xx === 0
    ? 'PASS'
    : 'MISS';

/** `bare`: the bare Fastify server's requests/s measured beside this run; the ratio is printed and judged. */
function report(name: string, mode: string, figures: Figures, target?: Target, bare?: number) {
  const ratio = bare !== undefined ? `   ${(figures.requestsPerSecond / bare).toFixed(2)} of bare Fastify (${bare.toFixed(0)} req/s)` : '';
  console.log(
    `  ${pad(name, 12)} ${pad(mode, 14)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(figures.p50).padStart(3)} ms   p99 ${String(figures.p99).padStart(3)} ms   ` +
      `errors ${figures.errors}   non-2xx ${figures.non2xx}   (${figures.total} requests)${ratio}   ${target ? verdict(figures, target, bare) : '(for reference)'}`,
  );
}

/** The bare Fastify server of the comparison (see the header), in this process as ours is. */
async function startBareFastify() {
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => bare.close() };
}

/**
 * The search scenario: a generated index of 2 × searchRecords documents, then the autocomplete call with a new
 * query on every request (see the header). Resolves once both runs are reported.
 */
async function benchAutocomplete(server: Awaited<ReturnType<typeof startServer>>, workdir: string, seconds: number, connections: number) {
  const docs = generateSearchDocuments(searchRecords);
  const started = performance.now();
  await inTransaction(server.db, (trx) => insertSearchDocuments(trx, docs));
  const indexSeconds = (performance.now() - started) / 1000;
  if (autocompleteQueryCount <= searchAnswersKept) throw new Error('The queries must outnumber the answers the cache keeps');
  const paths = autocompleteQueries(autocompleteQueryCount).map((query) => `/de/api/search/autocomplete/?query=${encodeURIComponent(query)}`);
  for (const sample of paths.slice(0, 20)) {
    const response = await fetch(server.url + sample);
    if (!response.ok) throw new Error(`${sample} answered ${response.status}`);
  }
  const pathsFile = path.join(workdir, 'autocomplete-paths.json');
  await fs.writeFile(pathsFile, JSON.stringify(paths));
  process.env.KF_BENCH_PATHS = pathsFile;
  const setupRequest = path.join(__dirname, 'lib', 'autocomplete-request.cjs');

  console.log(`\nautocomplete: GET /de/api/search/autocomplete/?query=<${paths.length} prefixes in turn>`);
  console.log(
    `  index: ${docs.length.toLocaleString('en')} documents (${searchRecords.toLocaleString('en')} records × de, en) written in ` +
      `${indexSeconds.toFixed(1)} s; target ≥ ${searchTargets.requestsPerSecond} req/s and p99 < ${searchTargets.p99Ms} ms, no errors`,
  );
  await load(server.url, 2, connections, true, setupRequest);
  report('autocomplete', 'worker thread', await load(server.url, seconds, connections, true, setupRequest), searchTargets);
  report('autocomplete', 'same thread', await load(server.url, seconds, connections, false, setupRequest));
  console.log(`  answers sent from records of kept answers so far: ${server.app.fastReads.served.toLocaleString('en')}`);
}

/**
 * Logs an editor in over HTTP as the editor's browser does and saves a headline module every `everyMs`: one on the
 * page `on`, or on any page but `avoid`. Resolves with a stop function that resolves with the saves' count and durations.
 */
async function startSaving(server: Awaited<ReturnType<typeof startServer>>, where: { on: string } | { avoid: string }, everyMs = 1000) {
  const account = { email: 'bench-editor@konzertfreunde.example', username: 'bench-editor', password: 'bench-editor-password', role: 'editor' as const };
  if (!(await findStaffUserByLogin(server.db, account.username))) await createStaffUser(server.db, account);
  const csrfAnswer = await fetch(`${server.url}/de/api/csrf/`);
  const csrf = /csrftoken=([^;]+)/.exec(csrfAnswer.headers.getSetCookie().join('\n'))?.[1];
  const origin = server.publicUrl;
  const login = await fetch(`${server.url}/de/pageeditor-api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf!, origin },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  const cookies = Object.fromEntries(login.headers.getSetCookie().map((line) => line.split(';')[0].split('=') as [string, string]));
  if (login.status !== 200 || !cookies.kf_session) throw new Error(`login answered ${login.status}`);
  const headers = { 'content-type': 'application/json', cookie: `kf_session=${cookies.kf_session}; csrftoken=${cookies.csrftoken}`, 'x-csrftoken': cookies.csrftoken, origin };

  const target = await server.db
    .selectFrom('module')
    .innerJoin('container', 'container.id', 'module.container_id')
    .innerJoin('page_translation', (join) => join.onRef('page_translation.page_id', '=', 'container.object_id').onRef('page_translation.locale', '=', 'container.locale'))
    .select(['module.id as moduleId', 'container.id as containerId', 'container.version', 'page_translation.path'])
    .where('container.content_type', '=', 'page')
    .where('module.type', '=', 'headline')
    .where('page_translation.path', 'on' in where ? '=' : '!=', 'on' in where ? where.on : where.avoid)
    .orderBy('module.id')
    .executeTakeFirstOrThrow();
  let version = target.version;
  const durations: number[] = [];
  let failures = 0;
  let saving: Promise<void> = Promise.resolve();
  const save = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/de/pageeditor-api/container/${target.containerId}/modules/${target.moduleId}/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ version, module: { content: `Saved at ${new Date().toISOString()}` } }),
    });
    const answer = (await response.json()) as { version?: number };
    if (response.status !== 200 || answer.version === undefined) failures++;
    else version = answer.version;
    durations.push(performance.now() - started);
  };
  const timer = setInterval(() => (saving = saving.then(save)), everyMs);
  return {
    path: target.path,
    async stop() {
      clearInterval(timer);
      await saving;
      return { saves: durations.length, failures, meanMs: durations.reduce((a, b) => a + b, 0) / Math.max(1, durations.length) };
    },
  };
}

/** The page and events calls loaded while a module is saved every second (see the header). */
async function benchUnderWrites(server: Awaited<ReturnType<typeof startServer>>, calls: { name: string; path: string }[], seconds: number, connections: number) {
  const pagePath = calls.find((call) => call.name === 'page')!.path.replace('/api/page', '');
  console.log(`\nunder writes: the same calls while a module is saved every second; target p99 ≤ ${underWritesTargets.p99Ms} ms, no errors`);
  const runs = [
    ...calls.map((call) => ({ call, mode: 'while saving', where: { avoid: pagePath } })),
    // The loaded page itself saved: its answer is computed again after each save (for reference).
    { call: calls.find((call) => call.name === 'page')!, mode: 'saving it', where: { on: pagePath } },
  ];
  for (const { call, mode, where } of runs) {
    const saver = await startSaving(server, where);
    const figures = await load(server.url + call.path, seconds, connections, true);
    const saves = await saver.stop();
    report(call.name, mode, figures, underWritesTargets);
    console.log(`  ${pad('', 12)} ${saves.saves} saves of a headline on ${saver.path} (${saves.failures} failed), ${saves.meanMs.toFixed(0)} ms each on average`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      keep: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  if (!(seconds > 0 && connections > 0)) throw new Error('--seconds and --connections must be positive numbers');
  const speed = machineLoopSeconds();

  const workdir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-bench-api-'));
  // PUBLIC_DIR as `npm start` has it: a link to a release folder (ADR 052), whose rules the server reads once.
  const publicLink = path.join(workdir, 'public');
  await fs.mkdir(releaseFolder(publicLink, 1));
  await fs.symlink(path.basename(releaseFolder(publicLink, 1)), publicLink);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workdir, 'var'),
    PUBLIC_DIR: publicLink,
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(config, { log: () => undefined, logger: false, seedImageScale: 0.2 });
  const bare = await startBareFastify();
  try {
    const today = berlinDate(new Date());
    const calls = [
      { name: 'events', path: `/de/api/events/?date=${today}` },
      { name: 'page', path: '/de/api/page/ueber-uns/geschichte' },
    ];
    for (const call of calls) {
      const response = await fetch(server.url + call.path);
      if (!response.ok) throw new Error(`${call.path} answered ${response.status}`);
    }
    console.log(`bench:api  SQLite in ${workdir}, ${connections} connections, ${seconds} s per run`);
    console.log(`           machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the start`);
    console.log(`           target: ≥ ${targets.ratio} of a bare Fastify server's req/s measured beside it, p99 ≤ ${targets.p99Ms} ms, no errors\n`);
    for (const call of calls) {
      console.log(`${call.name}: GET ${call.path}`);
      // A short warm-up of both, so the first run is not the one that compiles the code paths.
      await load(server.url + call.path, 2, connections, true);
      await load(bare.url, 2, connections, true);
      const bareBefore = await load(bare.url, seconds, connections, true);
      const ours = await load(server.url + call.path, seconds, connections, true);
      const bareAfter = await load(bare.url, seconds, connections, true);
      report('bare Fastify', 'before', bareBefore);
      report('bare Fastify', 'after', bareAfter);
      report(call.name, 'worker thread', ours, targets, (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2);
      report(call.name, 'same thread', await load(server.url + call.path, seconds, connections, false));
      report(call.name, 'identity', await load(server.url + call.path, seconds, connections, true, undefined, {}));
      if (call.name === 'events') {
        report(call.name, 'uncached', await load(`${server.url}${call.path}&n=[<id>]`, seconds, connections, true));
      }
    }
    await benchUnderWrites(server, calls, seconds, connections);
    await benchAutocomplete(server, workdir, seconds, connections);
    console.log('\nThe worker-thread figures count: there autocannon has its own core, as a real client would.');
    console.log('"uncached" computes every answer (as after each content write), for reference only.');
    console.log('"identity" asks for no compression (no Accept-Encoding), for reference only: browsers always accept br and gzip.');
    console.log(machineSpeedLine(speed, machineLoopSeconds()));
  } finally {
    await bare.close();
    await server.close();
    if (!values.keep) await fs.rm(workdir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

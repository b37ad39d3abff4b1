/**
 * `npm run bench:autocomplete`: the autocomplete's suggestions alone, without HTTP (ADR 090). Migrates a fresh SQLite
 * database in a temp folder, writes the generated index of bench:api (10,000 records × de, en = 20,000 documents,
 * bench/lib/search-corpus.ts) and computes the suggestions of its 3,000 German prefixes in turn, for --seconds each
 * (default 5):
 *
 *   - the FTS5 query (db/search/search-reads.ts `titleSuggestions`), what SQLite answered before ADR 090;
 *   - the title index in memory (services/search/title-index.ts), with the newest-seq lookup a request makes;
 *   - the title index's lookup alone.
 *
 * Prints calls/s, p50 and p99 per call, the heap the index takes (after a full garbage collection, before and after
 * the load) and the time of a full load, and checks that both give the same answers to every query. A benchmark,
 * not a test: it never fails on figures.
 *
 * Options: --seconds N, --records N (default 10,000).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createDatabase } from '../server/src/db/create-database';
import { migrate } from '../server/src/db/migrate';
import { inTransaction } from '../server/src/db/repositories/shared';
import { insertSearchDocuments } from '../server/src/db/search/search-index';
import { parseSearchQuery } from '../server/src/db/search/search-query';
import { titleSuggestions } from '../server/src/db/search/search-reads';
import { suggestionCandidates, suggestionLimit } from '../server/src/services/search/searcher';
import { TitleIndex } from '../server/src/services/search/title-index';
import { minQueryLength } from '../contract/search-rules';
import { autocompleteQueries, generateSearchDocuments } from './lib/search-corpus';
import { machineLoopSeconds, machineSpeedLine } from './lib/machine-speed';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Runs `call` over the items in turn for `seconds`; resolves with calls/s and per-call percentiles in ms. */
async function measure<T>(items: T[], seconds: number, call: (item: T) => unknown) {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  let i = 0;
  while (performance.now() < end) {
    const started = performance.now();
    await call(items[i++ % items.length]);
    times.push(performance.now() - started);
  }
  const total = times.reduce((sum, time) => sum + time, 0);
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))];
  return { perSecond: times.length / (total / 1000), p50: at(0.5), p99: at(0.99), calls: times.length };
}

const print = (name: string, figures: Awaited<ReturnType<typeof measure>>) =>
  console.log(
    `  ${name.padEnd(34)} ${figures.perSecond.toFixed(0).padStart(8)} calls/s   p50 ${figures.p50.toFixed(3).padStart(7)} ms   p99 ${figures.p99.toFixed(3).padStart(7)} ms   (${figures.calls} calls)`,
  );

const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

async function main() {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, records: { type: 'string', default: '10000' } } });
  const seconds = Number(values.seconds);
  const records = Number(values.records);
  const speed = machineLoopSeconds();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-bench-autocomplete-'));
  const db = createDatabase({ database: { dialect: 'sqlite', file: path.join(dir, 'content.sqlite') } });
  try {
    await migrate(db);
    const docs = generateSearchDocuments(records);
    await inTransaction(db, (trx) => insertSearchDocuments(trx, docs));
    const queries = autocompleteQueries(3000).map((text) => parseSearchQuery(text, minQueryLength.autocomplete));
    console.log(`autocomplete over ${docs.length.toLocaleString('en')} documents, ${queries.length} German prefixes in turn, ${seconds} s per run`);

    const before = heapMb();
    const index = new TitleIndex(db);
    const loadStarted = performance.now();
    const titles = await index.current();
    const loadMs = performance.now() - loadStarted;
    const after = heapMb();
    console.log(
      `  index: full load ${loadMs.toFixed(0)} ms; heap ${before.toFixed(1)} MB → ${after.toFixed(1)} MB ` +
        `(+${(after - before).toFixed(1)} MB, ${(((after - before) * 2 ** 20) / docs.length).toFixed(0)} bytes a document)`,
    );

    let differing = 0;
    for (const query of queries) {
      const expected = await titleSuggestions(db, 'de', query, suggestionLimit, suggestionCandidates);
      const actual = await index.suggest('de', query.terms, suggestionLimit, suggestionCandidates);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) differing++;
    }
    console.log(`  same answers as the FTS5 query: ${queries.length - differing} of ${queries.length}`);

    print('FTS5 query (before)', await measure(queries, seconds, (query) => titleSuggestions(db, 'de', query, suggestionLimit, suggestionCandidates)));
    print('title index, with the seq lookup', await measure(queries, seconds, (query) => index.suggest('de', query.terms, suggestionLimit, suggestionCandidates)));
    print('title index, lookup alone', await measure(queries, seconds, (query) => titles.de.suggest(query.terms, suggestionLimit, suggestionCandidates)));
    console.log(machineSpeedLine(speed, machineLoopSeconds()));
  } finally {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

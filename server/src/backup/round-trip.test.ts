/**
 * The round trip of a backup (ADR 081): a backup taken while 1,000 submissions and edits arrive over HTTP, restored
 * into PostgreSQL, backed up from there and restored into SQLite; at each step every table has the same rows (by
 * content hash) as the source had at the snapshot point, every write answered before that point is there, none sent
 * after it, no write is there in part, the media and upload files are the same bytes, and the site built from the
 * restored server is the same HTML, byte for byte, as the one built from the original at the snapshot point.
 *
 * The source is a real content server (server/src/test/site-from-data.ts: started as `npm start` starts one) on a
 * seeded SQLite database in a temp folder, in this process. Visitors sign up for the newsletter, send the contact form and the
 * membership form with an uploaded file (each from a client address of its own, behind a trusted proxy, so the real
 * rate limits never refuse them; the bot check's minimum fill time is 0 as in the server tests); an editor logged in
 * through the real login adds modules to sections of pages and events through the editor API, one write at a time
 * per section (each save names the version it is based on).
 *
 * The snapshot point, and why the reference view is the same: better-sqlite3 runs every statement synchronously
 * on this process's one JavaScript thread. The backup's snapshot calls `onSnapshotOpen` in the same synchronous
 * block as the read that fixes its view (snapshot.ts); there the test begins a read transaction on a connection of
 * its own and reads once, which fixes the reference view. Between the two reads no JavaScript runs, so no statement
 * of any connection of this process, and no other process writes this database: both views hold the same committed
 * transactions, every one committed before that moment and none after (a write transaction open and not yet
 * committed then is in neither). The same moment is a tick of a logical clock every write's sending and answer also
 * tick, on the same thread: the server answers a write after it commits, so a write answered before the tick is in
 * both views, and a write sent after it cannot be. Writes under way across the tick may be either way, but whole.
 * To be sure of writes after the snapshot, the last 300 are held until it is open; the backup starts after 300
 * answers, and writes the archive's files only once all writes were answered (an upload moved meanwhile included).
 *
 * The reference view is then copied page by page (better-sqlite3's `serialize`, read inside its transaction) into a
 * database file of its own: the source database as it stood at the snapshot point, not rows passed through the
 * backup's code. Its table digests are what every archive and every restore must show. The site built from a server
 * on that copy (with the source's media folder, which no write touches) is "the site built from the original" at
 * the snapshot point; the other build is from a server on the final SQLite restore. Both servers listen on the same
 * port with the same public URL, since the server's address is built into the site; each build is cold (every node
 * sourced, every file of public/ written afresh) and runs outside the checkout, with webpack's cache shared between
 * the builds of a Jest run (site-from-data.ts, ADR 082): the bundles are the code's, so both builds have the same.
 *
 * With TEST_DATABASE_URL unset the PostgreSQL leg is skipped (its test is listed as skipped with the reason) and the
 * archive is restored into SQLite directly; with it set and PostgreSQL unreachable the test fails.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { createDatabase } from '../db/create-database';
import type { Database } from '../db/database';
import { searchIndexVersionKey } from '../db/search/search-indexer';
import { demoAccount } from '../seed/demo-staff';
import type { RunningServer } from '../start-server';
import { createMigratedTestDatabase, createTestDatabase, testDatabaseUrl } from '../test/test-database';
import { startSiteFromData } from '../test/site-from-data';
import { testNow } from '../test/test-context';
import { multipartBody } from '../test/upload-fixtures';
import { takeBackup, type BackupResult } from './backup';
import { tableDigests, type TableDigest } from './digest';
import { manifestName, type Manifest } from './manifest';
import { restoreBackup } from './restore';
import { readTar } from './tar';

/** The writes, two backups and three restores; the builds have a test of their own (below). */
jest.setTimeout(10 * 60_000);
/**
 * Two cold Gatsby builds of the demo site, one after the other: about 2 minutes each on two idle cores, 6 and more
 * beside other builds (the e2e run in `npm test`).
 */
const buildsTimeoutMs = 45 * 60_000;

const totalWrites = 1000;
/** The backup starts once this many writes were answered… */
const backupAfterAnswers = 300;
/** …and writes from this one on wait until its snapshot is open, so some surely come after it. */
const heldFrom = 700;
const parallelClients = 8;

type Digests = Record<string, TableDigest>;

let temp: string;
let port: number;
let publicUrl: string;
let source: RunningServer;
let sourceConfig: Config;
let sourceMediaBefore: Record<string, string>;
const cleanups: (() => Promise<void>)[] = [];
/** Stops a build still running when the test ends (its timeout), with its workers. */
const stopBuilds = new AbortController();

beforeAll(async () => {
  temp = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-round-trip-'));
  port = await freePort();
  publicUrl = `http://localhost:${port}`;
  const dataDir = path.join(temp, 'source');
  // The seeded demo site, copied from this Jest run's template (test-templates.ts) to where `npm start` looks for
  // it; the server then runs on it with the real clock.
  const seeded = await createMigratedTestDatabase('sqlite', dataDir, { seed: true, now: testNow, imageScale: 0.2 });
  await seeded.db.destroy();
  await fs.rename((seeded.config as { file: string }).file, path.join(dataDir, 'konzertfreunde.sqlite'));
  const site = await startSiteFromData(dataDir, serverEnv());
  cleanups.push(() => site.close());
  source = site.server;
  sourceConfig = site.config;
  sourceMediaBefore = await filesUnder(path.join(dataDir, 'media'));
});

afterAll(async () => {
  stopBuilds.abort(new Error('the test ended'));
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  if (temp) await fs.rm(temp, { recursive: true, force: true });
});

/** What every server of the test shares beside its DATA_DIR: one port, one public URL. */
function serverEnv(): Record<string, string> {
  return {
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    // The test's clients stand behind a proxy at 127.0.0.1 that names each one's address (X-Forwarded-For).
    TRUST_PROXY: '127.0.0.1',
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The writes

type WriteKind = 'newsletter' | 'contact' | 'upload' | 'membership' | 'edit';

interface Write {
  no: number;
  kind: WriteKind;
  /** Ticks of the logical clock: when it was sent and when its answer arrived. */
  sentAt: number;
  answeredAt?: number;
  status?: number;
  /** What it wrote, to find it again: an address, an entry or upload id, a module's text. */
  key: string;
  /** The entry's upload (membership), the section and the version the answer named (edit). */
  fileId?: string;
  container?: number;
  version?: number;
}

interface Run {
  writes: Write[];
  snapshotAt: number;
  /** Writes answered while the backup's snapshot was open (between its first read and its end). */
  answeredWhileOpen: number;
  backup: BackupResult;
  reference: string;
  referenceDigests: Digests;
  /** change_log's newest seq before the writes. */
  baselineSeq: number;
  /** Sections written to: id → the change-log rows the source holds for them after all writes. */
  sections: Map<number, { edits: number; logged: number }>;
}

let run: Run;

async function sendWrites(): Promise<Run> {
  const base = source.url;
  let clock = 0;
  const tick = () => (clock += 1);
  let clientNo = 0;
  /** Each request from a client address of its own (RFC 1918), so no rate limit counts two of them together. */
  const client = () => {
    clientNo += 1;
    return `10.${(clientNo >> 16) & 255}.${(clientNo >> 8) & 255}.${clientNo & 255}`;
  };

  const anonymous = await fetch(`${base}/de/api/csrf/`);
  const csrf = cookieFrom(anonymous.headers.getSetCookie(), 'csrftoken');
  const visitor = { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf, origin: publicUrl };
  const editor = demoAccount('editor');
  const login = await fetch(`${base}/de/pageeditor-api/login/`, {
    method: 'POST',
    headers: { ...visitor, 'content-type': 'application/json', 'x-forwarded-for': client() },
    body: JSON.stringify({ login: editor.email, password: editor.password }),
  });
  expect(login.status).toBe(200);
  const cookies = login.headers.getSetCookie();
  const staffCsrf = cookieFrom(cookies, 'csrftoken');
  const staff = { cookie: `kf_session=${cookieFrom(cookies, 'kf_session')}; csrftoken=${staffCsrf}`, 'x-csrftoken': staffCsrf, origin: publicUrl };

  const forms = Object.fromEntries(((await (await fetch(`${base}/de/api/forms/`)).json()) as { id: number; slug: string }[]).map((form) => [form.slug, form.id]));
  // The sections written to: the first German one of three online pages and of three online events, a lane each.
  const db = source.db;
  const firstOfThree = (rows: { id: number; version: number; object_id: number }[]) =>
    rows.filter((row, at) => rows.findIndex((other) => other.object_id === row.object_id) === at).slice(0, 3);
  const sections = db.selectFrom('container').select(['container.id', 'container.version', 'container.object_id']).where('container.locale', '=', 'de').orderBy('container.id');
  const pages = await sections.innerJoin('page', 'page.id', 'container.object_id').where('container.content_type', '=', 'page').where('page.is_online', '=', 1).execute();
  const events = await sections.innerJoin('event', 'event.id', 'container.object_id').where('container.content_type', '=', 'event').where('event.is_online', '=', 1).execute();
  const lanes = [...firstOfThree(pages), ...firstOfThree(events)].map((row) => ({ id: row.id, version: row.version, queue: Promise.resolve() }));
  const baselineSeq = Number((await db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst())?.max ?? 0);

  const writes: Write[] = [];
  let answers = 0;
  let snapshotAt = Infinity;
  let openAnswers: number | undefined;
  let answeredWhileOpen = 0;
  let opened!: () => void;
  const snapshotOpen = new Promise<void>((resolve) => (opened = resolve));
  let startBackup!: () => void;
  const backupDue = new Promise<void>((resolve) => (startBackup = resolve));

  /** Sends one write: numbered, held while the snapshot is not yet open if late enough, timed on the clock. */
  async function send(kind: WriteKind, url: string, init: RequestInit, key: string, extra: Partial<Write> = {}) {
    const write: Write = { no: writes.length, kind, key, sentAt: 0, ...extra };
    writes.push(write);
    if (write.no >= heldFrom) await snapshotOpen;
    const headers = { ...(init.headers as Record<string, string>), 'x-forwarded-for': client() };
    write.sentAt = tick();
    const response = await fetch(`${base}${url}`, { ...init, headers });
    write.answeredAt = tick();
    write.status = response.status;
    answers += 1;
    if (answers === backupAfterAnswers) startBackup();
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (response.status >= 300) throw new Error(`write ${write.no} (${kind} ${url}) answered ${response.status}: ${JSON.stringify(body)}`);
    return { write, body: body ?? {} };
  }
  const json = (headers: Record<string, string>, body: unknown): RequestInit => ({
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const formToken = async () => ((await (await fetch(`${base}/de/api/form-token/`)).json()) as { token: string }).token;

  const jobs: ((n: number) => Promise<unknown>)[] = [];
  const newsletter = async (n: number) => {
    const email = `rt-${n}@example.org`;
    await send('newsletter', '/de/api/newsletter/subscribe/', json(visitor, { email, consent: true, website: '', form_token: await formToken() }), email);
  };
  const contact = async (n: number) => {
    const values = { name: `Round Trip ${n}`, email: `rt-contact-${n}@example.org`, subject: 'karten', message: `Frage ${n} zu Karten`, privacy: true };
    const { write, body } = await send('contact', '/de/api/forms-entries/', json(visitor, { form: forms.kontakt, field_values: values, website: '', form_token: await formToken() }), '');
    write.key = String(body.id);
  };
  const membership = async (n: number) => {
    const pdf = Buffer.from(`%PDF-1.4\n% round trip ${n}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
    const upload = multipartBody(`ausweis-${n}.pdf`, pdf, { fields: { website: '' } });
    const stored = await send('upload', '/de/api/temp-files/', { method: 'POST', headers: { ...visitor, ...upload.headers, 'x-form-token': await formToken() }, body: upload.payload }, '');
    stored.write.key = String(stored.body.id);
    const values = {
      first_name: 'Clara',
      last_name: `Dorn ${n}`,
      email: `rt-member-${n}@example.org`,
      address: 'Kaiser-Joseph-Straße 1\n79098 Freiburg',
      membership: 'ermaessigt',
      student_proof: stored.body.id,
      newsletter: false,
      source: 'website',
      privacy: true,
    };
    const { write, body } = await send('membership', '/de/api/forms-entries/', json(visitor, { form: forms.mitgliedsantrag, field_values: values, website: '', form_token: await formToken() }), '', {
      fileId: String(stored.body.id),
    });
    write.key = String(body.id);
  };
  let edits = 0;
  const edit = async (n: number) => {
    const lane = lanes[edits++ % lanes.length]!;
    const text = `Round trip edit ${n}.`;
    // One save at a time per section: each names the version the one before it answered with.
    const turn = lane.queue.then(async () => {
      const { write, body } = await send('edit', `/de/pageeditor-api/container/${lane.id}/modules/`, json(staff, { version: lane.version, module: { type: 'quote', content: text, author: 'Round trip', column: 0 } }), text, {
        container: lane.id,
      });
      lane.version = Number(body.version);
      write.version = lane.version;
    });
    lane.queue = turn.catch(() => undefined);
    await turn;
  };
  // Ten writes a round: four edits, three sign-ups, a contact entry, an upload and the membership entry sending it.
  const round: [job: (n: number) => Promise<unknown>, writes: number][] = [
    [edit, 1], [newsletter, 1], [edit, 1], [contact, 1], [edit, 1], [newsletter, 1], [membership, 2], [edit, 1], [newsletter, 1],
  ];
  for (let planned = 0, n = 0; planned < totalWrites; n += 1) {
    const [job, count] = round[n % round.length]!;
    jobs.push(job);
    planned += count;
  }

  let nextJob = 0;
  const worker = async () => {
    while (nextJob < jobs.length) {
      const n = nextJob++;
      await jobs[n]!(n);
    }
  };
  const failures: unknown[] = [];
  const writing = Promise.all(
    Array.from({ length: parallelClients }, () =>
      worker().catch((error) => {
        failures.push(error);
        // A failed run still takes its backup, so the test ends with the failure rather than waiting.
        startBackup();
        opened();
      }),
    ),
  );

  let reference: SqliteDatabase.Database | undefined;
  const file = (sourceConfig.database as { file: string }).file;
  await Promise.race([backupDue, writing]);
  const backup = await takeBackup({
    config: sourceConfig,
    file: path.join(temp, 'source.tar.gz'),
    onSnapshotOpen: () => {
      // Synchronously, right after the read that fixed the backup's view (see the header).
      snapshotAt = tick();
      openAnswers = answers;
      reference?.close();
      reference = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
      reference.prepare('begin').run();
      reference.prepare('select count(*) from sqlite_master').all();
      opened();
    },
    afterSnapshot: async () => {
      answeredWhileOpen = answers - (openAnswers ?? answers);
      await writing;
    },
  });
  await writing;
  if (failures.length) throw failures[0];
  expect(writes).toHaveLength(totalWrites);

  const referenceFile = path.join(temp, 'reference', 'konzertfreunde.sqlite');
  await fs.mkdir(path.dirname(referenceFile), { recursive: true });
  await fs.writeFile(referenceFile, reference!.serialize());
  reference!.prepare('commit').run();
  reference!.close();
  const referenceDb = createDatabase({ database: { dialect: 'sqlite', file: referenceFile } });
  let referenceDigests: Digests;
  try {
    referenceDigests = await tableDigests(referenceDb);
  } finally {
    await referenceDb.destroy();
  }

  const written = new Map<number, { edits: number; logged: number }>();
  for (const lane of lanes) {
    written.set(lane.id, {
      edits: writes.filter((write) => write.container === lane.id).length,
      logged: await loggedFor(db, lane.id, baselineSeq),
    });
  }
  return { writes, snapshotAt, answeredWhileOpen, backup, reference: referenceFile, referenceDigests, baselineSeq, sections: written };
}

async function loggedFor(db: Kysely<Database>, container: number, afterSeq: number): Promise<number> {
  const rows = await db.selectFrom('change_log').select('seq').where('entity', '=', 'container').where('entity_id', '=', String(container)).where('seq', '>', afterSeq).execute();
  return rows.length;
}

function cookieFrom(setCookie: string[], name: string): string {
  for (const line of setCookie) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1]!;
  }
  throw new Error(`no ${name} cookie was set`);
}

// ---------------------------------------------------------------------------------------------------------------
// Comparing

/** Every file below `root` (none when it does not exist) by its path there, with its bytes, or those `keep` names. */
async function readTree(root: string, keep: (name: string) => boolean = () => true): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (keep(entry.name)) found.set(path.relative(root, full), await fs.readFile(full));
    }
  };
  await walk(root);
  return found;
}

/** Every file below `root` by its path there, with the SHA-256 of its bytes. */
async function filesUnder(root: string): Promise<Record<string, string>> {
  return Object.fromEntries([...(await readTree(root))].map(([name, data]) => [name, createHash('sha256').update(data).digest('hex')]));
}

/**
 * The digests of an archive's own rows, as `tableDigests` computes them from a database: the canonical rows of its
 * ndjson members (the backup writes them as `tableDigests` reads them), `meta` without the database's identity and
 * the search index's version.
 */
async function archiveDigests(archive: string): Promise<Digests> {
  let manifest: Manifest | undefined;
  const hashes = new Map<string, { hash: ReturnType<typeof createHash>; rows: number }>();
  await readTar(archive, (member) => {
    const chunks: Buffer[] = [];
    return (chunk) => {
      if (chunk) return void chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      if (member.name === manifestName) return void (manifest = JSON.parse(text) as Manifest);
      if (!member.name.startsWith('db/')) return;
      const table = member.name.slice('db/'.length, -'.ndjson'.length);
      const hash = createHash('sha256');
      let rows = 0;
      for (const line of text.split('\n')) {
        if (!line) continue;
        const row = JSON.parse(line) as unknown[];
        if (table === 'meta' && (row[0] === 'epoch' || row[0] === searchIndexVersionKey)) continue;
        hash.update(`${line}\n`);
        rows += 1;
      }
      hashes.set(table, { hash, rows });
    };
  });
  const digests: Digests = {};
  for (const table of manifest!.tables) {
    const { hash, rows } = hashes.get(table.name)!;
    digests[table.name] = { rows, counter: table.counter, sha256: hash.digest('hex') };
  }
  return digests;
}

async function digestsOf(database: Config['database']): Promise<Digests> {
  const db = createDatabase({ database });
  try {
    return await tableDigests(db);
  } finally {
    await db.destroy();
  }
}

/** A restore target that does not exist yet, with a SQLite database at the place `npm start` looks for it. */
function sqliteTarget(name: string) {
  const dataDir = path.join(temp, name);
  return { dataDir, database: { dialect: 'sqlite' as const, file: path.join(dataDir, 'konzertfreunde.sqlite') } };
}

// ---------------------------------------------------------------------------------------------------------------

describe('a backup taken while 1,000 writes arrive, restored into PostgreSQL and back into SQLite', () => {
  /** The archive the SQLite restore reads: the one made from PostgreSQL, or the source's when that leg is skipped. */
  let lastArchive: string;
  let restored: ReturnType<typeof sqliteTarget>;
  const figures: Record<string, unknown> = {};

  afterAll(() => {
    // The figures of the run, for whoever reads the test's output.
    console.log(`round trip: ${JSON.stringify(figures, null, 1)}`);
  });

  it('holds in its archive exactly the rows the source had at the snapshot point', async () => {
    run = await sendWrites();
    const { writes, snapshotAt, backup } = run;
    const before = writes.filter((write) => write.answeredAt! < snapshotAt).length;
    const after = writes.filter((write) => write.sentAt > snapshotAt).length;
    Object.assign(figures, {
      writesSent: writes.length,
      byKind: Object.fromEntries(['newsletter', 'contact', 'upload', 'membership', 'edit'].map((kind) => [kind, writes.filter((write) => write.kind === kind).length])),
      answeredBeforeSnapshot: before,
      sentAfterSnapshot: after,
      underWayAcrossSnapshot: writes.length - before - after,
      answeredWhileSnapshotOpen: run.answeredWhileOpen,
      archiveBytes: backup.bytes,
      archiveRows: backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      archiveFiles: backup.manifest.files.length,
    });
    expect(writes.every((write) => write.status! < 300)).toBe(true);
    // By construction (the backup starts after 300 answers; the last 300 wait for the snapshot), not by timing.
    expect(before).toBeGreaterThanOrEqual(backupAfterAnswers);
    expect(after).toBeGreaterThanOrEqual(totalWrites - heldFrom);

    const fromArchive = await archiveDigests(backup.file);
    expect(fromArchive).toEqual(run.referenceDigests);
    lastArchive = backup.file;
  });

  (testDatabaseUrl ? it : it.skip)(
    `restores into an empty PostgreSQL schema with the same rows, and a backup of that holds them again${testDatabaseUrl ? '' : ' [postgres: skipped, set TEST_DATABASE_URL=postgres://… to run]'}`,
    async () => {
      const holder = await fs.mkdtemp(path.join(temp, 'pg-'));
      // Fails (not skips) when TEST_DATABASE_URL is set and PostgreSQL cannot be reached.
      const database = await createTestDatabase('postgres', holder);
      await database.db.destroy();
      cleanups.push(() => database.drop());
      const target = { dataDir: path.join(temp, 'postgres-data'), database: database.config };
      let started = Date.now();
      const result = await restoreBackup({ config: target, archive: run.backup.file });
      figures.postgresRestoreMs = Date.now() - started;
      expect(result.rows).toBe(run.backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0));
      expect(await digestsOf(target.database)).toEqual(run.referenceDigests);
      expect(await filesUnder(path.join(target.dataDir, 'media'))).toEqual(sourceMediaBefore);

      started = Date.now();
      const again = await takeBackup({ config: target, file: path.join(temp, 'postgres.tar.gz') });
      figures.postgresBackupMs = Date.now() - started;
      figures.postgresArchiveBytes = again.bytes;
      expect(again.manifest.dialect).toBe('postgres');
      expect(await archiveDigests(again.file)).toEqual(run.referenceDigests);
      expect(again.manifest.files.map(({ path: name, sha256 }) => [name, sha256])).toEqual(run.backup.manifest.files.map(({ path: name, sha256 }) => [name, sha256]));
      lastArchive = again.file;
    },
  );

  it('restores into a fresh SQLite DATA_DIR with every table as at the snapshot point', async () => {
    restored = sqliteTarget('restored');
    const started = Date.now();
    await restoreBackup({ config: restored, archive: lastArchive });
    figures.sqliteRestoreMs = Date.now() - started;
    expect(await digestsOf(restored.database)).toEqual(run.referenceDigests);
    figures.tables = Object.keys(run.referenceDigests).length;
    figures.rows = Object.values(run.referenceDigests).reduce((sum, digest) => sum + digest.rows, 0);
  });

  it('has every write answered before the snapshot, none sent after it, and no write in part', async () => {
    const db = createDatabase({ database: restored.database });
    try {
      const present = await presence(db, run);
      const wrong = run.writes.flatMap((write) => {
        const found = present.get(write.no)!;
        const problems: string[] = [];
        if (found.parts.some((part) => part !== found.parts[0])) problems.push(`in part (${found.names.map((name, at) => `${name}: ${found.parts[at]}`).join(', ')})`);
        if (write.answeredAt! < run.snapshotAt && !found.parts[0]) problems.push('answered before the snapshot, missing');
        if (write.sentAt > run.snapshotAt && found.parts[0]) problems.push('sent after the snapshot, present');
        return problems.map((problem) => `write ${write.no} (${write.kind} ${write.key}): ${problem}`);
      });
      expect(wrong).toEqual([]);
      figures.writesInRestore = [...present.values()].filter((found) => found.parts[0]).length;
    } finally {
      await db.destroy();
    }
  });

  it('has the media originals and the uploaded files byte for byte', async () => {
    expect(await filesUnder(path.join(sourceConfig.dataDir, 'media'))).toEqual(sourceMediaBefore);
    expect(await filesUnder(path.join(restored.dataDir, 'media'))).toEqual(sourceMediaBefore);
    // Every upload the snapshot names, where its row says it is, with the bytes the source holds for it now.
    const reference = createDatabase({ database: { dialect: 'sqlite', file: run.reference } });
    let expected: Record<string, string>;
    try {
      const rows = await reference.selectFrom('temp_file').select(['stored_name', 'attached_entry_id']).execute();
      const live = await filesUnder(path.join(sourceConfig.dataDir, 'uploads'));
      expected = Object.fromEntries(
        rows.map((row) => {
          const at = row.attached_entry_id === null ? 'tmp' : 'entries';
          const hash = live[path.join('entries', row.stored_name)] ?? live[path.join('tmp', row.stored_name)];
          return [path.join(at, row.stored_name), hash];
        }),
      );
    } finally {
      await reference.destroy();
    }
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(await filesUnder(path.join(restored.dataDir, 'uploads'))).toEqual(expected);
    figures.uploadFiles = Object.keys(expected).length;
    figures.mediaFiles = Object.keys(sourceMediaBefore).length;
  });

  it('builds the same HTML, byte for byte, from the restored server as from the original at the snapshot point', async () => {
    // The original at the snapshot point: the reference copy of its database and its media folder.
    await source.close();
    const originalDir = path.join(temp, 'original-at-snapshot');
    await fs.mkdir(originalDir, { recursive: true });
    await fs.rename(run.reference, path.join(originalDir, 'konzertfreunde.sqlite'));
    await fs.cp(path.join(sourceConfig.dataDir, 'media'), path.join(originalDir, 'media'), { recursive: true });

    const original = await buildFrom(originalDir, 'site-original');
    const fromRestore = await buildFrom(restored.dataDir, 'site-restored');
    figures.buildMs = { original: original.ms, restored: fromRestore.ms };
    figures.htmlFiles = original.html.size;

    expect(original.html.size).toBeGreaterThan(50);
    const names = [...new Set([...original.html.keys(), ...fromRestore.html.keys()])].sort();
    const differing = names.filter((name) => {
      const a = original.html.get(name);
      const b = fromRestore.html.get(name);
      return !a || !b || !a.equals(b);
    });
    expect(differing).toEqual([]);

    // And the pages show the snapshot point: every edit answered before it, none sent after it.
    const html = [...fromRestore.html.values()].map((page) => page.toString('utf8')).join('\n');
    const edits = run.writes.filter((write) => write.kind === 'edit');
    expect({
      missing: edits.filter((write) => write.answeredAt! < run.snapshotAt && !html.includes(write.key)).map((write) => write.key),
      shownTooEarly: edits.filter((write) => write.sentAt > run.snapshotAt && html.includes(write.key)).map((write) => write.key),
    }).toEqual({ missing: [], shownTooEarly: [] });
  }, buildsTimeoutMs);
});

/** A server on `dataDir` (the test's port and public URL) and a cold build of the site from it (site-from-data.ts). */
async function buildFrom(dataDir: string, workspace: string): Promise<{ ms: number; html: Map<string, Buffer> }> {
  const site = await startSiteFromData(dataDir, serverEnv());
  try {
    const { publicDir, ms } = await site.build(path.join(temp, workspace), { signal: stopBuilds.signal });
    return { ms, html: await readTree(publicDir, (name) => name.endsWith('.html')) };
  } finally {
    await site.close();
  }
}

/**
 * For each write, whether each part of it is in `db`, the first part being the write itself:
 * - a sign-up: the subscriber and the confirmation mail queued with it;
 * - a contact entry: the entry and its mail to the recipients;
 * - an upload: its row and its file in the restored DATA_DIR (checked by the files test) — here the row;
 * - a membership entry: the entry, its upload marked as attached to it, and its mail;
 * - an edit: its module, the section's version at least the one the answer named, and the section's change-log
 *   rows (the source logged the same number for each of the section's edits) counting this edit.
 */
async function presence(db: Kysely<Database>, { writes, baselineSeq, sections }: Run) {
  const subscribers = new Set((await db.selectFrom('newsletter_subscriber').select('email').execute()).map((row) => row.email));
  const mails = await db.selectFrom('mail_outbox').select(['kind', 'to_addresses', 'text_body']).execute();
  const confirmations = new Set(mails.filter((mail) => mail.kind === 'newsletter-confirm').flatMap((mail) => JSON.parse(mail.to_addresses) as string[]));
  const entryMails = new Set(mails.filter((mail) => mail.kind === 'form-entry').map((mail) => /\/cms-hub\/form-entries\/(\d+)\n/.exec(mail.text_body)?.[1]));
  const entries = new Set((await db.selectFrom('form_entry').select('id').execute()).map((row) => String(row.id)));
  const uploads = new Map((await db.selectFrom('temp_file').select(['id', 'attached_entry_id']).execute()).map((row) => [row.id, row.attached_entry_id]));
  const containers = new Map((await db.selectFrom('container').select(['id', 'version']).execute()).map((row) => [row.id, row.version]));
  const ids = [...sections.keys()];
  const modules = new Set(
    (await db.selectFrom('module').select(['container_id', 'data']).where('container_id', 'in', ids).execute()).map(
      (row) => `${row.container_id}|${(JSON.parse(row.data) as { content?: string }).content}`,
    ),
  );
  const logged = new Map<number, number>();
  for (const id of ids) logged.set(id, await loggedFor(db, id, baselineSeq));
  // The edits of a section present in the restore, in the order they were made (a section's saves are sequential).
  const editOrder = new Map<number, Write[]>();
  for (const write of writes) if (write.kind === 'edit') editOrder.set(write.container!, [...(editOrder.get(write.container!) ?? []), write]);

  const result = new Map<number, { names: string[]; parts: boolean[] }>();
  for (const write of writes) {
    let names: string[];
    let parts: boolean[];
    if (write.kind === 'newsletter') {
      names = ['subscriber', 'confirmation mail'];
      parts = [subscribers.has(write.key), confirmations.has(write.key)];
    } else if (write.kind === 'contact') {
      names = ['entry', 'mail'];
      parts = [entries.has(write.key), entryMails.has(write.key)];
    } else if (write.kind === 'upload') {
      names = ['upload'];
      parts = [uploads.has(write.key)];
    } else if (write.kind === 'membership') {
      names = ['entry', 'file attached', 'mail'];
      parts = [entries.has(write.key), String(uploads.get(write.fileId!)) === write.key, entryMails.has(write.key)];
    } else {
      const section = write.container!;
      const { edits, logged: loggedAtSource } = sections.get(section)!;
      const perEdit = loggedAtSource / edits;
      const place = editOrder.get(section)!.indexOf(write) + 1;
      names = ['module', 'section version', 'change log'];
      parts = [modules.has(`${section}|${write.key}`), containers.get(section)! >= write.version!, logged.get(section)! >= place * perEdit];
    }
    result.set(write.no, { names, parts });
  }
  return result;
}

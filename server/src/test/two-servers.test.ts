/**
 * Two content servers on one database and one DATA_DIR, behind a reverse proxy (ADR 051), over real TCP:
 * two Fastify apps listening on loopback ports, each with a publish queue of its own whose builder writes every
 * build into one shared list, and a small round-robin proxy (node:http) in front that adds X-Forwarded-For and says
 * in `x-served-by` which server answered (a request may pin one with `x-backend`, which the proxy drops). What one
 * server alone would do must hold for the pair: one publish run per burst of saves, whichever server took them; no
 * stale read after a save on the other server; the per-address rate limit and the login throttle counting across
 * both; an upload on one served, original and variant, by the other.
 *
 * On PostgreSQL each server has a connection pool of its own, as two processes would. On SQLite the two apps share
 * one handle: two handles on one file in one process would block each other's event loop on a write lock (two
 * processes do not), and the file is what they share either way.
 */
import { promises as fs } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import { createDatabase } from '../db/create-database';
import type { Db } from '../db/database';
import { migrate } from '../db/migrate';
import { currentCursor } from '../db/repositories/change-log';
import { createStaffUser } from '../db/repositories/staff-users';
import type { PublishRequest } from '../services/publish/publish-queue';
import { describeEachDialect } from './dialects';
import { multipart } from './multipart';
import { probeLimit, registerProbe } from './probe-route';
import { cookieFrom } from './staff-session';
import { testNow } from './test-context';
import { createTestDatabase, type TestDatabase } from './test-database';
import { until } from './until';

// Two servers on a busy machine, a PostgreSQL schema each test file, password hashes and a few quiet periods.
jest.setTimeout(120_000);

/** The quiet period of both queues: the production default, so a burst over HTTP on a busy machine stays one. */
const quietMs = 1000;
const editor = { email: 'two-servers@konzertfreunde.example', username: 'two-servers', password: 'two-servers-password' };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  servedBy: string;
}

/** A round-robin reverse proxy on 127.0.0.1 in front of the given servers. */
async function startProxy(backends: { name: string; port: number }[]): Promise<{ server: Server; port: number }> {
  let turn = 0;
  const server = createServer((request, response) => {
    const backend = backends.find((candidate) => candidate.name === request.headers['x-backend']) ?? backends[turn++ % backends.length];
    const { 'x-backend': _pinned, ...headers } = request.headers;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: backend.port, method: request.method, path: request.url, headers: { ...headers, 'x-forwarded-for': request.socket.remoteAddress } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describeEachDialect('two content servers behind a proxy', (dialect) => {
  let dataDir: string;
  let database: TestDatabase;
  const handles: Db[] = [];
  const apps: Record<'A' | 'B', App> = {} as Record<'A' | 'B', App>;
  let proxy: { server: Server; port: number };
  /** Every build either server's queue started, in order. */
  const builds: Array<{ server: string; title: string; cursor: string }> = [];
  /** Builds wait for this gate, so a test can look at the servers while one runs. */
  let gate: Promise<void> = Promise.resolve();
  let publicUrl: string;
  let staff: Record<string, string>;

  const builder = (server: string) => async ({ title, cursor }: PublishRequest) => {
    builds.push({ server, title, cursor });
    await gate;
    return { pagesRewritten: 1 };
  };

  /** One request through the proxy, from the local address `from` (the client the servers should see). */
  function call(method: string, url: string, options: { headers?: Record<string, string>; body?: string | Buffer; from?: string; backend?: 'A' | 'B' } = {}): Promise<Answer> {
    const { headers = {}, body, from = '127.0.0.20', backend } = options;
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port: proxy.port, localAddress: from, method, path: url, headers: { ...headers, ...(backend ? { 'x-backend': backend } : {}) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), servedBy: String(response.headers['x-served-by']) }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
  const json = <T>(answer: Answer) => JSON.parse(answer.body.toString('utf8')) as T;

  /**
   * A browser's CSRF cookie and header for the writes of `from`. Asked of A alone (a pinned request leaves the
   * round robin's turn as it was), so the writes that follow still alternate between the servers.
   */
  async function browser(from?: string) {
    const answer = await call('GET', '/de/api/csrf/', { from, backend: 'A' });
    const token = cookieFrom(answer.headers['set-cookie'], 'csrftoken')!;
    return { cookie: `csrftoken=${token}`, 'x-csrftoken': token, origin: publicUrl };
  }

  const login = async (password: string, from: string, who = editor.email) =>
    call('POST', '/de/pageeditor-api/login/', {
      from,
      headers: { ...(await browser(from)), 'content-type': 'application/json' },
      body: JSON.stringify({ login: who, password }),
    });

  /** A staff write as JSON through the proxy. */
  const write = (url: string, payload: unknown, backend?: 'A' | 'B') =>
    call('POST', url, { backend, headers: { ...staff, 'content-type': 'application/json' }, body: JSON.stringify(payload) });

  const runs = () => database.db.selectFrom('publish_run').selectAll().orderBy('id').execute();
  const settled = () => Promise.all([apps.A.publishQueue!.whenSettled(), apps.B.publishQueue!.whenSettled()]);
  const publishStatus = async (backend: 'A' | 'B') => json<{ state: string; running: { id: number } | null; last: { id: number } | null; saved_seq: number; live_seq: number | null }>(
    await call('GET', '/de/pageeditor-api/publish/', { backend, headers: staff }),
  );

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-two-servers-'));
    database = await createTestDatabase(dialect, dataDir);
    await migrate(database.db);
    await createStaffUser(database.db, { ...editor, role: 'editor' });
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      publicDir: path.join(dataDir, 'public'),
      database: database.config,
      logLevel: 'silent',
      publicUrl: 'http://localhost:8000',
      mailFrom: 'Konzertfreunde <noreply@konzertfreunde.example>',
      minFillMs: 0,
      // The proxy: the client is the address it forwards.
      trustProxy: ['127.0.0.1'],
    };
    const backends: { name: string; port: number }[] = [];
    for (const name of ['A', 'B'] as const) {
      const db = dialect === 'postgres' ? createDatabase({ database: database.config }) : database.db;
      if (db !== database.db) handles.push(db);
      const app = buildApp({ config, db, logger: false, now: () => testNow, mailIntervalMs: 0, publish: { builder: builder(name), quietMs, maxWaitMs: 20_000, pollMs: 100 } });
      registerProbe(app, db);
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps[name] = app;
      backends.push({ name, port: (app.server.address() as AddressInfo).port });
    }
    publicUrl = apps.A.publicUrl();
    proxy = await startProxy(backends);
    const answer = await login(editor.password, '127.0.0.20');
    expect(answer.status).toBe(200);
    const csrf = cookieFrom(answer.headers['set-cookie'], 'csrftoken')!;
    staff = { cookie: `kf_session=${cookieFrom(answer.headers['set-cookie'], 'kf_session')}; csrftoken=${csrf}`, 'x-csrftoken': csrf, origin: publicUrl };
  });

  afterAll(async () => {
    proxy?.server.closeAllConnections();
    await new Promise((resolve) => proxy?.server.close(resolve) ?? resolve(undefined));
    for (const app of Object.values(apps)) await app.close();
    for (const db of handles) await db.destroy();
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('makes one publish run of a burst of saves spread over both servers, and both servers report it', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const rows = (await runs()).length;
    const created = await write('/de/pageeditor-api/hub/categories/', { name: { de: 'Mehrere Server', en: 'Several servers' }, slug: { de: 'mehrere-server', en: 'several-servers' } });
    expect(created.status).toBe(201);
    const { id } = json<{ id: number }>(created);
    const servedBy = [created.servedBy];
    for (let i = 1; i <= 5; i++) {
      const saved = await write(`/de/pageeditor-api/hub/categories/${id}/`, { name: { de: `Mehrere Server ${i}` } });
      expect(saved.status).toBe(200);
      servedBy.push(saved.servedBy);
    }
    // The proxy spread the saves over both servers.
    expect(servedBy.filter((name) => name === 'A').length).toBe(3);
    expect(servedBy.filter((name) => name === 'B').length).toBe(3);

    await until(() => builds.length > 0, 'a build started');
    // While it runs, both servers say so, naming the same run, whichever of them builds.
    const [onA, onB] = [await publishStatus('A'), await publishStatus('B')];
    expect(onA).toMatchObject({ state: 'building', running: { id: expect.any(Number) } });
    expect(onB.running?.id).toBe(onA.running!.id);
    expect(onB.state).toBe('building');

    open();
    await settled();
    // Neither server runs or waits, and no save waits in the database for their polls to find: no second run can
    // start, so the one build seen is all there is.
    expect(await database.db.selectFrom('publish_request').selectAll().execute()).toEqual([]);
    expect([apps.A.publishQueue!.state, apps.B.publishQueue!.state].filter((state) => state === 'pending' || state === 'building')).toEqual([]);
    expect(builds).toEqual([{ server: expect.stringMatching(/^[AB]$/), title: expect.stringContaining('(+5 earlier saves)'), cursor: await currentCursor(database.db) }]);
    const published = (await runs()).slice(rows);
    expect(published).toEqual([expect.objectContaining({ status: 'live', to_cursor: await currentCursor(database.db), pages_rewritten: 1 })]);
    for (const backend of ['A', 'B'] as const) {
      const status = await publishStatus(backend);
      expect(status).toMatchObject({ state: 'live', running: null, last: { id: published[0].id } });
      expect(status.live_seq).toBe(status.saved_seq);
    }
    expect(await database.db.selectFrom('publish_request').selectAll().execute()).toEqual([]);
  });

  it('shows a save on one server in the next read on the other, however warm its answer cache', async () => {
    const names = async (backend: 'A' | 'B') => json<Array<{ name: string }>>(await call('GET', '/de/api/article-categories/', { backend })).map((category) => category.name);
    // B answers, and keeps the answer.
    const before = await names('B');
    expect(await names('B')).toEqual(before);
    const created = await write('/de/pageeditor-api/hub/categories/', { name: { de: 'Auf A gespeichert', en: 'Saved on A' }, slug: { de: 'auf-a', en: 'on-a' } }, 'A');
    expect(created).toMatchObject({ status: 201, servedBy: 'A' });
    expect(await names('B')).toEqual([...before, 'Auf A gespeichert']);
    const { id } = json<{ id: number }>(created);
    expect((await write(`/de/pageeditor-api/hub/categories/${id}/`, { name: { de: 'Auf A geändert' } }, 'A')).status).toBe(200);
    expect(await names('B')).toContain('Auf A geändert');
    expect(await names('B')).not.toContain('Auf A gespeichert');
    await settled();
  });

  it('counts the per-address rate limit across both servers: the request past the limit is refused by either', async () => {
    const from = '127.0.0.21';
    const headers = { ...(await browser(from)), 'content-type': 'application/json' };
    const post = async (n: number, client = from) => {
      const token = json<{ token: string }>(await call('GET', '/de/api/form-token/', { from: client, backend: 'A' })).token;
      return call('POST', '/de/api/probe/', { from: client, headers, body: JSON.stringify({ email: `two${n}@example.org`, form_token: token }) });
    };
    const accepted = [];
    for (let i = 0; i < probeLimit.limit; i++) accepted.push(await post(i));
    expect(accepted.map((answer) => answer.status)).toEqual(Array(probeLimit.limit).fill(202));
    expect(new Set(accepted.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));
    const refused = [await post(98), await post(99)];
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expect(new Set(refused.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));
    // Another address is not affected.
    expect((await post(100, '127.0.0.23')).status).toBe(202);
  });

  it('counts failed logins across both servers: alternating, they lock at the same count as on one', async () => {
    const from = '127.0.0.22';
    const failed = [];
    for (let i = 0; i < 5; i++) failed.push(await login('a-wrong-password', from));
    expect(failed.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(failed.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));
    // The sixth, on whichever server, is refused, even with the right password.
    const refused = [await login(editor.password, from), await login(editor.password, from)];
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expect(new Set(refused.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    // The owner from another address is not.
    expect((await login(editor.password, '127.0.0.24')).status).toBe(200);
  });

  it('serves an upload on one server, original and variant, from the other', async () => {
    const image = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    const { payload, contentType } = multipart([
      { name: 'alt_de', value: 'Zwei Server' },
      { name: 'file', filename: 'zwei-server.png', type: 'image/png', data: image },
    ]);
    const uploaded = await call('POST', '/de/pageeditor-api/hub/media/upload/', { backend: 'A', headers: { ...staff, 'content-type': contentType }, body: payload });
    expect(uploaded).toMatchObject({ status: 201, servedBy: 'A' });
    const { id } = json<{ id: number }>(uploaded);

    const original = await call('GET', `/media/${id}/original.png`, { backend: 'B', headers: staff });
    expect(original).toMatchObject({ status: 200, servedBy: 'B' });
    expect(original.body.equals(image)).toBe(true);
    const variant = await call('GET', `/media/${id}/320.webp`, { backend: 'B', headers: staff });
    expect(variant).toMatchObject({ status: 200, servedBy: 'B' });
    expect(await sharp(variant.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });
    // A serves the variant B rendered into the shared folder, byte for byte.
    const again = await call('GET', `/media/${id}/320.webp`, { backend: 'A', headers: staff });
    expect(again).toMatchObject({ status: 200, servedBy: 'A' });
    expect(again.body.equals(variant.body)).toBe(true);
    // No temporary file was left beside the originals or the variants.
    const files = [...(await fs.readdir(path.join(dataDir, 'media'))), ...(await fs.readdir(path.join(dataDir, 'media-cache'), { recursive: true }))];
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await settled();
  });
});

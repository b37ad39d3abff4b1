/**
 * The probes (routes/health.ts, services/readiness.ts; docs/operations.md, Health checks): liveness that needs
 * nothing but the process, readiness that checks the database, the published site and the publish queue by the
 * queue's own durations, each cheap (counted in queries), private to no session and kept by no cache.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { buildApp, type App } from '../app';
import { createDatabase } from '../db/create-database';
import type { Db } from '../db/database';
import { releaseLease, takeLease } from '../db/repositories/leases';
import { takePublishRequests } from '../db/repositories/publish-requests';
import { finishPublishRun, insertPublishRun } from '../db/repositories/publish-runs';
import { hookTimeoutMs } from '../services/publish/build-hook';
import { publishLease, requestPublish } from '../services/publish/publish-queue';
import { LiveSite } from '../../../scripts/lib/live-site';
import { useTestClock, type TestClock } from '../test/clock';
import { describeEachDialect } from '../test/dialects';
import { FakeSite } from '../test/fake-site-build';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';
import { until } from '../test/until';

interface ReadyAnswer {
  status: 'ready' | 'not ready';
  checks: Record<'database' | 'site' | 'publish', { ok: boolean; detail: string }>;
}

/** Counts the queries that go through a database handle (Kysely's plugin hook: every query passes it once). */
function countingDb(db: Db): { db: Db; queries: () => number } {
  let count = 0;
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      count += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(counter), queries: () => count };
}

const get = (app: App, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const ready = async (app: App, headers: Record<string, string> = {}) => {
  const response = await get(app, '/readyz', headers);
  return { status: response.statusCode, body: json<ReadyAnswer>(response), response };
};

describeEachDialect('health and readiness probes', (dialect) => {
  describe('a server that serves its own site and publishes nothing itself', () => {
    let ctx: TestContext;
    let app: App;
    let queries: () => number;
    let editor: StaffSession;
    let source: string;

    beforeAll(async () => {
      ctx = await createTestContext(dialect, { seed: false });
      // The app under test runs on a handle that counts its queries (the same database).
      const counted = countingDb(ctx.db);
      queries = counted.queries;
      app = buildApp({ config: ctx.config, db: counted.db, logger: false, mailIntervalMs: 0 });
      // A 503 that is an error of the server, as a witness that error reports are written (and the probe's are not).
      app.get('/test-unavailable', async (_request, reply) => reply.code(503).send({ message: 'unavailable' }));
      await app.ready();
      editor = await loginAs(ctx.app);
      source = path.join(ctx.dataDir, 'build-output');
    });
    afterAll(async () => {
      await app?.close();
      await ctx?.close();
    });

    it('answers /healthz with ok and nothing else: no query, no cookie, no-store, the security headers', async () => {
      for (const headers of [{}, editor.headers]) {
        const before = queries();
        const response = await get(app, '/healthz', headers);
        expect(response.statusCode).toBe(200);
        expect(json(response)).toEqual({ status: 'ok' });
        expect(queries() - before).toBe(0);
        expect(response.headers['set-cookie']).toBeUndefined();
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['netlify-cdn-cache-control']).toBeUndefined();
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['content-security-policy']).toEqual(expect.any(String));
        // Not an answer of the site: no release, no `_headers` rules read.
        expect(response.headers['x-site-release']).toBeUndefined();
      }
    });

    it('answers HEAD with the status and headers and no body, and ignores a hostile query', async () => {
      for (const url of ['/healthz', '/readyz']) {
        const head = await app.inject({ method: 'HEAD', url });
        expect({ url, status: head.statusCode, body: head.body }).toEqual({ url, status: (await app.inject({ method: 'GET', url })).statusCode, body: '' });
        expect(head.headers['cache-control']).toBe('no-store');
        for (const query of ['?%00=%00', '?__proto__[polluted]=1&constructor[prototype][x]=1', '?a=%E0%A4%A', `?${'x'.repeat(8000)}=1`, '?status=ready&checks=']) {
          const response = await get(app, url + query);
          expect({ query, status: response.statusCode }).toEqual({ query, status: head.statusCode });
          expect(Object.keys(json(response))).toEqual(url === '/healthz' ? ['status'] : ['status', 'checks']);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('is not ready while no site is published, and ready once a release is live; one query a check, with or without a session', async () => {
      const empty = await ready(app);
      expect(empty.status).toBe(503);
      expect(empty.body.status).toBe('not ready');
      expect(empty.body.checks.site.ok).toBe(false);
      expect(empty.body.checks.database).toEqual({ ok: true, detail: 'The database answers.' });
      expect(empty.body.checks.publish.ok).toBe(true);
      expect(empty.body.checks.publish.detail).toMatch(/publishes nothing itself/);
      expect(empty.response.headers['set-cookie']).toBeUndefined();
      // "Not ready" is the probe's answer, not an error of the server: only the witness's 503 is reported.
      expect((await get(app, '/test-unavailable')).statusCode).toBe(503);
      const reported = () => ctx.db.selectFrom('error_group').select('place').execute();
      await until(async () => (await reported()).length > 0, 'the witness is reported');
      expect(await reported()).toEqual([{ place: 'GET /test-unavailable' }]);

      // A build published as npm start publishes it (ADR 052): a release folder behind the PUBLIC_DIR link.
      await fs.mkdir(path.join(source, 'de'), { recursive: true });
      await fs.writeFile(path.join(source, 'de', 'index.html'), '<!doctype html><html lang="de"><title>Start</title></html>');
      const published = await new LiveSite(source, ctx.config.publicDir).publish();
      const live = await ready(app);
      expect(live.status).toBe(200);
      expect(live.body).toEqual({
        status: 'ready',
        checks: {
          database: { ok: true, detail: 'The database answers.' },
          site: { ok: true, detail: `Release ${published.release} of the site is live.` },
          publish: { ok: true, detail: expect.stringMatching(/publishes nothing itself/) },
        },
      });

      // No session work: a staff cookie costs nothing more than none.
      for (const headers of [{}, editor.headers, { cookie: 'kf_session=forged' }] as Record<string, string>[]) {
        const before = queries();
        expect((await ready(app, headers)).status).toBe(200);
        expect(queries() - before).toBe(1);
      }
      // No path of this machine in the answer.
      expect(live.response.body).not.toContain(ctx.dataDir);
      // The site's answers carry their release; the probes are none of them.
      expect(live.response.headers['x-site-release']).toBeUndefined();
      expect((await get(app, '/healthz')).headers['x-site-release']).toBeUndefined();
      expect((await get(app, '/de/')).headers['x-site-release']).toBe(String(published.release));
    });

    it('keeps answering /healthz when the database is gone, and says /readyz is not ready because of it', async () => {
      // A second handle on the same database, closed under a running app as a crashed pool or a removed file would be.
      const handle = createDatabase({ database: ctx.config.database });
      const broken = buildApp({ config: ctx.config, db: handle, logger: false, mailIntervalMs: 0 });
      await broken.ready();
      try {
        expect((await ready(broken)).body.checks.database.ok).toBe(true);
        await handle.destroy();
        const live = await get(broken, '/healthz');
        expect(live.statusCode).toBe(200);
        expect(json(live)).toEqual({ status: 'ok' });
        const down = await ready(broken);
        expect(down.status).toBe(503);
        expect(down.body.checks.database).toEqual({ ok: false, detail: 'The database cannot be read.' });
        // Not an error of the server: nothing is reported (the database is gone anyway), and no driver text leaks.
        expect(down.response.body).not.toMatch(/destroyed|sqlite|postgres|kf_test/i);
      } finally {
        await broken.close();
      }
    });

    if (dialect === 'postgres') {
      it('says the database did not answer when every pooled connection is taken, and is ready again once one is free', async () => {
        const handle = createDatabase({ database: ctx.config.database });
        const app2 = buildApp({ config: ctx.config, db: handle, logger: false, mailIntervalMs: 0 });
        await app2.ready();
        let free!: () => void;
        const held = new Promise<void>((resolve) => (free = resolve));
        const taken: Promise<void>[] = [];
        let open = 0;
        try {
          // The pool's ten connections (db/create-database.ts), each held in a transaction until `free`.
          for (let i = 0; i < 10; i++) taken.push(handle.connection().execute(async () => void (open++, await held)));
          await until(() => open === 10, 'every connection of the pool is taken');
          const [first, second] = await Promise.all([ready(app2), ready(app2)]);
          for (const answer of [first, second]) {
            expect(answer.status).toBe(503);
            expect(answer.body.checks.database).toEqual({ ok: false, detail: 'The database did not answer within 2 seconds.' });
          }
        } finally {
          free();
          await Promise.all(taken);
        }
        try {
          expect((await ready(app2)).body.checks.database.ok).toBe(true);
        } finally {
          await app2.close();
          await handle.destroy();
        }
      }, 20_000);
    }
  });

  describe('a server that publishes with a site builder', () => {
    let ctx: TestContext;
    let site: FakeSite;
    let app: App;
    let queries: () => number;
    let clock: TestClock;
    const timing = { quietMs: 200, maxWaitMs: 2000, pollMs: 0, leaseMs: 30_000 };

    beforeAll(async () => {
      ctx = await createTestContext(dialect, { seed: false });
      site = await FakeSite.create();
      const counted = countingDb(ctx.db);
      queries = counted.queries;
      app = buildApp({ config: ctx.config, db: counted.db, logger: false, mailIntervalMs: 0, publish: { builder: site.builder, ...timing } });
      await app.ready();
      // A published site, so only the publish check decides.
      const source = path.join(ctx.dataDir, 'build-output');
      await fs.mkdir(path.join(source, 'de'), { recursive: true });
      await fs.writeFile(path.join(source, 'de', 'index.html'), '<!doctype html><html lang="de"></html>');
      await new LiveSite(source, ctx.config.publicDir).publish();
      // One clock for the whole block, so time only moves on from one test to the next, as it does for a server.
      clock = useTestClock();
    });
    afterAll(async () => {
      clock?.restore();
      await app?.close();
      await ctx?.close();
      await site?.remove();
    });

    it('derives its bounds from the queue it reads', () => {
      expect(app.publishQueue?.timing).toEqual(timing);
    });

    it('is not ready with a run nobody builds any more (its lease ran out a poll ago), ready while a server holds the lease and after the run ends', async () => {
      const idle = await ready(app);
      expect(idle.status).toBe(200);
      expect(idle.body.checks.publish).toEqual({ ok: true, detail: 'Nothing waits to be published.' });

      const run = await insertPublishRun(ctx.db, { trigger_title: 'Seite geändert', from_cursor: null, to_cursor: 'x:1', started_at: new Date().toISOString() });
      const fresh = await ready(app);
      expect(fresh.status).toBe(200);
      expect(fresh.body.checks.publish.detail).toBe(`Publish run ${run.id} is building (for 0 seconds).`);

      // No lease recorded: it counts as run out `leaseMs` after the start; a poll later the run is stuck.
      clock.advance(timing.leaseMs + timing.pollMs + 1000);
      const before = queries();
      const stuck = await ready(app);
      expect(queries() - before).toBeLessThanOrEqual(4);
      expect(stuck.status).toBe(503);
      expect(stuck.body.status).toBe('not ready');
      expect(stuck.body.checks.publish).toEqual({
        ok: false,
        detail: `Publish run ${run.id} has been building for 31 seconds, but no server has held the publish lease for 1 second: nothing builds it, and no queue has recorded it as interrupted.`,
      });
      expect(stuck.body.checks.database.ok).toBe(true);
      expect(stuck.body.checks.site.ok).toBe(true);

      // A live server renews the lease while it builds, however long that takes: still building, not stuck.
      expect(await takeLease(ctx.db, publishLease, 'another-server', timing.leaseMs, Date.now())).toBe(true);
      clock.advance(20 * 60_000);
      expect(await takeLease(ctx.db, publishLease, 'another-server', timing.leaseMs, Date.now())).toBe(true);
      const alive = await ready(app);
      expect(alive.status).toBe(200);
      expect(alive.body.checks.publish.detail).toBe(`Publish run ${run.id} is building (for 20 minutes).`);

      // The server dies: its lease runs out, and a poll later the run is stuck again.
      clock.advance(timing.leaseMs + timing.pollMs + 1000);
      expect((await ready(app)).body.checks.publish.detail).toMatch(/no server has held the publish lease for 1 second/);

      await finishPublishRun(ctx.db, run.id, { status: 'live', finished_at: new Date().toISOString(), duration_ms: 1, pages_rewritten: 1, error: null });
      await releaseLease(ctx.db, publishLease, 'another-server');
      const done = await ready(app);
      expect(done.status).toBe(200);
      expect(done.body.checks.publish).toEqual({ ok: true, detail: 'Nothing waits to be published.' });
    });

    it('is not ready with saves waiting past the longest wait without a run, ready while they wait for the quiet period', async () => {
      await requestPublish(ctx.db, 'Modul geändert', undefined, Date.now());
      await requestPublish(ctx.db, 'Modul geändert', undefined, Date.now());
      const waiting = await ready(app);
      expect(waiting.status).toBe(200);
      expect(waiting.body.checks.publish).toEqual({ ok: true, detail: '2 saves waiting for the quiet period.' });

      clock.advance(timing.maxWaitMs + timing.pollMs + 1000);
      const before = queries();
      const stuck = await ready(app);
      expect(queries() - before).toBe(4);
      expect(stuck.status).toBe(503);
      expect(stuck.body.checks.publish).toEqual({ ok: false, detail: '2 saves waiting for 3 seconds without a publish run; a save waits at most 2 seconds.' });

      // While a server holds the publish lease (a run or the start build of npm start), saves wait for it.
      expect(await takeLease(ctx.db, publishLease, 'another-server', timing.leaseMs, Date.now())).toBe(true);
      expect((await ready(app)).body.checks.publish).toEqual({ ok: true, detail: '2 saves waiting while a server holds the publish lease.' });
      await releaseLease(ctx.db, publishLease, 'another-server');
      await takePublishRequests(ctx.db);
      expect((await ready(app)).status).toBe(200);
    });
  });

  describe('a server that publishes through the build hook', () => {
    let ctx: TestContext;
    let clock: TestClock;

    beforeAll(async () => {
      // Nothing is saved, so the hook is never called; its address only puts the queue in hook mode.
      ctx = await createTestContext(dialect, { seed: false, config: { netlifyBuildHook: 'http://127.0.0.1:9/build_hooks/health-test' }, publish: { pollMs: 0 } });
    });
    beforeEach(() => {
      clock = useTestClock();
    });
    afterEach(() => clock.restore());
    afterAll(() => ctx?.close());

    it('serves no site by configuration (Netlify does): ready without one', async () => {
      const answer = await ready(ctx.app);
      expect(answer.status).toBe(200);
      expect(answer.body.checks.site).toEqual({ ok: true, detail: 'Netlify serves the site: this server publishes through the build hook and serves no site to visitors.' });
    });

    it('is not ready with a run calling the hook past its time limit, even while the lease is held', async () => {
      const { leaseMs, pollMs } = ctx.app.publishQueue!.timing;
      const run = await insertPublishRun(ctx.db, { trigger_title: 'Seite geändert', from_cursor: null, to_cursor: 'x:1', started_at: new Date().toISOString() });
      clock.advance(hookTimeoutMs + leaseMs + pollMs - 1000);
      expect(await takeLease(ctx.db, publishLease, 'another-server', leaseMs, Date.now())).toBe(true);
      expect((await ready(ctx.app)).status).toBe(200);
      clock.advance(2000);
      const stuck = await ready(ctx.app);
      expect(stuck.status).toBe(503);
      expect(stuck.body.checks.publish).toEqual({ ok: false, detail: `Publish run ${run.id} has been calling the build hook for 61 seconds; a call is given up after 30 seconds.` });
      await finishPublishRun(ctx.db, run.id, { status: 'failed', finished_at: new Date().toISOString(), duration_ms: 1, pages_rewritten: null, error: 'x' });
      await releaseLease(ctx.db, publishLease, 'another-server');
      expect((await ready(ctx.app)).status).toBe(200);
    });
  });
});

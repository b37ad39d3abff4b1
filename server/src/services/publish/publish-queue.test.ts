import { currentCursor, logChanges } from '../../db/repositories/change-log';
import { inTransaction } from '../../db/repositories/shared';
import { describeEachDialect } from '../../test/dialects';
import { FakeSite } from '../../test/fake-site-build';
import { useTestClock } from '../../test/clock';
import { createTestContext, type TestContext } from '../../test/test-context';
import { failureReason, PublishQueue, requestPublish, summariseTitles } from './publish-queue';

/** A content write as a save makes one: a change-log row in its own transaction. */
const save = (ctx: TestContext) => inTransaction(ctx.db, (trx) => logChanges(trx, [{ entity: 'nav', id: 'de' }]));

describeEachDialect('publish queue', (dialect) => {
  let ctx: TestContext;
  let site: FakeSite;
  let queue: PublishQueue;
  beforeAll(async () => {
    site = await FakeSite.create();
    // No polling: the queues these tests make beside it on the same database must not have their saves taken.
    ctx = await createTestContext(dialect, { seed: false, publish: { builder: site.builder, quietMs: 50, pollMs: 0 } });
    queue = ctx.app.publishQueue!;
  });
  afterAll(async () => {
    await ctx?.close();
    await site?.remove();
  });
  const runs = () => ctx.db.selectFrom('publish_run').selectAll().orderBy('id').execute();

  it('is idle with no run recorded', async () => {
    const status = await queue.status();
    expect(status).toMatchObject({ mode: 'build', state: 'idle', running: null, last: null, live_seq: null });
  });

  it('waits a quarter second after a save for its own build and a second for a Netlify build, unless told otherwise (ADR 091)', () => {
    const own = new PublishQueue({ db: ctx.db, target: { kind: 'build', build: site.builder } });
    const netlify = new PublishQueue({ db: ctx.db, target: { kind: 'hook', url: 'https://api.netlify.com/build_hooks/x' } });
    const set = new PublishQueue({ db: ctx.db, target: { kind: 'build', build: site.builder }, quietMs: 600 });
    expect(own.timing).toMatchObject({ quietMs: 250, maxWaitMs: 2500 });
    expect(netlify.timing).toMatchObject({ quietMs: 1000, maxWaitMs: 10_000 });
    expect(set.timing).toMatchObject({ quietMs: 600, maxWaitMs: 6000 });
  });

  it('coalesces saves within the quiet period into one build, recorded as a live run', async () => {
    await site.set('release', true);
    await save(ctx);
    queue.notify('first');
    queue.notify('second');
    queue.notify('third');
    expect(queue.state).toBe('pending');
    await queue.whenSettled();

    expect(await site.builds()).toEqual(['third (+2 earlier saves)']);
    const [run] = await runs();
    expect(run).toMatchObject({
      trigger_title: 'third (+2 earlier saves)',
      status: 'live',
      from_cursor: null,
      to_cursor: await currentCursor(ctx.db),
      pages_rewritten: 1,
      error: null,
    });
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);
    expect(run.finished_at).not.toBeNull();
    const status = await queue.status();
    expect(status.state).toBe('live');
    expect(status.live_seq).toBe(status.saved_seq);
    expect(status.last).toMatchObject({ id: run.id, status: 'live' });
  });

  it('runs one build at a time: saves during a build cause exactly one more build after it', async () => {
    await site.set('release', false);
    const before = (await site.builds()).length;
    await save(ctx);
    queue.notify('during-1');
    await site.started(before + 1);
    expect(queue.state).toBe('building');
    const building = await queue.status();
    expect(building.running).toMatchObject({ trigger_title: 'during-1', status: 'building' });
    const firstCursor = building.running!.to_cursor;

    await save(ctx);
    queue.notify('during-2');
    await save(ctx);
    queue.notify('during-3');
    // The running build goes on; the new saves wait for it.
    expect(queue.state).toBe('building');
    expect((await site.builds()).length).toBe(before + 1);

    await site.set('release', true);
    await queue.whenSettled();
    expect((await site.builds()).slice(before)).toEqual(['during-1', 'during-3 (+1 earlier save)']);
    const [, first, second] = await runs();
    expect(first).toMatchObject({ trigger_title: 'during-1', status: 'live', to_cursor: firstCursor });
    // The second run starts from where the first one ended and includes the saves made during it.
    expect(second).toMatchObject({ status: 'live', from_cursor: firstCursor, to_cursor: await currentCursor(ctx.db) });
    expect(second.to_cursor).not.toBe(firstCursor);
  });

  it('reports a failed build with the end of its output, and recovers with the next successful one', async () => {
    await site.set('fail', true);
    await save(ctx);
    queue.notify('broken');
    await queue.whenSettled();
    const failed = await queue.status();
    expect(failed.state).toBe('failed');
    expect(failed.last).toMatchObject({ trigger_title: 'broken', status: 'failed', pages_rewritten: null });
    expect(failed.last!.error).toContain('Building static HTML failed for path "/de/konzerte"');
    expect(failed.last!.error).toContain('TypeError: x is undefined');
    expect(failed.live_seq).toBeLessThan(failed.saved_seq);
    const row = (await runs()).at(-1)!;
    expect(row).toMatchObject({ status: 'failed', error: failed.last!.error });

    await site.set('fail', false);
    queue.notify('fixed');
    await queue.whenSettled();
    const recovered = await queue.status();
    expect(recovered).toMatchObject({ state: 'live', last: { trigger_title: 'fixed', status: 'live', error: null } });
    expect(recovered.live_seq).toBe(recovered.saved_seq);
    // A failed run published nothing: the next one starts from the last live run's cursor.
    expect((await runs()).at(-1)!.from_cursor).toBe((await runs()).at(-3)!.to_cursor);
  });

  it('stops a running build when the server closes, records the run as interrupted, and the next start retries it (ADR 067)', async () => {
    const other = await FakeSite.create();
    const closing = new PublishQueue({ db: ctx.db, target: { kind: 'build', build: other.builder }, quietMs: 0 });
    const next = new PublishQueue({ db: ctx.db, target: { kind: 'build', build: other.builder }, quietMs: 0, pollMs: 20 });
    try {
      await closing.start();
      await save(ctx);
      closing.notify('cut off');
      await other.started(1);
      await closing.close();
      const row = (await runs()).at(-1)!;
      expect(row).toMatchObject({ trigger_title: 'cut off', status: 'failed', retry_of: null });
      expect(row.error).toMatch(/^Interrupted/);
      // Its saves wait again, as a retry of the run.
      expect(await ctx.db.selectFrom('publish_request').select(['title', 'retry_of']).execute()).toEqual([{ title: 'cut off', retry_of: row.id }]);
      // A notify after closing starts nothing.
      closing.notify('too late');
      await closing.whenSettled();
      expect(await other.builds()).toEqual(['cut off']);

      // The next start builds them, and says all along that it retries the cut-off run, never "failed".
      await next.start();
      await other.started(2);
      expect(await next.status()).toMatchObject({
        state: 'building',
        retrying: row.id,
        running: { trigger_title: 'cut off', retry_of: row.id, status: 'building' },
        last: { id: row.id, status: 'failed' },
      });
      await other.set('release', true);
      await next.whenSettled();
      const live = await next.status();
      expect(live).toMatchObject({ state: 'live', retrying: null, running: null, last: { trigger_title: 'cut off', retry_of: row.id, status: 'live' } });
      expect(live.live_seq).toBe(live.saved_seq);
      expect(await other.builds()).toEqual(['cut off', 'cut off']);
    } finally {
      await next.close();
      await other.remove();
    }
  });

  it('records runs a stopped server left as building as failed when it starts, and retries each once (ADR 067)', async () => {
    await site.set('release', false);
    await save(ctx);
    const cursor = await currentCursor(ctx.db);
    const leftOver = (title: string, retryOf: number | null) =>
      ctx.db
        .insertInto('publish_run')
        .values({ trigger_title: title, status: 'building', from_cursor: null, to_cursor: cursor, started_at: new Date().toISOString(), retry_of: retryOf })
        .returning('id')
        .executeTakeFirstOrThrow();
    const { id } = await leftOver('left over', null);
    // A retry cut off in its turn is not retried again: a build that stops its server must not loop.
    const { id: retried } = await leftOver('a retry, cut off again', 1);
    const before = (await site.builds()).length;
    const restarted = new PublishQueue({ db: ctx.db, target: { kind: 'build', build: site.builder }, quietMs: 0, pollMs: 20 });
    try {
      await restarted.start();
      for (const runId of [id, retried]) {
        const row = await ctx.db.selectFrom('publish_run').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'failed', error: 'Interrupted: the server stopped during this run.' });
        expect(row.finished_at).not.toBeNull();
      }
      await site.started(before + 1);
      expect(await restarted.status()).toMatchObject({ state: 'building', retrying: id, running: { trigger_title: 'left over', retry_of: id } });
      await site.set('release', true);
      await restarted.whenSettled();
      expect((await site.builds()).slice(before)).toEqual(['left over']);
      expect(await restarted.status()).toMatchObject({ state: 'live', retrying: null, last: { retry_of: id, status: 'live' } });
    } finally {
      await restarted.close();
    }
  });

  it('holds queued builds back while exclusive work (the start build) runs', async () => {
    // A queue of its own whose quiet period is over at once, so its run is asked for while the exclusive work runs.
    const order: string[] = [];
    const other = await FakeSite.create();
    const held = new PublishQueue({
      db: ctx.db,
      target: { kind: 'build', build: (request) => (order.push(`build: ${request.title}`), other.builder(request)) },
      quietMs: 0,
      pollMs: 0,
    });
    try {
      await held.start();
      await other.set('release', true);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const exclusive = held.runExclusive(async () => {
        await gate;
        order.push('exclusive ended');
      });
      await save(ctx);
      held.notify('while starting');
      // The queue's timer for the run was set first; a timer of the same delay set now runs after it.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(held.state).toBe('pending');
      // Exclusive work asked for after the run: it runs after the run, which runs after the first exclusive work.
      const after = held.runExclusive(async () => void order.push('later exclusive work'));
      release();
      await Promise.all([exclusive, after, held.whenSettled()]);
      expect(order).toEqual(['exclusive ended', 'build: while starting', 'later exclusive work']);
      expect(await other.builds()).toEqual(['while starting']);
    } finally {
      await held.close();
      await other.remove();
    }
  });

  it('runs no build and records no run when nothing is newer than the last published cursor', async () => {
    await queue.whenSettled();
    const [before, rows] = [(await site.builds()).length, (await runs()).length];
    const status = await queue.status();
    queue.notify('nothing changed');
    await queue.whenSettled();
    expect((await site.builds()).length).toBe(before);
    expect(await runs()).toHaveLength(rows);
    expect(await queue.status()).toMatchObject({ state: status.state, last: status.last });
    expect(await ctx.db.selectFrom('publish_request').selectAll().execute()).toEqual([]);
  });

  it('tells onPublished once per run that published, never for a failed one, and a failing onPublished fails no run', async () => {
    const told: unknown[] = [];
    let refuse = false;
    const other = await FakeSite.create();
    const telling = new PublishQueue({
      db: ctx.db,
      target: { kind: 'build', build: other.builder },
      quietMs: 0,
      pollMs: 0,
      onPublished: (run) => {
        told.push(run);
        if (refuse) throw new Error('purge refused');
      },
    });
    try {
      await telling.start();
      await other.set('release', true);
      const from = (await runs()).filter((run) => run.status === 'live').at(-1)?.to_cursor ?? null;
      await save(ctx);
      telling.notify('told');
      await telling.whenSettled();
      expect(told).toEqual([{ fromCursor: from, toCursor: await currentCursor(ctx.db), status: 'live' }]);

      await other.set('fail', true);
      await save(ctx);
      telling.notify('failing build');
      await telling.whenSettled();
      expect(told).toHaveLength(1);

      await other.set('fail', false);
      refuse = true;
      telling.notify('told again');
      await telling.whenSettled();
      expect(told).toHaveLength(2);
      expect((await runs()).at(-1)).toMatchObject({ trigger_title: 'told again', status: 'live' });
    } finally {
      await telling.close();
      await other.remove();
    }
  });

  describe('with several queues on one database (servers, ADR 051)', () => {
    const queues: PublishQueue[] = [];
    const server = (options: { pollMs?: number; quietMs?: number; db?: TestContext['db'] } = {}) => {
      const made = new PublishQueue({ db: options.db ?? ctx.db, target: { kind: 'build', build: site.builder }, quietMs: options.quietMs ?? 100, pollMs: options.pollMs ?? 25 });
      queues.push(made);
      return made;
    };
    afterEach(async () => {
      await Promise.all(queues.splice(0).map((made) => made.close()));
    });

    it('makes one run of a burst of saves spread over two servers, whichever took them', async () => {
      await site.set('release', true);
      // The quiet window is far longer than the gap between two saves, also when a loaded machine makes one save
      // take a few hundred milliseconds: the burst must not end between them.
      const [a, b] = [server({ quietMs: 1500 }), server({ quietMs: 1500 })];
      await Promise.all([a.start(), b.start()]);
      const [before, rows] = [(await site.builds()).length, (await runs()).length];
      for (let i = 0; i < 6; i++) {
        await save(ctx);
        (i % 2 ? b : a).notify(`burst ${i}`);
      }
      await Promise.all([a.whenSettled(), b.whenSettled()]);
      // Nothing waits in the database and neither runs or waits itself: nothing else can run.
      expect((await a.status()).state).toBe('live');
      expect((await b.status()).state).toBe('live');
      expect([a.state, b.state].filter((state) => state === 'pending' || state === 'building')).toEqual([]);
      expect((await site.builds()).slice(before)).toEqual(['burst 5 (+5 earlier saves)']);
      expect((await runs()).slice(rows)).toMatchObject([{ trigger_title: 'burst 5 (+5 earlier saves)', status: 'live', to_cursor: await currentCursor(ctx.db) }]);
    });

    it("shows the other server's running build in its status, and waits for it instead of building beside it", async () => {
      await site.set('release', false);
      const asked: Array<() => void> = [];
      let asks = 0;
      const leaseAsked = (count: number) => new Promise<void>((resolve) => (asks >= count ? resolve() : asked.push(() => asks >= count && resolve())));
      // B's database: the same, telling each time B asks for the publish lease.
      const watched = ctx.db.withPlugin({
        transformQuery: ({ node }) => {
          if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'lease') {
            asks += 1;
            for (const wake of asked) wake();
          }
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const a = server({ pollMs: 0 });
      const b = server({ pollMs: 0, db: watched });
      await Promise.all([a.start(), b.start()]);
      const before = (await site.builds()).length;
      await save(ctx);
      a.notify('on a');
      await site.started(before + 1);
      expect(await b.status()).toMatchObject({ state: 'building', running: { trigger_title: 'on a', status: 'building' } });
      const asksBefore = asks;
      await save(ctx);
      b.notify('on b, during the build');
      // B's run waits for the publish lease A holds: refused once, it asks again.
      await leaseAsked(asksBefore + 2);
      expect((await site.builds()).length).toBe(before + 1);
      await site.set('release', true);
      await Promise.all([a.whenSettled(), b.whenSettled()]);
      expect((await site.builds()).slice(before)).toEqual(['on a', 'on b, during the build']);
      const [first, second] = (await runs()).slice(-2);
      expect(second.from_cursor).toBe(first.to_cursor);
    });

    it('publishes the saves a stopped server took but did not publish', async () => {
      await site.set('release', true);
      const stopping = server({ pollMs: 0, quietMs: 10_000 });
      await stopping.start();
      const before = (await site.builds()).length;
      await save(ctx);
      stopping.notify('taken by the stopped server');
      await stopping.close();
      expect(await site.builds()).toHaveLength(before);
      const survivor = server({ pollMs: 25, quietMs: 10 });
      await survivor.start();
      await site.started(before + 1);
      await survivor.whenSettled();
      expect((await site.builds()).slice(before)).toEqual(['taken by the stopped server']);
      expect(await survivor.status()).toMatchObject({ state: 'live', last: { trigger_title: 'taken by the stopped server' } });
    });

    it('publishes the saves a server without a queue wrote down (one publisher beside others)', async () => {
      await site.set('release', true);
      const publisher = server({ pollMs: 25, quietMs: 10 });
      await publisher.start();
      const before = (await site.builds()).length;
      await save(ctx);
      await requestPublish(ctx.db, 'saved where nothing publishes', { action: 'other', locale: 'de', path: 'x/' });
      await site.started(before + 1);
      await publisher.whenSettled();
      expect((await site.builds()).slice(before)).toEqual(['saved where nothing publishes']);
    });

    it('records a run as failed once the lease of the server building it ran out (the server stopped)', async () => {
      const { id } = await ctx.db
        .insertInto('publish_run')
        .values({ trigger_title: 'on a stopped server', status: 'building', from_cursor: null, to_cursor: await currentCursor(ctx.db), started_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Its server still held the lease: the run goes on as far as anyone can tell.
      await ctx.db.insertInto('lease').values({ name: 'publish', holder: 'stopped-server', expires_at: new Date(Date.now() + 60_000).toISOString() }).execute();
      const watcher = server({ pollMs: 0 });
      expect(await watcher.status()).toMatchObject({ state: 'building', running: { id } });
      // The lease runs out, no longer renewed: the test's clock moves past it (timers stay real).
      const clock = useTestClock();
      clock.advance(61_000);
      const status = await watcher.status().finally(() => clock.restore());
      // Its saves wait to be retried (ADR 067): pending, not failed, and the status names the run it retries.
      expect(status).toMatchObject({ state: 'pending', retrying: id, running: null, last: { id, status: 'failed', error: 'Interrupted: the server stopped during this run.' } });
    });
  });
});

describe('publish queue helpers', () => {
  it('titles a run by its newest save and counts the earlier ones', () => {
    expect(summariseTitles(['a'])).toBe('a');
    expect(summariseTitles(['a', 'b'])).toBe('b (+1 earlier save)');
    expect(summariseTitles(['a', 'b', 'c'])).toBe('c (+2 earlier saves)');
  });

  it('keeps the last lines of a failure without terminal colours', () => {
    const output = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
    const reason = failureReason(new Error(`gatsby build exited with 1\n${output}\n\x1b[31merror\x1b[39m Something broke\n\n`));
    expect(reason.split('\n')).toHaveLength(20);
    expect(reason.endsWith('error Something broke')).toBe(true);
    expect(reason).not.toContain('line 21\n');
    expect(failureReason('plain')).toBe('plain');
  });
});

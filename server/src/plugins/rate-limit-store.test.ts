import { buildApp, type App } from '../app';
import { browserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { probeLimit, registerProbe } from '../test/probe-route';
import { createTestContext, testNow, type TestContext } from '../test/test-context';
import { databaseRateLimitStore } from './rate-limit-store';

/** The store's callback answer as a promise. */
function count(store: { incr: (key: string, answer: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) => void }, key: string, windowMs: number) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 5));
}

describeEachDialect('rate-limit store', (dialect) => {
  let ctx: TestContext;
  let second: App;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false, register: registerProbe });
    // A second server process on the same database, as behind a load balancer.
    second = buildApp({ config: ctx.config, db: ctx.db, logger: false, now: () => testNow, mailIntervalMs: 0, testStaffHeader: true });
    registerProbe(second, ctx.db);
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('counts one client across two app instances on one database: the request past the limit is refused by either', async () => {
    const session = await browserSession(ctx.app);
    const remoteAddress = '198.51.100.77';
    const post = async (app: App, n: number) =>
      app.inject({ method: 'POST', url: '/de/api/probe/', payload: { email: `two${n}@example.org`, form_token: await session.formToken() }, headers: session.headers, remoteAddress });
    // Alternating: neither instance alone sees more than three requests, together they see the limit.
    for (let i = 0; i < probeLimit.limit; i++) expect((await post(i % 2 ? second : ctx.app, i)).statusCode).toBe(202);
    const refused = await post(second, 99);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(ctx.app, 100)).statusCode).toBe(429);
  });

  it('starts a new window once the running one has ended, for every store on the database', async () => {
    let now = Date.parse('2026-11-23T10:00:00.000Z');
    const One = databaseRateLimitStore(ctx.db, () => now);
    const Two = databaseRateLimitStore(ctx.db, () => now);
    const [one, two] = [new One({}), new Two({})];
    expect(await count(one, 'k|192.0.2.1', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await count(two, 'k|192.0.2.1', 60_000)).toEqual({ current: 2, ttl: 50_000 });
    expect(await count(two, 'k|192.0.2.2', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 50_000;
    expect(await count(one, 'k|192.0.2.1', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });
});

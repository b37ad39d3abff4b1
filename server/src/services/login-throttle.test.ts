import { describeEachDialect } from '../test/dialects';
import { createTestContext, type TestContext } from '../test/test-context';
import { LoginThrottle, type ThrottleLimits } from './login-throttle';

describeEachDialect('LoginThrottle', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());
  // Each test counts from nothing.
  beforeEach(() => ctx.db.deleteFrom('login_throttle_window').execute());

  const limits: ThrottleLimits = {
    pair: { limit: 3, windowMs: 60_000 },
    client: { limit: 6, windowMs: 120_000 },
    account: { limit: 4, windowMs: 60_000 },
    knownForMs: 600_000,
  };
  const wait = async (throttle: LoginThrottle, account: string, client: string, now: number) => (await throttle.attempt(account, client, now)).wait;

  it('refuses an account and address together after the pair limit, until the window from its first failure ends', async () => {
    const throttle = new LoginThrottle(ctx.db, limits);
    expect(await wait(throttle, 'user:1', 'a', 0)).toBeUndefined();
    expect(await wait(throttle, 'user:1', 'a', 10_000)).toBeUndefined();
    expect(await wait(throttle, 'user:1', 'a', 20_000)).toBeUndefined();
    expect(await wait(throttle, 'user:1', 'a', 20_000)).toBe(40);
    expect(await wait(throttle, 'user:1', 'a', 59_500)).toBe(1);
    // Refused attempts are not counted: the window still ends a minute after the first failure.
    expect(await wait(throttle, 'user:1', 'a', 60_000)).toBeUndefined();
  });

  it("does not let a stranger's failures from one address refuse the owner on another", async () => {
    const throttle = new LoginThrottle(ctx.db, limits);
    for (let i = 0; i < 3; i++) await wait(throttle, 'user:1', 'stranger', 0);
    expect(await wait(throttle, 'user:1', 'stranger', 0)).toBe(60);
    const owner = await throttle.attempt('user:1', 'owner', 0);
    expect(owner.wait).toBeUndefined();
    await throttle.succeeded(owner.attempt!, 0);
  });

  it('counts attempts when they start, so parallel ones from one address cannot all get through', async () => {
    const throttle = new LoginThrottle(ctx.db, limits);
    const started = await Promise.all(Array.from({ length: 10 }, () => wait(throttle, 'user:5', 'ip', 0)));
    // Never more than the pair's limit. Fewer may pass: an attempt within the pair's count can find the account's
    // count full of attempts that are refused and uncounted a moment later (how they interleave is the database's).
    expect(started.filter((w) => w === undefined).length).toBeLessThanOrEqual(3);
    expect(started.filter((w) => w !== undefined).length).toBeGreaterThanOrEqual(7);
  });

  it('refuses an address after its limit whatever the account, and takes the longer wait when two apply', async () => {
    const throttle = new LoginThrottle(ctx.db, limits);
    for (let i = 0; i < 6; i++) expect(await wait(throttle, `login:guess-${i}`, 'ip', i * 1000)).toBeUndefined();
    expect(await wait(throttle, 'user:9', 'ip', 6_000)).toBe(114);
    expect(await wait(throttle, 'user:9', 'other-ip', 6_000)).toBeUndefined();
  });

  it('slows an attack on one account from many addresses, but not the owner on an address that logged in before', async () => {
    const throttle = new LoginThrottle(ctx.db, limits);
    const owner = await throttle.attempt('user:7', 'home', 0);
    await throttle.succeeded(owner.attempt!, 0);
    expect(await throttle.isKnown('user:7', 'home', 0)).toBe(true);
    for (let i = 0; i < 4; i++) expect(await wait(throttle, 'user:7', `bot-${i}`, 1000)).toBeUndefined();
    // The fifth unknown address is refused until the account window ends (it began with the owner's first login,
    // then still from an unknown address) ...
    expect(await wait(throttle, 'user:7', 'bot-99', 2000)).toBe(58);
    // ... but the owner's address is not, even after failures of its own below the pair limit.
    expect(await wait(throttle, 'user:7', 'home', 2000)).toBeUndefined();
    const again = await throttle.attempt('user:7', 'home', 3000);
    expect(again.wait).toBeUndefined();
    await throttle.succeeded(again.attempt!, 3000);
    // A known address stops being known after knownForMs.
    expect(await throttle.isKnown('user:7', 'home', 3000 + 600_000)).toBe(false);
  });

  it('on success clears the pair and takes the attempt back from the address and the account, keeping their failures', async () => {
    const throttle = new LoginThrottle(ctx.db, limits);
    for (let i = 0; i < 2; i++) await wait(throttle, 'user:2', 'ip', 0);
    await throttle.succeeded((await throttle.attempt('user:2', 'ip', 0)).attempt!, 0);
    // The pair starts afresh: 3 more failures before it is refused.
    for (let i = 0; i < 3; i++) expect(await wait(throttle, 'user:2', 'ip', 0)).toBeUndefined();
    // The address has 2 + 3 = 5 failures (without the refund, 6): one more account fills its limit of 6.
    expect(await wait(throttle, 'user:3', 'ip', 0)).toBeUndefined();
    expect(await wait(throttle, 'user:4', 'ip', 0)).toBe(120);
  });

  it('counts across servers: two throttles on one database refuse at the same count as one, parallel attempts included', async () => {
    const [one, two] = [new LoginThrottle(ctx.db, limits), new LoginThrottle(ctx.db, limits)];
    // Alternating: each saw fewer than the pair limit of 3, together they reach it.
    expect(await wait(one, 'user:11', 'ip', 0)).toBeUndefined();
    expect(await wait(two, 'user:11', 'ip', 0)).toBeUndefined();
    expect(await wait(one, 'user:11', 'ip', 0)).toBeUndefined();
    expect(await wait(two, 'user:11', 'ip', 0)).toBe(60);
    expect(await wait(one, 'user:11', 'ip', 0)).toBe(60);
    // Ten at once, half on each: at most three get through (fewer when they interleave as in the test above).
    const started = await Promise.all(Array.from({ length: 10 }, (_, i) => wait(i % 2 ? one : two, 'user:12', 'ip2', 0)));
    expect(started.filter((w) => w === undefined).length).toBeLessThanOrEqual(3);
    expect(started.filter((w) => w !== undefined).length).toBeGreaterThanOrEqual(7);
    // A success on one makes the address known on the other.
    const owner = await one.attempt('user:13', 'home', 0);
    await one.succeeded(owner.attempt!, 0);
    expect(await two.isKnown('user:13', 'home', 0)).toBe(true);
  });
});

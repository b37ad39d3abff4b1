import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const limits = { account: { limit: 3, windowMs: 60_000 }, client: { limit: 5, windowMs: 120_000 } };

  it('refuses an account after its limit until the window from its first failure ends', () => {
    const throttle = new LoginThrottle(limits);
    expect(throttle.attempt('user:1', 'a', 0)).toBeUndefined();
    expect(throttle.attempt('user:1', 'b', 10_000)).toBeUndefined();
    expect(throttle.attempt('user:1', 'c', 20_000)).toBeUndefined();
    expect(throttle.attempt('user:1', 'd', 20_000)).toBe(40);
    expect(throttle.attempt('user:1', 'd', 59_500)).toBe(1);
    // Refused attempts are not counted: the window still ends a minute after the first failure.
    expect(throttle.attempt('user:1', 'd', 60_000)).toBeUndefined();
    expect(throttle.attempt('user:1', 'd', 60_000)).toBeUndefined();
  });

  it('counts attempts when they start, so parallel ones cannot all get through', () => {
    const throttle = new LoginThrottle(limits);
    const started = Array.from({ length: 10 }, (_, i) => throttle.attempt('user:5', `ip-${i}`, 0));
    expect(started.filter((wait) => wait === undefined)).toHaveLength(3);
  });

  it('refuses a client after its limit whatever the account, and takes the longer wait when both apply', () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 5; i++) expect(throttle.attempt(`login:guess-${i}`, 'ip', i * 1000)).toBeUndefined();
    expect(throttle.attempt('user:9', 'ip', 5_000)).toBe(115);
    expect(throttle.attempt('user:9', 'other-ip', 5_000)).toBeUndefined();
    for (const ip of ['ip-2', 'ip-3', 'ip-4']) throttle.attempt('user:10', ip, 90_000);
    // The client may try again in 20 s, the account only in 50 s.
    expect(throttle.attempt('user:10', 'ip', 100_000)).toBe(50);
  });

  it('on success clears the account and takes the attempt back from the client, keeping its failures', () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 3; i++) throttle.attempt('user:2', 'ip', 0);
    throttle.succeeded('user:2', 'ip');
    expect(throttle.attempt('user:2', 'other', 0)).toBeUndefined();
    // The client keeps its 2 failures; 3 more fill its limit of 5 (without the refund, 2 would).
    throttle.attempt('user:3', 'ip', 0);
    throttle.attempt('user:3', 'ip', 0);
    expect(throttle.attempt('user:4', 'ip', 0)).toBeUndefined();
    expect(throttle.attempt('user:5', 'ip', 0)).toBe(120);
  });
});

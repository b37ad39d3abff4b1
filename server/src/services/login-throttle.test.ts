import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const limits = { account: { limit: 3, windowMs: 60_000 }, client: { limit: 5, windowMs: 120_000 } };

  it('refuses an account after its limit until the window from its first failure ends', () => {
    const throttle = new LoginThrottle(limits);
    throttle.failed('user:1', 'a', 0);
    throttle.failed('user:1', 'b', 10_000);
    expect(throttle.waitFor('user:1', 'c', 10_000)).toBeUndefined();
    throttle.failed('user:1', 'c', 20_000);
    expect(throttle.waitFor('user:1', 'd', 20_000)).toBe(40);
    expect(throttle.waitFor('user:1', 'd', 59_500)).toBe(1);
    expect(throttle.waitFor('user:1', 'd', 60_000)).toBeUndefined();
    // A new window starts with the next failure.
    throttle.failed('user:1', 'd', 60_000);
    expect(throttle.waitFor('user:1', 'd', 60_000)).toBeUndefined();
  });

  it('refuses a client after its limit whatever the account, and takes the longer wait when both apply', () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 5; i++) throttle.failed(`login:guess-${i}`, 'ip', i * 1000);
    expect(throttle.waitFor('user:9', 'ip', 5_000)).toBe(115);
    expect(throttle.waitFor('user:9', 'other-ip', 5_000)).toBeUndefined();
    for (let i = 0; i < 3; i++) throttle.failed('user:9', 'ip', 100_000);
    expect(throttle.waitFor('user:9', 'ip', 100_000)).toBe(60);
  });

  it('clears the account on success but not the client', () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 3; i++) throttle.failed('user:2', 'ip', 0);
    throttle.failed('user:3', 'ip', 0);
    throttle.failed('user:3', 'ip', 0);
    expect(throttle.waitFor('user:2', 'other', 0)).toBe(60);
    throttle.succeeded('user:2');
    expect(throttle.waitFor('user:2', 'other', 0)).toBeUndefined();
    expect(throttle.waitFor('user:4', 'ip', 0)).toBe(120);
  });
});

/**
 * The site's form tokens against the real content server (listening on loopback): every send takes a token of its
 * own, because the server accepts a token for one submission only (ADR 029).
 */
import type { AddressInfo } from 'node:net';
import { browserSession } from '../../../server/src/test/browser-session';
import { registerProbe } from '../../../server/src/test/probe-route';
import { createTestContext, type TestContext } from '../../../server/src/test/test-context';
import { createFormTokenSource, fetchToken } from './use-form-token';

let ctx: TestContext;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext('sqlite', { seed: false, register: registerProbe });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

test('a second send, and two sends at once, each get a fresh token the server accepts', async () => {
  const source = createFormTokenSource(() => fetchToken('de', base));
  source.start();
  const session = await browserSession(ctx.app);
  let client = 0;
  const send = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/de/api/probe/', headers: session.headers, payload: { email: 'a@example.org', form_token: token }, remoteAddress: `203.0.113.${++client}` });

  const first = await source.ready();
  expect((await send(first)).statusCode).toBe(202);
  // The same form sent again: a new token, accepted; the first one is refused by the server.
  const second = await source.ready();
  expect(second).not.toBe(first);
  expect((await send(second)).statusCode).toBe(202);
  expect((await send(first)).statusCode).toBe(403);
  // Two uploads at once never share a token.
  const [a, b] = await Promise.all([source.ready(), source.ready()]);
  expect(new Set([a, b, first, second]).size).toBe(4);
  expect((await send(a)).statusCode).toBe(202);
  expect((await send(b)).statusCode).toBe(202);
});

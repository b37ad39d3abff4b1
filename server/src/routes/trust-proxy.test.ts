/**
 * Which address a request comes from (TRUST_PROXY, config.ts; ADR 029), over real TCP: a listening server, clients
 * bound to different loopback addresses (127.0.0.1 a visitor, 127.0.0.2 the proxy) and forged X-Forwarded-For
 * headers. The rule: the client is the right-most X-Forwarded-For entry not added by a trusted proxy.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';
import { browserSession } from '../test/browser-session';
import { describeEachDialect } from '../test/dialects';
import { probeLimit, registerProbe } from '../test/probe-route';
import { createTestContext, type TestContext } from '../test/test-context';

const visitor = '127.0.0.1';
const proxy = '127.0.0.2';

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request over TCP from `from` (a local address). */
function send(port: number, from: string, { method = 'GET', path = '/de/api/whoami/', headers = {}, body }: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, localAddress: from, method, path, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describeEachDialect('the client address behind a proxy', (dialect) => {
  const contexts: TestContext[] = [];
  afterAll(() => Promise.all(contexts.map((ctx) => ctx.close())));

  /** A listening server with the given TRUST_PROXY, a route answering the client address, and the probe write. */
  async function server(trustProxy: Config['trustProxy']) {
    const ctx = await createTestContext(dialect, {
      seed: false,
      config: trustProxy === undefined ? {} : { trustProxy },
      register: (app, db) => {
        registerProbe(app, db);
        app.get('/:locale/api/whoami/', async (request) => ({ ip: request.ip }));
      },
    });
    contexts.push(ctx);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const ipSeen = async (from: string, forwardedFor?: string) =>
      JSON.parse((await send(port, from, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })).body).ip as string;
    return { ctx, port, ipSeen };
  }

  it('without TRUST_PROXY takes the connection: a forged X-Forwarded-For changes nothing', async () => {
    const { ipSeen } = await server(undefined);
    expect(await ipSeen(visitor)).toBe(visitor);
    expect(await ipSeen(visitor, '203.0.113.9')).toBe(visitor);
    expect(await ipSeen(proxy, '203.0.113.9, 198.51.100.7')).toBe(proxy);
  });

  it('with a proxy list, a client connecting directly cannot change its address by sending X-Forwarded-For', async () => {
    const { ipSeen } = await server([proxy, '10.0.0.0/8']);
    expect(await ipSeen(visitor, '203.0.113.9')).toBe(visitor);
    expect(await ipSeen(visitor, `203.0.113.9, ${proxy}`)).toBe(visitor);
  });

  it('through a listed proxy, the client is the right-most entry that is not a trusted proxy', async () => {
    const { ipSeen } = await server([proxy, '10.0.0.0/8']);
    expect(await ipSeen(proxy, '198.51.100.7')).toBe('198.51.100.7');
    // Entries left of the one the proxy added are the visitor's word: ignored.
    expect(await ipSeen(proxy, '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    // A chain of trusted proxies (10.1.2.3 forwarded to 127.0.0.2) is walked past.
    expect(await ipSeen(proxy, '6.6.6.6, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
    // Without the header, the proxy itself is the client.
    expect(await ipSeen(proxy)).toBe(proxy);
  });

  it('with a hop count trusts whoever connects: a directly reachable server is spoofable (why ADR 029 requires proxy-only reachability)', async () => {
    const { ipSeen } = await server(1);
    expect(await ipSeen(proxy, '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen(visitor, '6.6.6.6')).toBe('6.6.6.6');
  });

  it('with a proxy list, rotating X-Forwarded-For from one directly connecting client does not escape the rate limit', async () => {
    const { ctx, port } = await server([proxy]);
    const session = await browserSession(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < probeLimit.limit + 3; i++) {
      const body = JSON.stringify({ email: `r${i}@example.org`, form_token: await session.formToken() });
      const answer = await send(port, visitor, { method: 'POST', path: '/de/api/probe/', headers: { ...session.headers, 'x-forwarded-for': `192.0.2.${i + 1}` }, body });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(probeLimit.limit).fill(202), 429, 429, 429]);
    // Through the proxy, different visitors are counted apart.
    const viaProxy = JSON.stringify({ email: 'p@example.org', form_token: await session.formToken() });
    expect((await send(port, proxy, { method: 'POST', path: '/de/api/probe/', headers: { ...session.headers, 'x-forwarded-for': '198.51.100.20' }, body: viaProxy })).status).toBe(202);
  });
});

/**
 * Which address a request comes from (TRUST_PROXY, config.ts; ADR 029), over real TCP: a listening server, clients
 * bound to different loopback addresses (127.0.0.1 a visitor, 127.0.0.2 the proxy) and forged X-Forwarded-For
 * headers. The rule: the client is the right-most X-Forwarded-For entry not added by a trusted proxy.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';
import { browserSession, type BrowserSession } from '../test/browser-session';
import { signNetlifyProxy } from '../test/netlify-notifications';
import { describeEachDialect } from '../test/dialects';
import { probeLimit, registerProbe } from '../test/probe-route';
import { createTestContext, type TestContext } from '../test/test-context';

const visitor = '127.0.0.1';
/** The rate-limit tests send a few dozen requests over real TCP, each with a fresh form token: slow on a busy machine. */
const slowTcpTest = 120_000;
const proxy = '127.0.0.2';

// Every test starts a listening server on a database of its own (each needs another TRUST_PROXY), which on
// PostgreSQL on a busy machine has taken past Jest's 60 s before the first request.
jest.setTimeout(120_000);

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

/** The probe write's statuses when one client connecting directly sends it past its limit, with a new X-Forwarded-For each time. */
async function rotateForwardedFor(port: number, session: BrowserSession): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < probeLimit.limit + 3; i++) {
    const body = JSON.stringify({ email: `r${i}@example.org`, form_token: await session.formToken() });
    const answer = await send(port, visitor, { method: 'POST', path: '/de/api/probe/', headers: { ...session.headers, 'x-forwarded-for': `192.0.2.${i + 1}` }, body });
    statuses.push(answer.status);
  }
  return statuses;
}

describeEachDialect('the client address behind a proxy', (dialect) => {
  const contexts: TestContext[] = [];
  afterAll(() => Promise.all(contexts.map((ctx) => ctx.close())));

  /**
   * A listening server with the given TRUST_PROXY (and proxy signature secret), a route answering the client
   * address, protocol and host, and the probe write.
   */
  async function server(trustProxy: Config['trustProxy'], proxySignatureSecret?: string) {
    const ctx = await createTestContext(dialect, {
      seed: false,
      config: { ...(trustProxy === undefined ? {} : { trustProxy }), ...(proxySignatureSecret ? { proxySignatureSecret } : {}) },
      register: (app, db) => {
        registerProbe(app, db);
        app.get('/:locale/api/whoami/', async (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
      },
    });
    contexts.push(ctx);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const whoami = async (from: string, headers: Record<string, string> = {}) =>
      JSON.parse((await send(port, from, { headers })).body) as { ip: string; protocol: string; host: string };
    const ipSeen = async (from: string, forwardedFor?: string) => (await whoami(from, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {})).ip;
    return { ctx, port, ipSeen, whoami };
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

  it('with a hop count alone trusts whoever connects: a directly reachable server is spoofable (why the configuration refuses it without a signature secret)', async () => {
    const { ipSeen } = await server(1);
    expect(await ipSeen(proxy, '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen(visitor, '6.6.6.6')).toBe('6.6.6.6');
  });

  describe('with a hop count and Netlify signing its proxy rules (PROXY_SIGNATURE_SECRET)', () => {
    const secret = 'proxy-signature-secret-of-32-chars!';
    const forged = { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

    it('believes the forwarded headers of a request Netlify signed', async () => {
      const { whoami } = await server(1, secret);
      const seen = await whoami(proxy, { 'x-forwarded-for': '6.6.6.6, 198.51.100.7', 'x-forwarded-proto': 'https', 'x-nf-sign': signNetlifyProxy(secret) });
      expect(seen).toMatchObject({ ip: '198.51.100.7', protocol: 'https' });
      // Netlify's CDN names the visitor in X-Nf-Client-Connection-Ip: on a signed request that address counts.
      const named = await whoami(proxy, { 'x-forwarded-for': '6.6.6.6, 10.9.8.7', 'x-nf-client-connection-ip': '198.51.100.9', 'x-nf-sign': signNetlifyProxy(secret) });
      expect(named.ip).toBe('198.51.100.9');
    });

    it('ignores them from a client that connects directly, with no, a forged, an expired or a foreign signature', async () => {
      const { whoami, port } = await server(1, secret);
      const now = Date.now();
      const iat = Math.floor(now / 1000);
      const refused: Record<string, string | undefined> = {
        'no signature': undefined,
        'not a JWS': 'garbage',
        'another secret': signNetlifyProxy('another-secret-another-secret-123'),
        'expired ten minutes ago': signNetlifyProxy(secret, { at: now - 15 * 60_000 }),
        'no expiry': signNetlifyProxy(secret, { claims: { iss: 'netlify', iat } }),
        'not issued by Netlify': signNetlifyProxy(secret, { claims: { iss: 'someone', iat, exp: iat + 300 } }),
        'alg none': signNetlifyProxy(secret, { header: { alg: 'none', typ: 'JWT' } }),
      };
      for (const [name, signature] of Object.entries(refused)) {
        const seen = await whoami(visitor, { ...forged, 'x-nf-client-connection-ip': '6.6.6.7', ...(signature ? { 'x-nf-sign': signature } : {}) });
        expect({ name, ...seen }).toEqual({ name, ip: visitor, protocol: 'http', host: `127.0.0.1:${port}` });
      }
    });

    it('rotating X-Forwarded-For without a signature does not escape the rate limit; signed, visitors are counted apart', async () => {
      const { ctx, port } = await server(1, secret);
      const session = await browserSession(ctx.app);
      expect(await rotateForwardedFor(port, session)).toEqual([...Array(probeLimit.limit).fill(202), 429, 429, 429]);
      const viaNetlify = JSON.stringify({ email: 'n@example.org', form_token: await session.formToken() });
      const headers = { ...session.headers, 'x-forwarded-for': '198.51.100.21', 'x-nf-sign': signNetlifyProxy(secret) };
      expect((await send(port, visitor, { method: 'POST', path: '/de/api/probe/', headers, body: viaNetlify })).status).toBe(202);
    }, slowTcpTest);
  });

  it('with a proxy list, rotating X-Forwarded-For from one directly connecting client does not escape the rate limit', async () => {
    const { ctx, port } = await server([proxy]);
    const session = await browserSession(ctx.app);
    expect(await rotateForwardedFor(port, session)).toEqual([...Array(probeLimit.limit).fill(202), 429, 429, 429]);
    // Through the proxy, different visitors are counted apart.
    const viaProxy = JSON.stringify({ email: 'p@example.org', form_token: await session.formToken() });
    expect((await send(port, proxy, { method: 'POST', path: '/de/api/probe/', headers: { ...session.headers, 'x-forwarded-for': '198.51.100.20' }, body: viaProxy })).status).toBe(202);
  }, slowTcpTest);
});

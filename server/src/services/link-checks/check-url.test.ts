/**
 * The outside-link checker's address rule and one check (ADR 086): loopback, private, link-local, CGNAT, multicast and
 * unspecified addresses are refused in every spelling (IPv6 forms, IPv4 inside IPv6, decimal and hex literals, a
 * name resolving to 127.0.0.1) unless allowed; a check of the test's own server (allowed) reports its status, falls
 * back from HEAD to GET on 405, follows redirects only up to the limit, and gives up at its timeout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress, resolveCheckedAddress } from './address-rule';
import { checkUrl } from './check-url';

describe('the address rule', () => {
  it.each([
    '127.0.0.1',
    '127.5.6.7',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::127.0.0.1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'localhost',
    '',
    '<script>',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses a name that resolves to loopback, unless allowed', async () => {
    await expect(resolveCheckedAddress('localhost', false)).rejects.toMatchObject({ code: 'address' });
    await expect(resolveCheckedAddress('localhost', true)).resolves.toMatchObject({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    await expect(resolveCheckedAddress('name-that-does-not-exist.invalid', false)).rejects.toMatchObject({ code: 'dns' });
  });

  it.each(['http://2130706433/', 'http://0x7f000001/', 'http://0x7f.0.0.1/', 'http://017700000001/', 'http://127.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://[fe80::1]/', 'http://localhost/', 'http://10.0.0.1/'])(
    'never connects to %s',
    async (url) => {
      expect(await checkUrl(url, { allowPrivate: false, timeoutMs: 2000 })).toEqual({ status: null, error: 'address' });
    },
  );
});

describe('one check against the test server', () => {
  const seen: { method: string; url: string; cookie?: string; agent?: string }[] = [];
  let base: string;
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method!, url: request.url!, cookie: request.headers.cookie, agent: request.headers['user-agent'] });
    if (request.url === '/silent') return; // never answers
    if (request.url === '/no-head' && request.method === 'HEAD') return void response.writeHead(405).end();
    if (request.url === '/no-head') return void response.writeHead(200).end('ok');
    if (request.url?.startsWith('/loop')) return void response.writeHead(302, { location: `/loop${Number(request.url.slice(5) || 0) + 1}` }).end();
    if (request.url === '/moved') return void response.writeHead(301, { location: '/gone' }).end();
    if (request.url === '/gone') return void response.writeHead(404, { 'set-cookie': 'a=b' }).end();
    if (request.url === '/to-file') return void response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    response.writeHead(200).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const allowed = { allowPrivate: true, timeoutMs: 3000 };

  it('is refused for the loopback server unless allowed', async () => {
    const before = seen.length;
    expect(await checkUrl(`${base}/gone`, { allowPrivate: false, timeoutMs: 2000 })).toEqual({ status: null, error: 'address' });
    expect(seen.length).toBe(before);
  });

  it('follows a redirect and reports the last status, with HEAD, a clear User-Agent and no cookies', async () => {
    seen.length = 0;
    expect(await checkUrl(`${base}/moved`, allowed)).toEqual({ status: 404, error: null });
    expect(seen.map((entry) => `${entry.method} ${entry.url}`)).toEqual(['HEAD /moved', 'HEAD /gone']);
    expect(seen.every((entry) => entry.cookie === undefined && /KonzertfreundeLinkCheck/.test(entry.agent ?? ''))).toBe(true);
  });

  it('asks with GET when HEAD is refused', async () => {
    seen.length = 0;
    expect(await checkUrl(`${base}/no-head`, allowed)).toEqual({ status: 200, error: null });
    expect(seen.map((entry) => entry.method)).toEqual(['HEAD', 'GET']);
  });

  it('stops after the redirect limit and refuses a redirect to another scheme', async () => {
    seen.length = 0;
    expect(await checkUrl(`${base}/loop`, { ...allowed, maxRedirects: 3 })).toEqual({ status: 302, error: 'redirects' });
    expect(seen).toHaveLength(4);
    expect(await checkUrl(`${base}/to-file`, allowed)).toEqual({ status: null, error: 'scheme' });
  });

  it('gives up at its timeout when the server never answers', async () => {
    const started = Date.now();
    expect(await checkUrl(`${base}/silent`, { allowPrivate: true, timeoutMs: 300 })).toEqual({ status: null, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

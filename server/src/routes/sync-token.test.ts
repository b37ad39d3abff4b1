/**
 * The changes feed answers only the build (ADR 024): `Authorization: Bearer <build token>`. Everyone else gets a
 * 401 that carries nothing of the feed, whatever they send, over `inject` and over real HTTP (where Node's own
 * parser sees hostile header bytes first).
 */
import { promises as fs } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { SyncResponse } from '../../../contract/schemas/sync';
import { buildTokenFile } from '../services/build-token';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, type TestContext } from '../test/test-context';

/** A draft in the seed: offline, with a section of its own. Its path must never reach a visitor. */
const draftPath = '/de/saison-2028-entwurf';

/** Sends raw bytes as one request and resolves with the status line's code (0 when the socket just closed). */
function rawRequest(port: number, request: string | Buffer) {
  return new Promise<number>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)) : reject(error)));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    // Not end(): a half-closed socket may be dropped before a slow answer; `Connection: close` ends it instead.
    socket.write(request);
  });
}

describeEachDialect('changes feed GET /api/sync asks for the build token', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  const sync = (headers: Record<string, string> = {}, query = '') => ctx.app.inject({ method: 'GET', url: `/api/sync${query}`, headers });
  const expectRefused = (response: Awaited<ReturnType<typeof sync>>) => {
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(json(response)).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'The changes feed is for the site build only: send its build token.',
    });
    expect(response.body).not.toContain(draftPath);
    expect(response.body).not.toContain(ctx.buildToken);
  };

  it('answers the build with its token: 200 and the whole feed, drafts included, never cached', async () => {
    const response = await sync({ authorization: `Bearer ${ctx.buildToken}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const feed = json<SyncResponse>(response);
    expect(feed.full).toBe(true);
    expect(feed.nodes.some((node) => node.type === 'page' && node.data.path === draftPath)).toBe(true);
    // The scheme is case-insensitive (RFC 9110), extra spaces around the token are tolerated.
    expect((await sync({ authorization: `bearer  ${ctx.buildToken} ` })).statusCode).toBe(200);
  });

  it('refuses a request without a token, before reading the query', async () => {
    expectRefused(await sync());
    expectRefused(await sync({}, `?since=${encodeURIComponent('not a cursor')}`));
    expectRefused(await sync({}, '?since=0:0'));
  });

  it('refuses a wrong token of the same length', async () => {
    const wrong = [...ctx.buildToken].map((c) => (c === 'a' ? 'b' : 'a')).join('');
    expect(wrong).toHaveLength(ctx.buildToken.length);
    expectRefused(await sync({ authorization: `Bearer ${wrong}` }));
    // One character off, at the end.
    expectRefused(await sync({ authorization: `Bearer ${ctx.buildToken.slice(0, -1)}${ctx.buildToken.endsWith('0') ? '1' : '0'}` }));
  });

  it('refuses tokens of another length: a prefix, the token with more after it, an empty one', async () => {
    for (const token of [ctx.buildToken.slice(0, 32), ctx.buildToken.slice(0, -1), `${ctx.buildToken}0`, `${ctx.buildToken}${ctx.buildToken}`, '']) {
      expectRefused(await sync({ authorization: `Bearer ${token}` }));
    }
  });

  it('refuses the token in any other form: another scheme, no scheme, in the query', async () => {
    for (const authorization of [ctx.buildToken, `Basic ${ctx.buildToken}`, `Token ${ctx.buildToken}`, `Bearer ${ctx.buildToken} extra`, 'Bearer']) {
      expectRefused(await sync({ authorization }));
    }
    expectRefused(await sync({}, `?token=${ctx.buildToken}`));
  });

  it('answers hostile header values with 401, never 5xx: control characters, non-ASCII, a huge value', async () => {
    for (const authorization of [
      `Bearer ${ctx.buildToken}\u0000`,
      `Bearer \u0001\u0002\u001b[31m${ctx.buildToken}`,
      `Bearer ${'ä'.repeat(40)}`,
      `Bearer ${'\ud83c\udfbb'.repeat(20)}`,
      `Bearer ${'x'.repeat(1_000_000)}`,
      `Bearer ${' '.repeat(100_000)}x`,
    ]) {
      expectRefused(await sync({ authorization }));
    }
  });

  describe('over real HTTP', () => {
    let port: number;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
    });

    const get = (authorization: string | Buffer) =>
      rawRequest(port, Buffer.concat([Buffer.from('GET /api/sync HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: '), Buffer.from(authorization), Buffer.from('\r\nConnection: close\r\n\r\n')]));

    it('answers the right token with 200 and anything hostile with a 4xx', async () => {
      expect(await get(`Bearer ${ctx.buildToken}`)).toBe(200);
      for (const hostile of [
        Buffer.from(`Bearer ${ctx.buildToken}\u0000`),
        Buffer.from(`Bearer \u0001${ctx.buildToken}`),
        Buffer.from([0x42, 0x65, 0x61, 0x72, 0x65, 0x72, 0x20, 0xff, 0xfe, 0x80]),
        `Bearer ${'x'.repeat(100_000)}`,
      ]) {
        const status = await get(hostile);
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }
    });
  });
});

describeEachDialect('build token from the configuration', (dialect) => {
  let ctx: TestContext;
  const configured = `Kf-${'0123456789abcdef'.repeat(3)}`;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { config: { buildToken: configured } });
  });
  afterAll(() => ctx?.close());

  it('uses BUILD_TOKEN as given and generates none', async () => {
    expect(ctx.buildToken).toBe(configured);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sync', headers: { authorization: `Bearer ${configured}` } });
    expect(response.statusCode).toBe(200);
    await expect(fs.access(path.join(ctx.dataDir, buildTokenFile))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

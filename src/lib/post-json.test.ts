/**
 * postJson against the real content server (listening on loopback), with a small stand-in for what the browser
 * adds: a cookie jar behind `document.cookie` and the Origin header.
 */
import type { AddressInfo } from 'node:net';
import { registerProbe } from '../../server/src/test/probe-route';
import { createTestContext, type TestContext } from '../../server/src/test/test-context';
import { fieldError, postJson, readCookie } from './post-json';

let ctx: TestContext;
let base: string;
const jar = new Map<string, string>();
const seen: string[] = [];
const nodeFetch = globalThis.fetch;

beforeAll(async () => {
  ctx = await createTestContext('sqlite', { seed: false, register: registerProbe });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  Object.defineProperty(globalThis, 'document', {
    configurable: true,
    value: { get cookie() { return [...jar].map(([name, value]) => `${name}=${value}`).join('; '); } },
  });
  globalThis.fetch = async (input, init = {}) => {
    const url = String(input);
    seen.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', document.cookie);
    if (init.method === 'POST') headers.set('origin', base);
    const response = await nodeFetch(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  };
});
afterAll(async () => {
  globalThis.fetch = nodeFetch;
  Reflect.deleteProperty(globalThis, 'document');
  await ctx.close();
});
beforeEach(() => {
  seen.length = 0;
});

const formToken = async () => ((await (await fetch(`${base}/de/api/form-token/`)).json()) as { token: string }).token;

describe('postJson', () => {
  it('fetches the CSRF cookie when it is missing, sends it as X-CSRFToken and resolves with the data', async () => {
    jar.clear();
    const result = await postJson<{ status: string }>(`${base}/de/api/probe/`, { email: 'a@example.org', form_token: await formToken() });
    expect(result).toEqual({ ok: true, status: 202, data: { status: 'received' } });
    expect(seen.slice(1)).toEqual(['POST /de/api/probe/']);
    expect(readCookie('csrftoken')).toMatch(/\./);
    expect(await ctx.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(1);
  });

  it('resolves with the server error for a 4xx, naming the field', async () => {
    const result = await postJson(`${base}/de/api/probe/`, { email: 'a@example.org', nickname: 'x' });
    expect(result).toMatchObject({ ok: false, status: 400, data: { field: 'body.nickname', message: 'body.nickname is not a known field' } });
    expect(fieldError(result, 'nickname')).toBe('body.nickname is not a known field');
    expect(fieldError(result, 'email')).toBeUndefined();
  });

  it('renews a stale CSRF cookie once and sends again', async () => {
    const token = await formToken();
    jar.set('csrftoken', 'signed.elsewhere');
    seen.length = 0;
    const result = await postJson(`${base}/en/api/probe/`, { email: 'b@example.org', form_token: token });
    expect(result.ok).toBe(true);
    expect(seen).toEqual(['POST /en/api/probe/', 'GET /en/api/csrf/', 'POST /en/api/probe/']);
  });

  it('resolves a 429 with its message rather than throwing', async () => {
    let last;
    for (let i = 0; i < 5; i++) last = await postJson(`${base}/de/api/probe/`, { email: `c${i}@example.org` });
    expect(last).toMatchObject({ ok: false, status: 429, data: { message: expect.stringMatching(/^Too many requests/) } });
  });

  it('resolves with status 0 when the server cannot be reached, and rejects only when aborted', async () => {
    const unreachable = await postJson('http://127.0.0.1:9/de/api/probe/', {});
    expect(unreachable).toMatchObject({ ok: false, status: 0 });
    const controller = new AbortController();
    controller.abort();
    await expect(postJson(`${base}/de/api/probe/`, {}, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

/**
 * postJson and sendJson against the real content server (listening on loopback), with a small stand-in for what
 * the browser adds: a cookie jar behind `document.cookie` and the Origin header.
 */
import type { AddressInfo } from 'node:net';
import { Type } from '@sinclair/typebox';
import type { App } from '../../server/src/app';
import type { Db } from '../../server/src/db/database';
import { ErrorSchema, LocaleSchema } from '../../contract/schemas/content';
import { registerProbe } from '../../server/src/test/probe-route';
import { createTestContext, type TestContext } from '../../server/src/test/test-context';
import { randomUUID } from 'node:crypto';
import { dataOf, fetchPage, getJson, postJson, readCookie, sendJson } from './api-client';
import { fieldError } from './refusal-errors';

let ctx: TestContext;
let base: string;
const jar = new Map<string, string>();
const seen: string[] = [];
/** What each request was sent with, as the helper built it (before the stand-in adds cookie and Origin). */
const sent: RequestInit[] = [];
const nodeFetch = globalThis.fetch;
/** What the test-only DELETE route was asked to delete. */
const deleted: { id: number; version: number }[] = [];

/** A test-only DELETE shaped like the editor's module delete: CSRF-protected, the version in the query. */
function registerProbes(app: App, db: Db) {
  registerProbe(app, db);
  app.delete(
    '/:locale/api/probe/:id/',
    {
      config: { csrf: true },
      schema: {
        params: Type.Object({ locale: LocaleSchema, id: Type.Integer() }),
        querystring: Type.Object({ version: Type.Integer() }, { additionalProperties: false }),
        response: { 200: Type.Object({ deleted: Type.Integer() }), '4xx': ErrorSchema },
      },
    },
    async (request) => {
      deleted.push({ id: request.params.id, version: request.query.version });
      return { deleted: request.params.id };
    },
  );
}

beforeAll(async () => {
  ctx = await createTestContext('sqlite', { seed: false, register: registerProbes });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  Object.defineProperty(globalThis, 'document', {
    configurable: true,
    value: { get cookie() { return [...jar].map(([name, value]) => `${name}=${value}`).join('; '); } },
  });
  globalThis.fetch = async (input, init = {}) => {
    const url = String(input);
    seen.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    sent.push(init);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', document.cookie);
    // A browser sends Origin with every request that is not a GET or HEAD.
    if (init.method && init.method !== 'GET' && init.method !== 'HEAD') headers.set('origin', base);
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
  sent.length = 0;
  deleted.length = 0;
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

describe('sendJson', () => {
  const headersOf = (init: RequestInit) => new Headers(init.headers);

  it('sends a DELETE without a body, with credentials and the CSRF cookie as X-CSRFToken', async () => {
    jar.clear();
    const result = await sendJson<{ deleted: number }>('DELETE', `${base}/de/api/probe/7/?version=3`);
    expect(result).toEqual({ ok: true, status: 200, data: { deleted: 7 } });
    expect(seen).toEqual(['GET /de/api/csrf/', 'DELETE /de/api/probe/7/']);
    const init = sent[1];
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(headersOf(init).get('content-type')).toBeNull();
    expect(headersOf(init).get('x-csrftoken')).toBe(readCookie('csrftoken'));
    expect(deleted).toEqual([{ id: 7, version: 3 }]);
  });

  it('is refused by the same route without the header, so the header above is what let it through', async () => {
    const response = await fetch(`${base}/de/api/probe/8/?version=1`, { method: 'DELETE' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: 'CSRF check failed', field: 'headers.x-csrftoken' });
    expect(deleted).toEqual([]);
  });

  it('renews a stale CSRF cookie once and sends the DELETE again', async () => {
    jar.set('csrftoken', 'signed.elsewhere');
    const result = await sendJson('DELETE', `${base}/en/api/probe/9/?version=2`);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(seen).toEqual(['DELETE /en/api/probe/9/', 'GET /en/api/csrf/', 'DELETE /en/api/probe/9/']);
    expect(headersOf(sent[0]).get('x-csrftoken')).toBe('signed.elsewhere');
    expect(headersOf(sent[2]).get('x-csrftoken')).toBe(readCookie('csrftoken'));
    expect(readCookie('csrftoken')).not.toBe('signed.elsewhere');
    expect(deleted).toEqual([{ id: 9, version: 2 }]);
  });

  it('resolves a refused DELETE with the server error (the request is not renewed for other 4xx)', async () => {
    const result = await sendJson('DELETE', `${base}/de/api/probe/10/?version=x`);
    expect(result).toMatchObject({ ok: false, status: 400, data: { field: expect.stringMatching(/version/) } });
    expect(seen).toEqual(['DELETE /de/api/probe/10/']);
    expect(deleted).toEqual([]);
  });

  it('sends other methods with a JSON body and its content type', async () => {
    const result = await sendJson('PUT', `${base}/de/api/probe/11/`, { a: 1 });
    // No PUT route: what matters is what went out.
    expect(result).toMatchObject({ ok: false, status: 404 });
    expect(sent[0]).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"a":1}' });
    expect(headersOf(sent[0]).get('content-type')).toBe('application/json');
    expect(headersOf(sent[0]).get('x-csrftoken')).toBe(readCookie('csrftoken'));
  });
});

describe('the calls without a CSRF token', () => {
  it('sends the consent log without cookies or token, and it is taken', async () => {
    const body = { consent_id: randomUUID(), categories: ['required'], revision: 1, action: 'first' };
    const result = await postJson(`${base}/de/api/consent/`, body, { csrf: false, keepalive: true });
    expect(result).toMatchObject({ ok: true, status: 201 });
    expect(seen).toEqual(['POST /de/api/consent/']);
    expect(sent[0]).toMatchObject({ credentials: 'omit', keepalive: true });
    expect(new Headers(sent[0].headers).get('x-csrftoken')).toBeNull();
  });

  it('reads with getJson in the same answer shape, and dataOf and fetchPage reject what is not data', async () => {
    const token = await getJson<{ token: string }>(`${base}/de/api/form-token/`, { cache: 'no-store' });
    expect(token).toMatchObject({ ok: true, status: 200, data: { token: expect.any(String) } });
    expect(sent.at(-1)).toMatchObject({ method: 'GET', cache: 'no-store' });
    const missing = await getJson(`${base}/de/api/forms/no-such-form/`);
    expect(missing).toMatchObject({ ok: false, status: 404 });
    expect(() => dataOf('/de/api/forms/no-such-form/', missing)).toThrow('/de/api/forms/no-such-form/ answered 404');
    await expect(fetchPage(`${base}/de/api/form-token/`)).rejects.toThrow('did not answer with a page of results');
    const page = await fetchPage(`${base}/de/api/events/`);
    expect(page).toMatchObject({ count: expect.any(Number), results: expect.any(Array) });
  });
});

/**
 * The editor's module delete and version list go through the site's write helper: the CSRF header, and a stale
 * cookie renewed and the call sent again, as for every save (the helper itself is tested against the real server
 * in src/lib/api-client.test.ts).
 */
import { createApi } from './api';

const nodeFetch = globalThis.fetch;
let cookie = '';
const calls: { method: string; url: string; token: string | null; credentials?: RequestCredentials }[] = [];

beforeEach(() => {
  calls.length = 0;
});
beforeAll(() => {
  Object.defineProperty(globalThis, 'document', { configurable: true, value: { get cookie() { return cookie; } } });
});
afterAll(() => {
  globalThis.fetch = nodeFetch;
  Reflect.deleteProperty(globalThis, 'document');
});

it('deletes a module with DELETE, credentials and the CSRF header, renewing a stale token once', async () => {
  cookie = 'csrftoken=stale.token';
  globalThis.fetch = async (input, init = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url: String(input), token: new Headers(init.headers).get('x-csrftoken'), credentials: init.credentials });
    if (method === 'GET') {
      cookie = 'csrftoken=fresh.token';
      return new Response(null, { status: 204 });
    }
    if (new Headers(init.headers).get('x-csrftoken') === 'stale.token') {
      return Response.json({ statusCode: 403, message: 'CSRF check failed', field: 'cookies.csrftoken' }, { status: 403 });
    }
    return Response.json({ id: 4, version: 6 }, { status: 200 });
  };
  const result = await createApi('en').deleteModule(4, 12, 5);
  expect(result).toEqual({ ok: true, status: 200, data: { id: 4, version: 6 } });
  expect(calls).toEqual([
    { method: 'DELETE', url: '/en/pageeditor-api/container/4/modules/12/?version=5', token: 'stale.token', credentials: 'include' },
    { method: 'GET', url: '/en/api/csrf/', token: null, credentials: 'include' },
    { method: 'DELETE', url: '/en/pageeditor-api/container/4/modules/12/?version=5', token: 'fresh.token', credentials: 'include' },
  ]);
});

it('reads the page versions with the CSRF header, which the server requires on that GET too', async () => {
  cookie = 'csrftoken=fresh.token';
  globalThis.fetch = async (input, init = {}) => {
    const token = new Headers(init.headers).get('x-csrftoken');
    calls.push({ method: init.method ?? 'GET', url: String(input), token, credentials: init.credentials });
    return token ? Response.json([{ id: 3, created_at: '2026-11-23T10:00:00.000Z', created_by: 1, created_by_name: 'redaktion' }]) : Response.json({ message: 'CSRF check failed' }, { status: 403 });
  };
  const result = await createApi('de').versions({ type: 'page', id: 11 });
  expect(result).toMatchObject({ ok: true, status: 200, data: [{ id: 3 }] });
  expect(calls).toEqual([{ method: 'GET', url: '/de/pageeditor-api/page/11/versions/', token: 'fresh.token', credentials: 'include' }]);
});

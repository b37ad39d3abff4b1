/**
 * The one way the browser calls the content server, for visitors and staff alike (ADR 046): reads, writes, uploads.
 * Same origin, credentials included; a write copies the CSRF token from the `csrftoken` cookie into `X-CSRFToken`
 * (fetching `/{locale}/api/csrf/` first when the cookie is missing, and once more when the server calls it stale).
 * Every call resolves with a `PostResult` for every answer the server gives, 4xx and 5xx included, and with status 0
 * when none came, so a form can show the message beside its field; only an aborted request rejects. A caller that
 * has nothing to show but "not loaded" turns a failure into a rejection with `dataOf`.
 *
 * Visitors load this file (forms, lists, search): it stays small and holds nothing only staff need; what staff
 * add (a 401 brings the login back) wraps it in src/staff/staff-api.ts.
 */
import { networkErrorStatus, noAnswer, parseAnswer, type PostResult, type RawAnswer } from './api-read';

export { dataOf, fetchPage, getJson, networkErrorStatus, noAnswer, parseAnswer } from './api-read';
export type { ApiError, PostResult, RawAnswer, ReadOptions } from './api-read';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** The answer a write gets when it could not be sent at all (the network or the server is down). */
export const unreachable: PostResult<never> = { ok: false, status: networkErrorStatus, data: { message: 'The server cannot be reached.' } };

export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** `/en/api/…` → `en`; the CSRF call lives under the same language prefix. */
const localeOf = (url: string) => /^(?:https?:\/\/[^/]+)?\/(de|en)\//.exec(url)?.[1] ?? 'de';

async function csrfToken(url: string, renew: boolean): Promise<string | undefined> {
  const present = readCookie(CSRF_COOKIE);
  if (present && !renew) return present;
  const prefix = /^https?:\/\/[^/]+/.exec(url)?.[0] ?? '';
  await fetch(`${prefix}/${localeOf(url)}/api/csrf/`, { credentials: 'include' });
  return readCookie(CSRF_COOKIE);
}

/** Sends the request once, with the CSRF token when there is one; rejects only when no answer came. */
export type Transport = (token: string | undefined) => Promise<RawAnswer>;

const isStaleCsrf = (result: PostResult<unknown>) =>
  !result.ok && result.status === 403 && result.data.message === 'CSRF check failed' && result.data.field?.startsWith('cookies.') === true;

/** What a caller may add to a call; the rest (credentials, accept, the CSRF header) is the helper's. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Added to ours: e.g. `X-Form-Token`, which the server reads from a multipart request's header. */
  headers?: Record<string, string>;
  /** `no-store` for a read that must never come from the cache (a form token is good for one send). */
  cache?: RequestCache;
  /** A write that must go out although the visitor leaves the page (the consent log). */
  keepalive?: boolean;
  /**
   * False for the one write the server takes without a session (the consent log, sent with no cookies): then no
   * CSRF token is fetched or sent.
   */
  csrf?: boolean;
}

/**
 * Sends through `transport` with the CSRF token when `guarded`, and once more with a fresh token when the server
 * calls the first stale. Every call of this file and the hub's uploads come through here.
 */
export async function sendVia<T>(url: string, transport: Transport, guarded: boolean): Promise<PostResult<T>> {
  try {
    let result = parseAnswer<T>(await transport(guarded ? await csrfToken(url, false) : undefined));
    // A cookie signed with an older secret (or another session's): get a fresh one and try once more.
    if (guarded && isStaleCsrf(result)) result = parseAnswer<T>(await transport(await csrfToken(url, true)));
    return result;
  } catch (error) {
    return noAnswer(error);
  }
}

function send<T>(url: string, init: (token: string | undefined) => RequestInit, guarded: boolean): Promise<PostResult<T>> {
  return sendVia<T>(
    url,
    async (token) => {
      const response = await fetch(url, init(token));
      return { status: response.status, statusText: response.statusText, text: await response.text() };
    },
    guarded,
  );
}

const requestInit = (method: string, token: string | undefined, { signal, headers = {}, cache, keepalive, csrf }: CallOptions): RequestInit => ({
  method,
  // The consent log is anonymous on purpose: it is sent without cookies.
  credentials: csrf === false ? 'omit' : 'include',
  headers: { ...headers, accept: 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}) },
  signal,
  ...(cache ? { cache } : {}),
  ...(keepalive ? { keepalive } : {}),
});

/**
 * The methods of calls the server guards with the CSRF check: the writes, and GET for the few reads guarded like
 * them (the editor's calls, ADR 013, version list included).
 */
export type GuardedMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A guarded call with a JSON body, or none when `body` is undefined (a DELETE, a GET): then no content type is sent
 * either, as the server refuses an empty body declared as JSON.
 */
export function sendJson<T>(method: GuardedMethod, url: string, body?: unknown, options: CallOptions = {}): Promise<PostResult<T>> {
  const json = body === undefined ? undefined : JSON.stringify(body);
  const headers = { ...options.headers, ...(json === undefined ? {} : { 'content-type': 'application/json' }) };
  return send<T>(url, (token) => ({ ...requestInit(method, token, { ...options, headers }), body: json }), options.csrf !== false);
}

export function postJson<T>(url: string, body: unknown, options: CallOptions = {}): Promise<PostResult<T>> {
  return sendJson<T>('POST', url, body, options);
}

/**
 * A multipart POST (file uploads); the browser sets the content type with its boundary. `headers` adds to ours:
 * the server reads a multipart request's form token from `X-Form-Token`, as it cannot read the body first.
 */
export function postMultipart<T>(url: string, formData: FormData, options: Omit<CallOptions, 'csrf'> = {}): Promise<PostResult<T>> {
  return send<T>(url, (token) => ({ ...requestInit('POST', token, options), body: formData }), true);
}

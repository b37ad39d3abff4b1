/**
 * The one way the site writes to the content server (newsletter, forms, ticket ads, uploads, the editor's saves and
 * deletes): same origin, credentials included, the CSRF token copied from the `csrftoken` cookie into `X-CSRFToken`
 * (fetching `/{locale}/api/csrf/` first when the cookie is missing, and once more when the server calls it stale).
 * Resolves for every answer the server gives, 4xx and 5xx included, so a form can show the message beside its
 * field; only an aborted request rejects.
 */

/** The server's error body (server/src/plugins/error-handler.ts): the message names the field when there is one. */
export interface ApiError {
  statusCode?: number;
  error?: string;
  /** English, for API users; staff screens show `code` as a sentence (src/staff/refusal-texts.ts). */
  message: string;
  /** Why (contract/refusal-codes.ts), on every 4xx of the content server. */
  code?: string;
  /** What the code's sentence needs: a count, a limit, seconds. */
  params?: Record<string, string | number>;
  /** Dotted path of the field at fault, e.g. `body.email`. */
  field?: string;
  /** Every offending field with its message, where a call reports several at once (a form entry: by field slug). */
  errors?: Record<string, string>;
}

export type PostResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; data: ApiError };

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** Status 0: the request never got an answer (offline, server down). */
export const networkErrorStatus = 0;
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

async function parseAnswer<T>(response: Response): Promise<PostResult<T>> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const error =
    typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string'
      ? (body as ApiError)
      : { statusCode: response.status, message: response.statusText || `HTTP ${response.status}` };
  return { ok: false, status: response.status, data: error };
}

const isStaleCsrf = (result: PostResult<unknown>) =>
  !result.ok && result.status === 403 && result.data.message === 'CSRF check failed' && result.data.field?.startsWith('cookies.') === true;

/** The answer of a request that got none (the network or the server is down); an abort is rethrown. */
function noAnswer(error: unknown): PostResult<never> {
  if ((error as Error).name === 'AbortError') throw error;
  return { ok: false, status: networkErrorStatus, data: { message: (error as Error).message || 'Network error' } };
}

async function send<T>(url: string, init: (token: string | undefined) => RequestInit): Promise<PostResult<T>> {
  try {
    let result = await parseAnswer<T>(await fetch(url, init(await csrfToken(url, false))));
    // A cookie signed with an older secret (or another session's): get a fresh one and try once more.
    if (isStaleCsrf(result)) result = await parseAnswer<T>(await fetch(url, init(await csrfToken(url, true))));
    return result;
  } catch (error) {
    return noAnswer(error);
  }
}

/** A plain read with credentials (no CSRF header), answered in the same shape as the writes. */
export async function getJson<T>(url: string, { signal }: { signal?: AbortSignal } = {}): Promise<PostResult<T>> {
  try {
    return await parseAnswer<T>(await fetch(url, { credentials: 'include', headers: { accept: 'application/json' }, signal }));
  } catch (error) {
    return noAnswer(error);
  }
}

/**
 * The methods of calls the server guards with the CSRF check: the writes, and GET for the few reads guarded like
 * them (the editor's calls, ADR 013, version list included).
 */
export type GuardedMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A guarded call with a JSON body, or none when `body` is undefined (a DELETE, a GET): then no content type is sent
 * either, as the server refuses an empty body declared as JSON.
 */
export function sendJson<T>(method: GuardedMethod, url: string, body?: unknown, { signal }: { signal?: AbortSignal } = {}): Promise<PostResult<T>> {
  const json = body === undefined ? undefined : JSON.stringify(body);
  return send<T>(url, (token) => ({
    method,
    credentials: 'include',
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      accept: 'application/json',
      ...(token ? { [CSRF_HEADER]: token } : {}),
    },
    body: json,
    signal,
  }));
}

export function postJson<T>(url: string, body: unknown, options: { signal?: AbortSignal } = {}): Promise<PostResult<T>> {
  return sendJson<T>('POST', url, body, options);
}

/**
 * A multipart POST (file uploads); the browser sets the content type with its boundary. `headers` adds to ours:
 * the server reads a multipart request's form token from `X-Form-Token`, as it cannot read the body first.
 */
export function postMultipart<T>(
  url: string,
  formData: FormData,
  { signal, headers = {} }: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<PostResult<T>> {
  return send<T>(url, (token) => ({
    method: 'POST',
    credentials: 'include',
    headers: { ...headers, accept: 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}) },
    body: formData,
    signal,
  }));
}

/**
 * The message for a form field from a failed answer: `field` is the server's path (`body.email`), `name` the
 * form's field name (`email`). Undefined when the error is about something else.
 */
export function fieldError(result: PostResult<unknown> | undefined, name: string): string | undefined {
  if (!result || result.ok) return undefined;
  // With several errors, `message` sums them up and each field's own message is in `errors`.
  const own = result.data.errors?.[name] ?? result.data.errors?.[`body.${name}`];
  if (own !== undefined) return own;
  return result.data.field === name || result.data.field === `body.${name}` ? result.data.message : undefined;
}

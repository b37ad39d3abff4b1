/**
 * The reads of the one browser client (ADR 046): a GET with credentials, answered as `PostResult` like every call,
 * and the helpers for reads that only know "not loaded". A file of its own because webpack keeps a module whole in
 * every chunk that uses any of it: a page that only reads (the programme, an event, the next concerts on the home
 * page) then carries none of the write path's CSRF code (ADR 041's script budget). api-client.ts builds the writes
 * on these and re-exports them.
 */
import type { Paged } from '../../contract/schemas/programme';

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

/** Status 0: the request never got an answer (offline, server down). */
export const networkErrorStatus = 0;

/**
 * What came back, whichever browser API sent the request: fetch, or XMLHttpRequest for an upload that reports its
 * progress (src/hub/media/media-api.ts).
 */
export interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
}

export function parseAnswer<T>({ status, statusText, text }: RawAnswer): PostResult<T> {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (status >= 200 && status < 300) return { ok: true, status, data: body as T };
  const error =
    typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string'
      ? (body as ApiError)
      : { statusCode: status, message: statusText || `HTTP ${status}` };
  return { ok: false, status, data: error };
}

/** The answer of a request that got none (the network or the server is down); an abort is rethrown. */
export function noAnswer(error: unknown): PostResult<never> {
  if ((error as Error).name === 'AbortError') throw error;
  return { ok: false, status: networkErrorStatus, data: { message: (error as Error).message || 'Network error' } };
}

/** What a read may add: an abort signal, headers beside ours, a cache mode (`no-store` for a one-time token). */
export interface ReadOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  cache?: RequestCache;
}

/**
 * A plain read with credentials (no CSRF header), answered in the same shape as the writes. It calls `fetch` itself
 * rather than going through `send`: a page that only reads (the programme, an event, the next concerts on the home
 * page) then carries none of the CSRF code in its script (ADR 041's budget).
 */
export async function getJson<T>(url: string, { signal, headers = {}, cache }: ReadOptions = {}): Promise<PostResult<T>> {
  try {
    const response = await fetch(url, { method: 'GET', credentials: 'include', headers: { ...headers, accept: 'application/json' }, signal, ...(cache ? { cache } : {}) });
    return parseAnswer<T>({ status: response.status, statusText: response.statusText, text: await response.text() });
  } catch (error) {
    return noAnswer(error);
  }
}

/**
 * The data of a successful answer, else a rejection naming the call and its status: for reads whose only failure
 * state is "not loaded" (lists, search), which catch it in one place.
 */
export function dataOf<T>(url: string, result: PostResult<T>): T {
  if (!result.ok) throw new Error(`${url} answered ${result.status}: ${result.data.message}`);
  return result.data;
}

const isPaged = (body: unknown): body is Paged<unknown> =>
  typeof body === 'object' && body !== null && Array.isArray((body as Paged<unknown>).results) && typeof (body as Paged<unknown>).count === 'number';

/**
 * A page of `{count, next, previous, results}` (ADR 006); rejects on a network error, a status other than 2xx or a
 * body that is not a page of results.
 */
export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<Paged<T>> {
  const body: unknown = dataOf(url, await getJson<unknown>(url, { signal }));
  if (!isPaged(body)) throw new Error(`${url} did not answer with a page of results`);
  return body as Paged<T>;
}

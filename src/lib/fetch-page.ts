/**
 * The one way the site's visitor code reads a list from the content server: a page of `{count, next, previous,
 * results}` (ADR 006) on the site's own origin (design.md: same origin locally and behind Netlify's proxy).
 */
import type { Paged } from '../../contract/schemas/programme';

const isPaged = (body: unknown): body is Paged<unknown> =>
  typeof body === 'object' && body !== null && Array.isArray((body as Paged<unknown>).results) && typeof (body as Paged<unknown>).count === 'number';

/** Rejects on a network error, a status other than 2xx or a body that is not a page of results. */
export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<Paged<T>> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isPaged(body)) throw new Error(`${url} did not answer with a page of results`);
  return body as Paged<T>;
}

/**
 * The site's fetch helper (src/lib/api-client.ts) with what only staff screens need: a call answered 401 means the
 * session ended, and whoever shows the login (the hub's login screen, the editor's login modal) hears it here, so
 * no screen checks for 401 itself. Kept apart from the helper because visitors never log in.
 */
import { getJson as get, postJson as post, postMultipart as upload, sendJson as send, type CallOptions, type GuardedMethod, type PostResult } from '../lib/api-client';
import { reportFailedSave } from '../lib/errors/report';

export type { PostResult };

/**
 * Shows the login. Resolves true once the user logged in again (the call is then sent again), anything else when
 * the call should fail with its 401 (the hub leaves the screen for its login form; the editor's login was cancelled).
 */
export type SessionEndedHandler = () => Promise<boolean> | boolean | void;

let handler: SessionEndedHandler | undefined;

/** Registers the login of the screen that is open; returns the call that removes it again. */
export function onSessionEnded(next: SessionEndedHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = undefined;
  };
}

/**
 * Runs `run`, and after a 401 shows the login and runs it again once logged in. `run` builds its request afresh on
 * each try, so a save retried after the login names the section's current version.
 */
export async function withSession<T>(run: () => Promise<PostResult<T>>): Promise<PostResult<T>> {
  let result = await run();
  while (!result.ok && result.status === 401 && handler) {
    if ((await handler()) !== true) break;
    result = await run();
  }
  return result;
}

/**
 * Runs the write `method url` and reports it when it failed in a way no person can act on (ADR 057: no answer, a 5xx,
 * a request our client built wrong; src/lib/errors/report.ts). Staff code is lazy, so it takes the reporter whole.
 */
export async function reportingFailure<T>(method: string, url: string, run: () => Promise<PostResult<T>>, area?: 'editor' | 'hub'): Promise<PostResult<T>> {
  const result = await run();
  reportFailedSave(method, url, result, area);
  return result;
}

/** The helper's calls for staff screens: the same arguments and answers, the 401 handled as above, failed writes reported. */
export const getJson = <T>(url: string, options?: Omit<CallOptions, 'keepalive' | 'csrf'>) => withSession(() => get<T>(url, options));
export const sendJson = <T>(method: GuardedMethod, url: string, body?: unknown, options?: CallOptions) =>
  reportingFailure(method, url, () => withSession(() => send<T>(method, url, body, options)));
export const postJson = <T>(url: string, body: unknown, options?: CallOptions) => reportingFailure('POST', url, () => withSession(() => post<T>(url, body, options)));
export const postMultipart = <T>(url: string, data: FormData, options?: Omit<CallOptions, 'csrf'>) =>
  reportingFailure('POST', url, () => withSession(() => upload<T>(url, data, options)));

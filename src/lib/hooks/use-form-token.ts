import { useEffect, useMemo } from 'react';
import type { Locale } from '../../../contract/locales';
import { dataOf, getJson } from '../api-client';

/** A token the server accepts from `acceptAt` (this browser's clock) on. */
interface Issued {
  token: string;
  acceptAt: number;
}

export interface FormToken {
  /**
   * Resolves with a form token once the server will accept it: fetched, and its minimum fill time passed. A
   * visitor who sends within the first seconds just waits that long. Fetches again when the first fetch failed;
   * rejects when that fails too (show "try again": without a token the server would take the visitor for a bot).
   * Each call takes its own token, good for one send (the server refuses a used one, ADR 029), and starts
   * fetching the next, so a second send (another upload, the form once more) has a fresh one.
   */
  ready(): Promise<string>;
}

/** GET form-token; `origin` only for tests that talk to a server elsewhere (the site asks its own). */
export async function fetchToken(locale: Locale, origin = ''): Promise<Issued> {
  const url = `${origin}/${locale}/api/form-token/`;
  const body = dataOf(url, await getJson<{ token?: unknown; min_fill_ms?: unknown } | undefined>(url, { cache: 'no-store' })) ?? {};
  if (typeof body.token !== 'string') throw new Error('GET form-token: no token');
  // Counted from the answer's arrival, which is after the server issued it: never too early.
  return { token: body.token, acceptAt: Date.now() + (typeof body.min_fill_ms === 'number' ? body.min_fill_ms : 0) };
}

const waitUntil = (at: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/**
 * Form tokens from `fetchIssued`, one per `ready()` (see FormToken); `start()` fetches the first ahead of time.
 * Kept apart from React so it can be tested against the real server.
 */
export function createFormTokenSource(fetchIssued: () => Promise<Issued>): FormToken & { start(): void } {
  let issued: Promise<Issued> | undefined;
  const start = () => {
    const pending = fetchIssued();
    pending.catch(() => undefined); // a failure is handled when ready() is called
    issued = pending;
    return pending;
  };
  return {
    start: () => void start(),
    async ready() {
      // Taken before any await, so two sends at once (two uploads) never share a token.
      const mine = issued ?? start();
      start();
      let current: Issued;
      try {
        current = await mine;
      } catch {
        current = await fetchIssued();
      }
      await waitUntil(current.acceptAt);
      return current.token;
    },
  };
}

/**
 * The form token for a public write (plugins/public-writes.ts on the server), fetched when the form mounts so
 * the minimum fill time runs while the visitor reads and types. Send `await formToken.ready()` as `form_token`
 * (or header `X-Form-Token` for an upload); call it again for every send.
 */
export function useFormToken(locale: Locale): FormToken {
  const source = useMemo(() => createFormTokenSource(() => fetchToken(locale)), [locale]);
  useEffect(() => {
    source.start();
  }, [source]);
  return useMemo(() => ({ ready: source.ready }), [source]);
}

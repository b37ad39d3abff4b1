import type { SyncResponse } from '../../../server/src/schemas/content';
import { maskUrl } from './error-codes';

export class SyncHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface SyncClient {
  /** Everything, with a fresh cursor. */
  full(): Promise<SyncResponse>;
  /** Changes after the cursor; resolves to null when the server no longer knows the cursor (410). */
  since(cursor: string): Promise<SyncResponse | null>;
}

export function createSyncClient(apiUrl: string, timeoutMs: number): SyncClient {
  const base = apiUrl.replace(/\/+$/, '');

  async function get(query: string): Promise<SyncResponse | null> {
    const url = `${base}/api/sync${query}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new SyncHttpError(`Content server at ${maskUrl(base)} is not reachable: ${(error as Error).message}`, 0);
    }
    if (response.status === 410) return null;
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw new SyncHttpError(
        `Content server answered ${response.status} for ${maskUrl(url)}: ${body.slice(0, 300)}`,
        response.status,
      );
    }
    return (await response.json()) as SyncResponse;
  }

  return {
    async full() {
      const result = await get('');
      if (!result) throw new SyncHttpError('Content server refused a full sync', 410);
      return result;
    },
    since: (cursor) => get(`?since=${encodeURIComponent(cursor)}`),
  };
}

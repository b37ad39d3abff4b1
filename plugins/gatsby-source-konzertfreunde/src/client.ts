import type { SyncResponse } from '../../../contract/schemas/sync';
import { buildTokenRule, isValidBuildToken } from '../../../contract/build-token';
import { maskUrl } from './error-codes';

export class SyncHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The build token is missing, malformed or not the server's: the build cannot read the feed (ADR 024). */
export class BuildTokenError extends Error {}

/** Where a developer finds the token of a local content server that generated its own. */
const whereToFindIt = 'locally, without BUILD_TOKEN on the server, it is the file var/build-token (DATA_DIR/build-token)';

export interface SyncClient {
  /** Everything, with a fresh cursor. */
  full(): Promise<SyncResponse>;
  /** Changes after the cursor; resolves to null when the server no longer knows the cursor (410). */
  since(cursor: string): Promise<SyncResponse | null>;
}

/**
 * The changes feed's client. `buildToken` is the content server's BUILD_TOKEN, sent as a bearer token; the feed
 * answers nobody else (ADR 024). Without it, every call fails with a BuildTokenError that says so.
 */
export function createSyncClient(apiUrl: string, timeoutMs: number, buildToken: string | undefined): SyncClient {
  const base = apiUrl.replace(/\/+$/, '');

  async function get(query: string): Promise<SyncResponse | null> {
    // Checked before sending: fetch refuses a header with a newline, and its error would quote the value.
    if (buildToken !== undefined && !isValidBuildToken(buildToken)) throw new BuildTokenError(`BUILD_TOKEN must be ${buildTokenRule}.`);
    const url = `${base}/api/sync${query}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (buildToken !== undefined) headers.authorization = `Bearer ${buildToken}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers });
    } catch (error) {
      throw new SyncHttpError(`Content server at ${maskUrl(base)} is not reachable: ${(error as Error).message}`, 0);
    }
    if (response.status === 401) {
      throw new BuildTokenError(
        buildToken === undefined
          ? `BUILD_TOKEN is not set: the content server at ${maskUrl(base)} sends its changes feed only to a build with its token. Set BUILD_TOKEN to the content server's BUILD_TOKEN (${whereToFindIt}).`
          : `The content server at ${maskUrl(base)} refused BUILD_TOKEN (401): it is not the content server's BUILD_TOKEN (${whereToFindIt}).`,
      );
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

import { sendErrorReport } from '../errors/send';
import { CHUNK_RELOAD_GUARD_MS } from './constants';

const KEY = 'kf-chunk-reload-at';

export const isChunkError = (reason: unknown) => {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? '');
  return /ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i.test(text);
};

/**
 * Reports a chunk that failed to load (ADR 057), from here, not through the lazily loaded reporter: that chunk may be
 * the one that cannot load. Webpack's message as it is (its second line holds the chunk's address): the server makes
 * the place of it, the chunk's file without its hash, so one chunk's failures are one group whatever the build.
 */
export function reportChunkFailure(reason: unknown, reloaded: boolean): void {
  sendErrorReport({ kind: 'chunk', message: `${reason instanceof Error ? `${reason.name}: ${reason.message}` : reason}`.slice(0, 500), reloaded });
}

/** Whether the guard allows loading the page again now (not within the last 60 s); notes the time when it does. */
export function mayReload(): boolean {
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(KEY) ?? 0);
  } catch {
    // Storage can be unavailable (privacy modes); then reload without the guard's memory.
  }
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    window.sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // See above.
  }
  return true;
}

/**
 * A navigation whose page chunk failed: Gatsby loads the page from the server itself (navigation.js), which is the
 * reload. It counts for the guard, so the page it loads reloads no more should the chunk fail there too.
 */
export function chunkFailedInNavigation(reason: unknown): void {
  mayReload();
  reportChunkFailure(reason, true);
}

import { sendErrorReport, type ReportFields } from '../errors/send';
import { CHUNK_RELOAD_GUARD_MS } from './constants';

const KEY = 'kf-chunk-reload-at';

export const isChunkError = (reason: unknown) => {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? '');
  return /ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i.test(text);
};

/**
 * The report of a chunk that failed to load (issue 20). Webpack's message names the chunk's id and full address; the
 * report keeps neither (ids and content hashes change with every build), so the failures of one chunk form one group:
 * the place is its file name.
 */
export function chunkReport(reason: unknown, reloaded: boolean): ReportFields {
  const text = reason instanceof Error ? reason.message : String(reason ?? '');
  const file = /[^/\s()]+\.(?:css|js)\b/.exec(text)?.[0];
  return {
    kind: 'chunk',
    message: `${reason instanceof Error ? reason.name : 'Error'}: ${text.split('\n')[0].replace(/chunk [\w-]+ failed/i, 'chunk failed')}`,
    ...(file ? { place: file.replace(/-[0-9a-f]{20}\./, '.') } : {}),
    reloaded,
  };
}

/** Sent from here, not through the lazily loaded reporter: that chunk may be the one that cannot load. */
export const reportChunkFailure = (reason: unknown, reloaded: boolean) => sendErrorReport(chunkReport(reason, reloaded));

/** Whether the guard allows loading the page again now (not within the last 60 s); notes the time when it does. */
function mayReload(): boolean {
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

/**
 * After a deploy, old pages may ask for script chunks that no longer exist. Reload once to get the new ones,
 * but at most once per 60 s so a truly broken deploy cannot loop. Each failure is reported before the reload.
 */
export function installChunkReload(): void {
  const handle = (reason: unknown) => {
    if (!isChunkError(reason)) return;
    const reload = mayReload();
    reportChunkFailure(reason, reload);
    if (reload) window.location.reload();
  };
  window.addEventListener('unhandledrejection', (event) => handle(event.reason));
  window.addEventListener('error', (event) => handle(event.error ?? event.message));
}

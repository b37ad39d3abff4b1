import { CHUNK_RELOAD_GUARD_MS } from './constants';

const KEY = 'kf-chunk-reload-at';

const isChunkError = (reason: unknown) => {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? '');
  return /ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i.test(text);
};

/**
 * After a deploy, old pages may ask for script chunks that no longer exist. Reload once to get the new ones,
 * but at most once per 60 s so a truly broken deploy cannot loop.
 */
export function installChunkReload(): void {
  const handle = (reason: unknown) => {
    if (!isChunkError(reason)) return;
    let last = 0;
    try {
      last = Number(window.sessionStorage.getItem(KEY) ?? 0);
    } catch {
      // Storage can be unavailable (privacy modes); then reload without the guard's memory.
    }
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return;
    try {
      window.sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      // See above.
    }
    window.location.reload();
  };
  window.addEventListener('unhandledrejection', (event) => handle(event.reason));
  window.addEventListener('error', (event) => handle(event.error ?? event.message));
}

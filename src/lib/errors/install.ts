/**
 * The part of the error reporter every page loads (issue 20, ADR 057): two listeners. An error hands its value to the
 * reporter (./report.ts, its own chunk), loaded and run when the browser is idle, so reporting never delays the page.
 * Chunk failures are left to src/lib/navigation/chunk-reload.ts, which reports them itself before its reload.
 */
import { isChunkError, reportChunkFailure } from '../navigation/chunk-reload';

type Reporter = typeof import('./report');
let reporter: Promise<Reporter> | undefined;

const whenIdle = (run: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 200));

/** Hands an error to the lazily loaded reporter in idle time; a reporter that cannot load is a chunk failure itself. */
export function reportLater(run: (loaded: Reporter) => void): void {
  whenIdle(() => {
    (reporter ??= import(/* webpackChunkName: "error-report" */ './report'))
      .then(run)
      .catch((error: unknown) => {
        reporter = undefined;
        // Not reloaded for it: the page works, only its reporting does not.
        if (isChunkError(error)) reportChunkFailure(error, false);
      });
  });
}

export function installErrorReports(): void {
  window.addEventListener('error', (event) => {
    const value: unknown = event.error ?? event.message;
    // A script of another origin (the tag manager) shows only this; there is nothing to learn from it.
    if (event.error == null && event.message === 'Script error.') return;
    if (!isChunkError(value)) reportLater((loaded) => loaded.reportError('error', value, event.filename));
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (!isChunkError(event.reason)) reportLater((loaded) => loaded.reportError('rejection', event.reason));
  });
}

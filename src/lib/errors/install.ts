/**
 * The part of the error reporter every page loads (ADR 057): two listeners. An error hands its value to the
 * reporter (./report.ts, its own chunk), loaded and run when the browser is idle, so reporting never delays the page.
 * Chunk failures are reported from here directly, before the reload guard reloads the page.
 */
import { isChunkError, mayReload, reportChunkFailure } from '../navigation/chunk-reload';

type Reporter = typeof import('./report');
let reporter: Promise<Reporter> | undefined;

/** Hands an error to the lazily loaded reporter in idle time; a reporter that cannot load is a chunk failure itself. */
export function reportLater(run: (loaded: Reporter) => void): void {
  (window.requestIdleCallback ?? setTimeout)(() => {
    (reporter ??= import(/* webpackChunkName: "error-report" */ './report')).then(run, (error: unknown) => {
      reporter = undefined;
      // Not reloaded for it: the page works, only its reporting does not.
      reportChunkFailure(error, false);
    });
  });
}

/**
 * The page's listeners for what went wrong (ADR 057). A chunk that failed to load is reported at once and, after a
 * deploy, gets the page loaded again for the new chunks, at most once per 60 s so a broken deploy cannot loop
 * (src/lib/navigation/chunk-reload.ts); any other error goes to the lazily loaded reporter.
 */
export function installErrorReports(): void {
  const handle = (kind: 'error' | 'rejection', value: unknown, file?: string) => {
    if (!isChunkError(value)) return reportLater((loaded) => loaded.reportError(kind, value, file));
    const reload = mayReload();
    reportChunkFailure(value, reload);
    if (reload) window.location.reload();
  };
  addEventListener('error', (event) => {
    // A script of another origin (the tag manager) shows only "Script error."; there is nothing to learn from it.
    if (event.error != null || event.message !== 'Script error.') handle('error', event.error ?? event.message, event.filename);
  });
  addEventListener('unhandledrejection', (event) => handle('rejection', event.reason));
}

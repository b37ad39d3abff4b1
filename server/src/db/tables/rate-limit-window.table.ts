import type { Selectable } from 'kysely';

/**
 * A running rate-limit window (plugins/rate-limit-store.ts, ADR 048): requests counted for one key since the
 * window began. Shared by every server process on the database. Pruned once ended. Not content: never synced or
 * logged. `login_throttle_window` has the same columns: the login throttle's failures (ADR 051).
 */
export interface RateLimitWindowTable {
  /** What is limited: the route and the client address (plugins/public-writes.ts builds it). */
  key: string;
  /** Requests counted in the running window, refused ones included (a flood does not get cheaper). */
  hits: number;
  /** When the window ends; the next request after it starts a new one. */
  resets_at: string;
}
export type RateLimitWindowRow = Selectable<RateLimitWindowTable>;

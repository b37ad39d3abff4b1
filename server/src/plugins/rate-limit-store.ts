/**
 * The store @fastify/rate-limit counts in: our database, so the per-address limits hold across every server
 * process that shares it (ADR 048). The library's own stores are memory (one process) or Redis (a service we do
 * not run); this one is a table, on SQLite and on PostgreSQL alike. The library constructs the store itself, so
 * the database comes in through the class this returns.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';
import { countRequest, pruneRateWindows, readWindow } from '../db/repositories/rate-limit-windows';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often ended windows are deleted (the first count after it prunes). */
const pruneEveryMs = 60 * 60_000;

export function databaseRateLimitStore(db: Db, clock: () => number = Date.now): FastifyRateLimitStoreCtor {
  // Shared by the store and its children: one prune an hour per process, whatever the routes.
  let nextPrune = 0;

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, answer: Answer, timeWindow: number) {
      const now = clock();
      let pruned: Promise<unknown> = Promise.resolve();
      if (now >= nextPrune) {
        nextPrune = now + pruneEveryMs;
        pruned = pruneRateWindows(db, now);
      }
      pruned
        .then(() => countRequest(db, key, timeWindow, now))
        .then((window) => answer(null, { current: window.hits, ttl: window.resetsAt - now }), (error: Error) => answer(error));
    }

    /** The library's non-counting look (`{ increment: false }`). */
    read(key: string, answer: Answer) {
      const now = clock();
      readWindow(db, key, now).then(
        (window) => answer(null, window ? { current: window.hits, ttl: window.resetsAt - now } : { current: 0, ttl: 0 }),
        (error: Error) => answer(error),
      );
    }

    /** Route limits share the table: the key names the route already. */
    child() {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore;
}

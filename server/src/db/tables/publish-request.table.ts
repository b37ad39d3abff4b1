import type { Generated, Selectable } from 'kysely';

/**
 * A staff save waiting to be published (services/publish/publish-queue.ts, ADR 051). Every server's queue writes
 * one per save and the run that publishes takes (deletes) them, whichever server it runs on. Not content: never
 * synced or logged.
 */
export interface PublishRequestTable {
  id: Generated<number>;
  /** The save's title, e.g. "Modul 12 geändert (Container 3, de) – redaktion". */
  title: string;
  /** What the save did as data (contract/save-descriptions.ts), JSON; null when the caller gave only a title. */
  save: string | null;
  requested_at: string;
  /**
   * The interrupted run this request retries (ADR 067): written when a run is found cut off by a stopped server,
   * so its saves are published after all; null for a save.
   */
  retry_of: number | null;
}
export type PublishRequestRow = Selectable<PublishRequestTable>;

/**
 * A named lease (db/repositories/leases.ts): the server process `holder` may do the named work until
 * `expires_at`, renewing it while it works. Not content.
 */
export interface LeaseTable {
  name: string;
  holder: string;
  expires_at: string;
}

import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * building: the rebuild runs (or the build hook is being called); live: the rebuild finished and its pages are
 * served; failed: it did not (see `error`); triggered: the build hook accepted the request and the host builds
 * on its own, so when the change is live is not known here.
 */
export type PublishRunStatus = 'building' | 'live' | 'failed' | 'triggered';

/** One run of the publish queue (services/publish). Not content: never synced or logged. */
export interface PublishRunTable {
  id: Generated<number>;
  /** What the run publishes, e.g. "Modul 12 geändert (Container 3, de) – redaktion"; sent as the hook's trigger_title. */
  trigger_title: string;
  status: PublishRunStatus;
  /** The change-log cursor of the last live run before this one; null for the first. */
  from_cursor: string | null;
  /** The change-log cursor read just before the run started: everything up to it is in this run. */
  to_cursor: string;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  /** HTML files whose content the rebuild changed; null for a build-hook call (the host builds). */
  pages_rewritten: number | null;
  /** Why the run failed: the last lines of the build's output or the hook's answer. */
  error: string | null;
}
export type PublishRunRow = Selectable<PublishRunTable>;
export type NewPublishRunRow = Insertable<PublishRunTable>;

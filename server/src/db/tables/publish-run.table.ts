import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * building: the rebuild runs (or the build hook is being called); live: the rebuild finished and its pages are
 * served, or Netlify reported the deploy ready; failed: it did not (see `error`); triggered: the build hook
 * accepted the request and Netlify builds on its own, until its deploy notifications say how it went (ADR 023).
 */
export type PublishRunStatus = 'building' | 'live' | 'failed' | 'triggered';

/** Netlify's deploy states its notifications report: deploy building, deploy succeeded, deploy failed. */
export type DeployState = 'building' | 'ready' | 'error';

/** One run of the publish queue (services/publish). Not content: never synced or logged. */
export interface PublishRunTable {
  id: Generated<number>;
  /** What the run publishes, e.g. "Modul 12 geändert (Container 3, de) – redaktion"; sent as the hook's trigger_title. */
  trigger_title: string;
  /** The newest save as data and how many came before it (shared/save-descriptions.ts), JSON; null before ADR 033. */
  trigger_saves: string | null;
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
  /** Why the run failed: the last lines of the build's output, the hook's answer or Netlify's error message. */
  error: string | null;
  /** Netlify's deploy of a build-hook run, once a deploy notification named the run; else null. */
  deploy_id: string | null;
  /** What Netlify last reported for that deploy; `building` keeps the run triggered (shown as deploying). */
  deploy_state: DeployState | null;
  /** The deploy's own https address on Netlify (its `deploy_ssl_url`). */
  deploy_url: string | null;
  /** The run a stopped server cut off that this run publishes again (ADR 067); null for a run of ordinary saves. */
  retry_of: number | null;
}
export type PublishRunRow = Selectable<PublishRunTable>;
export type NewPublishRunRow = Insertable<PublishRunTable>;

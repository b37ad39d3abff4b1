/**
 * The hub's dashboard in one answer (`GET …/cms-hub/`, ADR 016): the latest content changes and who made them, the
 * publish queue's recent runs, what waits in the ticket exchange, form entries per form and the newsletter's
 * subscribers, the errors reported (ADR 057) and, for administrators, the backups (ADR 081). The server serialises through it, the dashboard page takes its type
 * from it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ErrorGroupsSchema } from '../error-reports';
import { saveActions } from '../save-descriptions';
import { PublishRunSchema, PublishStatusSchema } from '../schemas/publish';
import { nullable } from './paged';

const count = Type.Integer({ minimum: 0 });

/** A run's newest save as data, with names for what it mentions (shared/save-descriptions.ts `RunSaves`). */
const RunSavesSchema = Type.Object({
  newest: Type.Object({
    action: Type.Union(saveActions.map((action) => Type.Literal(action))),
    locale: Type.Union([Type.Literal('de'), Type.Literal('en')]),
    by: Type.Optional(Type.String()),
    container: Type.Optional(Type.Integer()),
    module: Type.Optional(Type.Integer()),
    page: Type.Optional(Type.Integer()),
    version: Type.Optional(Type.Integer()),
    section: Type.Optional(Type.String()),
    id: Type.Optional(Type.Integer()),
    verb: Type.Optional(Type.String()),
    path: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
  }),
  earlier: count,
  containerName: Type.Optional(Type.String()),
  pageName: Type.Optional(Type.String()),
});

/**
 * What the backup card warns of (ADR 081): `none`, no backup was ever taken; `stale`, the newest successful one is
 * older than BACKUP_WARN_AFTER_HOURS; `failed`, the newest backup tried failed.
 */
export const backupWarnings = ['none', 'stale', 'failed'] as const;
export type BackupWarning = (typeof backupWarnings)[number];

const backupTrigger = Type.Union([Type.Literal('schedule'), Type.Literal('command')]);

/** The backup card (ADR 081): the newest successful backup, the newest if it failed, and the warnings that follow. */
export const BackupCardSchema = Type.Object({
  /** BACKUP_INTERVAL_HOURS: how often the server takes one itself; 0 when it takes none (a timer may). */
  interval_hours: count,
  /** BACKUP_WARN_AFTER_HOURS: the newest successful backup's age past which the card warns. */
  warn_after_hours: Type.Integer({ minimum: 1 }),
  /** The newest successful backup; null when none was ever taken. */
  last_done: nullable(
    Type.Object({
      started_at: Type.String({ format: 'date-time' }),
      finished_at: Type.String({ format: 'date-time' }),
      /** The archive's size in bytes. */
      bytes: count,
      trigger: backupTrigger,
      /** Whole hours since it started. */
      age_hours: count,
    }),
  ),
  /** The newest backup tried when it failed; null when the newest was taken (or none was tried). */
  last_failed: nullable(
    Type.Object({
      started_at: Type.String({ format: 'date-time' }),
      trigger: backupTrigger,
      /** One plain line: what went wrong. */
      error: Type.String(),
    }),
  ),
  /** In this order; empty when all is well. */
  warnings: Type.Array(Type.Union(backupWarnings.map((warning) => Type.Literal(warning)))),
});
export type BackupCard = Static<typeof BackupCardSchema>;

export const CmsHubSchema = Type.Object({
  recent_changes: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      entity: Type.String(),
      /** A record id, or a locale for nav, settings and the home hero. */
      id: Type.String(),
      op: Type.Union([Type.Literal('upsert'), Type.Literal('delete')]),
      /** The record's title in the request's language where one is cheap to find; null when deleted or untitled. */
      title: nullable(Type.String()),
      /** Whether the record is still there (a locale's navigation, settings and hero always are). */
      exists: Type.Boolean(),
      /** For a section (`container`): the page, event, article or series it belongs to, titled; else null. */
      owner: nullable(Type.Object({ entity: Type.String(), id: Type.String(), title: nullable(Type.String()) })),
      at: Type.String({ format: 'date-time' }),
      /** The staff user's username; null for the seed, the sync, scripts, hub writes and removed accounts. */
      by: nullable(Type.String()),
    }),
  ),
  publish: Type.Object({
    ...Type.Pick(PublishStatusSchema, ['mode', 'state', 'saved_seq', 'live_seq']).properties,
    runs: Type.Array(
      Type.Intersect([
        Type.Pick(PublishRunSchema, ['id', 'trigger_title', 'status', 'started_at', 'finished_at', 'duration_ms', 'pages_rewritten', 'error', 'deploy_state']),
        /** What the newest save did, for a sentence in the staff's language; null for older runs. */
        Type.Object({ saves: nullable(RunSavesSchema) }),
      ]),
    ),
  }),
  pending_ticket_ads: Type.Object({ pending: count, confirmed: count }),
  form_entries: Type.Array(
    Type.Object({ form_id: Type.Integer(), slug: Type.String(), title: Type.String(), last_7_days: count, total: count }),
  ),
  newsletter: Type.Object({ pending: count, confirmed: count, unsubscribed: count }),
  /** Errors of the last days, grouped (ADR 057): open groups first, newest first. */
  errors: ErrorGroupsSchema,
  /** Administrators only: an editor's answer has no backup card (ADR 081). */
  backup: Type.Optional(BackupCardSchema),
});
export type CmsHubBody = Static<typeof CmsHubSchema>;

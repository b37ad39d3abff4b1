import { Type, type Static } from '@sinclair/typebox';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** One run of the publish queue (services/publish, table publish_run). */
export const PublishRunSchema = Type.Object({
  id: Type.Integer(),
  trigger_title: Type.String(),
  status: Type.Union([Type.Literal('building'), Type.Literal('live'), Type.Literal('failed'), Type.Literal('triggered')]),
  from_cursor: nullable(Type.String()),
  to_cursor: Type.String(),
  started_at: Type.String({ format: 'date-time' }),
  finished_at: nullable(Type.String({ format: 'date-time' })),
  duration_ms: nullable(Type.Integer()),
  pages_rewritten: nullable(Type.Integer()),
  /** Why the run failed: the last lines of the build's output, the build hook's answer or Netlify's error message. */
  error: nullable(Type.String()),
  /** Netlify's deploy of a build-hook run, once its deploy notifications named it (ADR 023); else null. */
  deploy_id: nullable(Type.String()),
  /** What Netlify last reported for that deploy: building, ready (live) or error (failed). */
  deploy_state: nullable(Type.Union([Type.Literal('building'), Type.Literal('ready'), Type.Literal('error')])),
  /** The deploy's own address on Netlify (`deploy_ssl_url`), reported with ready. */
  deploy_url: nullable(Type.String()),
  /** The run a stopped server cut off that this run publishes again (ADR 067); null for a run of ordinary saves. */
  retry_of: nullable(Type.Integer()),
});

/** `GET /{locale}/pageeditor-api/publish/` (ADR 013, "Publishing"). */
export const PublishStatusSchema = Type.Object({
  /** build: this server rebuilds the site; hook: it calls Netlify's build hook; off: it publishes nothing. */
  mode: Type.Union([Type.Literal('build'), Type.Literal('hook'), Type.Literal('off')]),
  state: Type.Union([
    Type.Literal('idle'),
    Type.Literal('pending'),
    Type.Literal('building'),
    Type.Literal('live'),
    Type.Literal('failed'),
    Type.Literal('triggered'),
    Type.Literal('deploying'),
  ]),
  /**
   * hook mode: Netlify's deploy notifications reach this server (NETLIFY_WEBHOOK_SECRET set, ADR 023), so a
   * triggered run goes on to deploying, live or failed; false: triggered is the last word.
   */
  deploy_notifications: Type.Boolean(),
  saved_seq: Type.Integer(),
  live_seq: nullable(Type.Integer()),
  running: nullable(PublishRunSchema),
  last: nullable(PublishRunSchema),
  /**
   * The run a stopped server cut off (`last`, failed "Interrupted") that the pending or building publication
   * retries by itself (ADR 067), while it does: the editor's saves are on their way, not lost; null otherwise.
   */
  retrying: nullable(Type.Integer()),
});
export type PublishStatusBody = Static<typeof PublishStatusSchema>;

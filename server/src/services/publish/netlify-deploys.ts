/**
 * Netlify's deploy notifications (ADR 023): "deploy building", "deploy succeeded" and "deploy failed" POST the
 * deploy as JSON. The publish queue puts its run's id into the build hook's `trigger_title`, which Netlify keeps
 * as the deploy's `title`; reading it back names the run the deploy publishes.
 */
import type { DeployReport } from '../../db/repositories/publish-runs';
import type { DeployState } from '../../db/tables/publish-run.table';
import { MAX_DB_INTEGER } from '../../../../contract/schemas/requests';

/** The hook's title for run `runId`: what changed, then the marker `[publish run 12]`. */
export function deployTitle(title: string, runId: number): string {
  return `${title} [publish run ${runId}]`;
}

/** The run a deploy's title names, or undefined (a deploy of a push, of another server, or no title). */
export function runIdOfDeployTitle(title: unknown): number | undefined {
  if (typeof title !== 'string') return undefined;
  // Only the end of the title: the marker is appended last, and a huge title costs nothing.
  const match = /\[publish run ([1-9]\d{0,9})\]\s*$/.exec(title.slice(-64));
  const id = match ? Number(match[1]) : undefined;
  return id !== undefined && id <= MAX_DB_INTEGER ? id : undefined;
}

const states = new Set<DeployState>(['building', 'ready', 'error']);
const isDeployState = (value: unknown): value is DeployState => states.has(value as DeployState);

/**
 * Text from Netlify kept for editors: no control characters but line breaks, no NUL (PostgreSQL refuses it), no
 * bidi overrides that would turn the shown text around.
 */
function plainText(value: unknown, maxChars: number): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').trim();
  if (!text) return null;
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/** Netlify's deploy ids are 24 hex digits; anything else odd is not stored. */
function deployIdOf(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

/** Only an https address of reasonable length becomes the deploy's link. */
function deployUrlOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

export type DeployNotification =
  | { kind: 'report'; report: DeployReport }
  /** Answered 2xx so Netlify does not send it again, but nothing changes. */
  | { kind: 'ignored'; reason: string };

/**
 * What a notification's (signed, parsed) body means for our runs: a report on one of them, or nothing (another
 * context than production, a title that names no run, a state the queue does not follow).
 */
export function readDeployNotification(deploy: unknown, at: string): DeployNotification {
  if (!deploy || typeof deploy !== 'object' || Array.isArray(deploy)) return { kind: 'ignored', reason: 'not a deploy' };
  const { context, state, title, id, deploy_ssl_url: url, error_message: error } = deploy as Record<string, unknown>;
  // Deploy previews and branch deploys do not put staff edits live.
  if (context !== 'production') return { kind: 'ignored', reason: 'not a production deploy' };
  const runId = runIdOfDeployTitle(title);
  if (runId === undefined) return { kind: 'ignored', reason: 'names no publish run' };
  if (!isDeployState(state)) return { kind: 'ignored', reason: 'not a state the queue follows' };
  return {
    kind: 'report',
    report: { runId, state, deployId: deployIdOf(id), deployUrl: state === 'ready' ? deployUrlOf(url) : null, error: state === 'error' ? plainText(error, 2000) : null, at },
  };
}

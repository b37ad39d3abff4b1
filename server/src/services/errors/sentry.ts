/**
 * Forwarding error reports to Sentry or a service that speaks its protocol (GlitchTip, self-hosted Sentry;
 * ADR 057): one envelope per report, POSTed to the project's envelope endpoint with the DSN's public key.
 * The format is Sentry's documented envelope (develop.sentry.dev, "Envelopes"): a JSON header line, then per item a
 * JSON item header line and its payload line. No SDK: the server sends what it stored, already scrubbed.
 */
import { randomBytes } from 'node:crypto';

export interface SentryDsn {
  /** The DSN as configured (it holds only the public key, which Sentry's own browser SDKs publish). */
  dsn: string;
  publicKey: string;
  projectId: string;
  /** `https://host[:port][/prefix]/api/<project>/envelope/` */
  envelopeUrl: string;
}

/** Parses `https://<public key>@<host>[:port][/<prefix>]/<project id>`; undefined when it is not one. */
export function parseSentryDsn(value: string): SentryDsn | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const publicKey = decodeURIComponent(url.username);
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!/^[\w-]{1,100}$/.test(publicKey) || !projectId || !/^\d{1,20}$/.test(projectId) || url.search || url.hash) return undefined;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return { dsn: value, publicKey, projectId, envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/` };
}

export interface SentryFrame {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
}

/** Frames of a V8 (`at fn (file:1:2)`) or Firefox/Safari (`fn@file:1:2`) stack, oldest first as Sentry wants them. */
export function stackFrames(stack: string | null): SentryFrame[] {
  if (!stack) return [];
  const frames: SentryFrame[] = [];
  for (const line of stack.split('\n')) {
    const v8 = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/.exec(line);
    const gecko = v8 ? null : /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/.exec(line);
    const match = v8 ?? gecko;
    if (!match) continue;
    const [, fn, filename, lineno, colno] = match;
    frames.push({
      ...(fn ? { function: fn } : {}),
      filename,
      lineno: Number(lineno),
      colno: Number(colno),
      in_app: !/node_modules|^node:|^internal\//.test(filename),
    });
  }
  return frames.reverse();
}

export interface ForwardedReport {
  fingerprint: string;
  occurredAt: string;
  source: 'browser' | 'server';
  kind: string;
  area: string;
  message: string;
  place: string;
  release: string;
  path: string;
  status: number | null;
  stack: string | null;
  detail: Record<string, unknown> | null;
}

/** The Sentry event of a report: grouped by our fingerprint, tagged with kind, area and place. */
export function sentryEvent(report: ForwardedReport, environment: string) {
  const colon = report.message.indexOf(': ');
  const type = colon > 0 && colon < 60 && /^[\w$.]+$/.test(report.message.slice(0, colon)) ? report.message.slice(0, colon) : report.kind;
  const value = type === report.kind ? report.message : report.message.slice(colon + 2);
  const frames = stackFrames(report.stack);
  const method = typeof report.detail?.method === 'string' ? report.detail.method : undefined;
  return {
    event_id: randomBytes(16).toString('hex'),
    timestamp: report.occurredAt,
    platform: report.source === 'browser' ? 'javascript' : 'node',
    level: 'error',
    logger: `konzertfreunde.${report.source}`,
    release: report.release,
    environment,
    transaction: report.place,
    fingerprint: [report.fingerprint],
    exception: { values: [{ type, value, ...(frames.length ? { stacktrace: { frames } } : {}), mechanism: { type: report.kind, handled: false } }] },
    tags: { kind: report.kind, area: report.area, source: report.source, ...(report.status !== null ? { status: String(report.status) } : {}) },
    request: { url: report.path, ...(method ? { method } : {}) },
    ...(report.detail ? { extra: report.detail } : {}),
  };
}

/** One envelope holding one event, as the envelope endpoint takes it. */
export function envelopeOf(event: ReturnType<typeof sentryEvent>, dsn: SentryDsn, sentAt: Date, sdk: { name: string; version: string }): string {
  const payload = JSON.stringify(event);
  const header = { event_id: event.event_id, sent_at: sentAt.toISOString(), dsn: dsn.dsn, sdk };
  const item = { type: 'event', content_type: 'application/json', length: Buffer.byteLength(payload) };
  return `${JSON.stringify(header)}\n${JSON.stringify(item)}\n${payload}\n`;
}

export type SendOutcome = { ok: true } | { ok: false; status: number | null; retryAfterMs?: number; reason: string };

/** The longest a send may take: a service that hangs holds up no more than this. */
const SEND_TIMEOUT_MS = 10_000;

/** Sends one envelope; never throws. `retryAfterMs` when the service asked to wait (429, 503 with Retry-After). */
export async function sendEnvelope(dsn: SentryDsn, envelope: string, client: string): Promise<SendOutcome> {
  try {
    const response = await fetch(dsn.envelopeUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_client=${client}, sentry_key=${dsn.publicKey}`,
      },
      body: envelope,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: 'error',
    });
    // The answer is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { ok: true };
    const retryAfter = retryAfterMs(response.headers);
    return { ok: false, status: response.status, ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}), reason: `HTTP ${response.status}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, status: null, reason: cause ?? (error as Error).name ?? 'network error' };
  }
}

/** Sentry's `X-Sentry-Rate-Limits` (`<seconds>:<categories>:…`) or `Retry-After` (seconds or a date), in ms. */
function retryAfterMs(headers: Headers): number | undefined {
  const limits = headers.get('x-sentry-rate-limits');
  if (limits) {
    const seconds = Math.max(...limits.split(',').map((limit) => Number(limit.trim().split(':')[0])).filter(Number.isFinite));
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  }
  const retry = headers.get('retry-after');
  if (!retry) return undefined;
  if (/^\d+$/.test(retry.trim())) return Number(retry) * 1000;
  const at = Date.parse(retry);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

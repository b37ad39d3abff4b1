/**
 * Sends what the outbox holds. `flush()` delivers every pending mail that is due; a loop calls it every few
 * seconds, and routes call `flushSoon()` right after committing a mail so visitors need not wait for the loop. A
 * failed attempt keeps the row pending with exponential back-off and records the error; after MAX_ATTEMPTS the
 * row is marked failed (kept, for staff to see). Rows are claimed before sending, so two server processes on one
 * PostgreSQL database do not send a mail twice, and a process that dies mid-send leaves the mail due again later.
 *
 * Delivery is at least once (ADR 009): a relay that takes the mail but whose reply is lost, or a process that dies
 * between handing the mail over and recording it, means the mail is sent again. Every attempt of a row carries
 * the same Message-ID (made when the mail was queued) and its number in `X-Outbox-Attempt`, so receivers can
 * recognise the copies. The claim is short and kept alive by a heartbeat while the send runs, so only a dead
 * sender's row is taken over, after about a minute; the claim counts as an attempt, and taking over a row whose
 * previous attempt never finished is logged as a possible duplicate.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { claimMail, dueMails, recordMailFailure, recordMailSent, renewMailClaim } from '../../db/repositories/mail-outbox';
import type { MailOutboxRow } from '../../db/tables/mail-outbox.table';
import { newMessageIdPart } from './outbox';
import { fileTransport, smtpTransport, type MailTransport } from './transport';

export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/**
 * How long a claimed row is left alone by other senders (it is due again afterwards if this one died). A sender
 * renews its claim every CLAIM_MS / 3 while it sends, so a slow relay does not make the row look abandoned.
 */
export const CLAIM_MS = 60_000;
const BATCH = 20;
export const DEFAULT_INTERVAL_MS = 5_000;

/** Wait before attempt `attempts + 1` after `attempts` failures: 30 s, 1 min, 2 min, … at most 1 h. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS);

export interface MailDeliveryOptions {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  log: FastifyBaseLogger;
  /** The app's clock: decides what is due and stamps the rows. */
  now: () => Date;
  /** Loop period; 0 turns the loop off (flush() still works). */
  intervalMs?: number;
  /** Default: SMTP when configured, else .eml files. Tests may pass their own. */
  transport?: MailTransport;
  /** The claim's length (default CLAIM_MS); tests shorten it to see the heartbeat at work. */
  claimMs?: number;
}

export class MailDelivery {
  readonly transport: MailTransport;
  /** The folder of the .eml files when there is no relay. */
  readonly folder: string | undefined;
  private readonly db: Db;
  private readonly from: string;
  private readonly log: FastifyBaseLogger;
  private readonly now: () => Date;
  private readonly intervalMs: number;
  private readonly claimMs: number;
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(options: MailDeliveryOptions) {
    this.db = options.db;
    this.from = options.config.mailFrom;
    this.log = options.log;
    this.now = options.now;
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.claimMs = options.claimMs ?? CLAIM_MS;
    this.folder = options.config.smtpUrl ? undefined : path.join(options.config.dataDir, 'mail');
    this.transport = options.transport ?? (options.config.smtpUrl ? smtpTransport(options.config.smtpUrl) : fileTransport(this.folder!));
  }

  /** Starts the loop and says once where mail goes. */
  start() {
    this.log.info(`Mail: ${this.transport.describe}${this.transport.kind === 'file' ? ' (SMTP_URL is not set)' : ''}`);
    if (this.intervalMs > 0) this.schedule();
  }

  /** Stops the loop and waits for a delivery in progress. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.queue;
    this.transport.close();
  }

  /**
   * Delivers every pending mail due at `at` (default: now). Calls run one after another; the promise settles
   * when this call's pass is done. Never rejects: problems are logged and recorded on the rows.
   */
  flush(at?: Date): Promise<void> {
    const run = this.queue.then(() => (this.stopped ? undefined : this.deliverDue(at ?? this.now())));
    this.queue = run.catch((error) => this.log.error({ err: error }, 'mail delivery pass failed'));
    return this.queue;
  }

  /** A flush in the background, for a route that has just committed a mail. */
  flushSoon() {
    if (this.stopped) return;
    setImmediate(() => void this.flush());
  }

  private schedule() {
    this.timer = setTimeout(() => {
      void this.flush().then(() => {
        if (!this.stopped) this.schedule();
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  private async deliverDue(at: Date) {
    const atIso = at.toISOString();
    for (;;) {
      const rows = await dueMails(this.db, atIso, BATCH);
      for (const row of rows) {
        if (this.stopped) return;
        const claimed = await this.claim(row, at);
        if (claimed) await this.attempt(claimed, at);
      }
      if (rows.length < BATCH) return;
    }
  }

  /** `<part@domain of MAIL_FROM>`: the row's Message-ID, the same on every attempt. */
  private messageId(part: string) {
    const address = /<([^<>]+)>/.exec(this.from)?.[1] ?? this.from;
    return `<${part}@${address.slice(address.lastIndexOf('@') + 1)}>`;
  }

  /**
   * Takes the row for this pass unless another sender already did; the claim counts as the next attempt. Resolves
   * with the claimed row as it now stands, or undefined. A row whose previous attempt was claimed and never
   * recorded (its sender died mid-send) may have been delivered: it is sent again, with the same Message-ID, and
   * a warning says so; if that was its last attempt it is marked failed instead of being sent an extra time.
   */
  private async claim(row: MailOutboxRow, at: Date): Promise<MailOutboxRow | undefined> {
    const unfinished = row.sending_since !== null;
    const exhausted = row.attempts >= MAX_ATTEMPTS;
    const claim = {
      attempts: exhausted ? row.attempts : row.attempts + 1,
      next_attempt_at: exhausted ? null : new Date(at.getTime() + this.claimMs).toISOString(),
      sending_since: exhausted ? null : at.toISOString(),
      message_id: row.message_id ?? newMessageIdPart(),
      ...(exhausted ? { status: 'failed' as const, last_error: `attempt ${row.attempts} did not finish; it may have been delivered` } : {}),
    };
    if (!(await claimMail(this.db, row, claim))) return undefined;
    const messageId = this.messageId(claim.message_id);
    if (exhausted) {
      this.log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, messageId }, `mail ${row.id} given up: ${claim.last_error}`);
      return undefined;
    }
    if (unfinished) {
      this.log.warn(
        { mailId: row.id, kind: row.kind, attempt: claim.attempts, messageId, previousClaim: row.sending_since },
        `mail ${row.id}: attempt ${row.attempts} (claimed ${row.sending_since}) never finished and may have been delivered; sending again as attempt ${claim.attempts} with the same Message-ID ${messageId}`,
      );
    }
    return { ...row, ...claim };
  }

  /** Renews the claim on attempt `attempts` of the row while it is still this sender's; returns the stop function. */
  private heartbeat(row: MailOutboxRow) {
    const timer = setInterval(() => {
      renewMailClaim(this.db, row, new Date(this.now().getTime() + this.claimMs).toISOString()).catch((error) => this.log.warn({ err: error, mailId: row.id }, 'mail claim not renewed'));
    }, this.claimMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Sends a claimed row (`row.attempts` is this attempt's number) and records the outcome. */
  private async attempt(row: MailOutboxRow, at: Date) {
    const attempts = row.attempts;
    const messageId = this.messageId(row.message_id!);
    const stopHeartbeat = this.heartbeat(row);
    try {
      await this.transport.send({
        id: row.id,
        kind: row.kind,
        from: this.from,
        to: JSON.parse(row.to_addresses) as string[],
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId,
        attempt: attempts,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
    } catch (error) {
      stopHeartbeat();
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const failed = attempts >= MAX_ATTEMPTS;
      // Only while the claim is still this sender's: another may have taken the row over meanwhile.
      const recorded = await recordMailFailure(this.db, row.id, attempts, {
        last_error: message,
        status: failed ? 'failed' : 'pending',
        next_attempt_at: failed ? null : new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
        sending_since: null,
      });
      if (!recorded) {
        this.log.warn({ mailId: row.id, attempts, messageId }, `mail ${row.id}: attempt ${attempts} failed after another sender took the row over: ${message}`);
        return;
      }
      this.log[failed ? 'error' : 'warn'](
        { mailId: row.id, kind: row.kind, attempts, messageId },
        failed ? `mail ${row.id} given up after ${attempts} attempts: ${message}` : `mail ${row.id} not sent, retrying later: ${message}`,
      );
      return;
    }
    stopHeartbeat();
    // Sent is sent, whoever holds the claim now: a sender that took the row over finds it done when it records.
    if (!(await recordMailSent(this.db, row.id, this.now().toISOString()))) {
      this.log.warn({ mailId: row.id, attempts, messageId }, `mail ${row.id}: attempt ${attempts} delivered, but another attempt had already recorded it as sent`);
    }
  }
}

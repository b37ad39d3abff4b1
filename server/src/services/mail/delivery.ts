/**
 * Sends what the outbox holds. `flush()` delivers every pending mail that is due; a loop calls it every few
 * seconds, and routes call `flushSoon()` right after committing a mail so visitors need not wait for the loop. A
 * failed attempt keeps the row pending with exponential back-off and records the error; after MAX_ATTEMPTS the
 * row is marked failed (kept, for staff to see). Rows are claimed before sending, so two server processes on one
 * PostgreSQL database do not send a mail twice, and a process that dies mid-send leaves the mail due again later.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { MailOutboxRow } from '../../db/tables/mail-outbox.table';
import { fileTransport, smtpTransport, type MailTransport } from './transport';

export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** How long a claimed row is left alone by other senders (it is due again afterwards if this one died). */
const CLAIM_MS = 5 * 60_000;
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
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(options: MailDeliveryOptions) {
    this.db = options.db;
    this.from = options.config.mailFrom;
    this.log = options.log;
    this.now = options.now;
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
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
      const rows = await this.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', atIso)]))
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        if (this.stopped) return;
        if (await this.claim(row, at)) await this.attempt(row, at);
      }
      if (rows.length < BATCH) return;
    }
  }

  /** Takes the row for this pass unless another sender already did. */
  private async claim(row: MailOutboxRow, at: Date) {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(at.getTime() + CLAIM_MS).toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .where((eb) => (row.next_attempt_at === null ? eb('next_attempt_at', 'is', null) : eb('next_attempt_at', '=', row.next_attempt_at)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async attempt(row: MailOutboxRow, at: Date) {
    const attempts = row.attempts + 1;
    try {
      await this.transport.send({
        id: row.id,
        kind: row.kind,
        from: this.from,
        to: JSON.parse(row.to_addresses) as string[],
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const failed = attempts >= MAX_ATTEMPTS;
      await this.db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: message,
          status: failed ? 'failed' : 'pending',
          next_attempt_at: failed ? null : new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      this.log[failed ? 'error' : 'warn'](
        { mailId: row.id, kind: row.kind, attempts },
        failed ? `mail ${row.id} given up after ${attempts} attempts: ${message}` : `mail ${row.id} not sent, retrying later: ${message}`,
      );
      return;
    }
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', attempts, sent_at: this.now().toISOString(), next_attempt_at: null, last_error: null })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * What one visitor's upload may write (ADR 064): bytes are reserved in the database before they reach the disk
 * against three limits (per client address and per hour, for the whole site and per hour, and the temp folder's
 * size). A request that declares its length reserves that much at once (at most the largest upload), so parallel
 * uploads near a limit do not each get half their room and all fail; one sent without a length reserves in steps.
 * A file that would cross a limit is stopped where it is; the caller removes what was written. What is not kept in
 * the end (the file was refused, or more was reserved than the file holds) is given back.
 */
import { Transform } from 'node:stream';
import type { Db } from '../../db/database';
import {
  dropUploadReservation,
  refundUploadBytes,
  reserveUploadBytes,
  type CountedIn,
  type Reserved,
  type UploadLimits,
} from '../../db/repositories/upload-budget';
import type { Config } from '../../config';
import type { Locale } from '../../../../contract/locales';
import { uploadOverBudget } from './upload-messages';

/** How much is reserved at a time: a file of a few MB costs a few queries, not one per chunk. */
export const RESERVATION_STEP_BYTES = 1024 * 1024;
/**
 * How long a reservation lasts without a next step: twice as long as an upload may take (UPLOAD_TIME_LIMIT_MS in
 * temp-file-store.ts); past it the sweep takes the upload for dead and frees its room.
 */
export const RESERVATION_LEASE_MS = 60 * 60 * 1000;

/** The defaults of TEMP_UPLOADS_MAX_BYTES, TEMP_UPLOADS_BYTES_PER_ADDRESS_PER_HOUR and TEMP_UPLOADS_BYTES_PER_HOUR. */
export const defaultUploadBudget = {
  maxBytes: 2 * 1024 ** 3,
  bytesPerAddressPerHour: 50 * 1024 ** 2,
  bytesPerHour: 500 * 1024 ** 2,
} as const;

/** The limits of a configuration, with the defaults for what it leaves out. */
export function uploadLimitsOf(config: Pick<Config, 'tempUploads'>): UploadLimits {
  const budget = { ...defaultUploadBudget, ...config.tempUploads };
  return { perAddress: budget.bytesPerAddressPerHour, perSite: budget.bytesPerHour, folder: budget.maxBytes, windowMs: 60 * 60 * 1000 };
}

export interface AllowanceOptions {
  db: Db;
  /** The upload's id: its reservation's and, when kept, its row's. */
  id: string;
  /** The client address, as Fastify resolved it. */
  address: string;
  limits: UploadLimits;
  now: () => Date;
  locale: Locale;
  /** The request's declared length (at most the largest upload): reserved at once at the first byte. */
  expectedBytes?: number;
}

/** The bytes one upload has reserved and written; `meter()` is the stream that reserves before it lets bytes through. */
export class UploadAllowance {
  private reserved = 0;
  private written = 0;
  /** The reservation under way: the body may fail meanwhile, and `end` must not run before it is settled. */
  private pending: Promise<unknown> = Promise.resolve();
  private readonly steps: { countedIn: CountedIn; bytes: number }[] = [];

  constructor(private readonly options: AllowanceOptions) {}

  /** Passes chunks on once their bytes are reserved; fails with the visitor's 429 or 507 when a budget is spent. */
  meter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        const taking = this.take(chunk.length);
        this.pending = taking.catch(() => undefined);
        taking.then(
          () => done(null, chunk),
          (error: unknown) => done(error as Error),
        );
      },
    });
  }

  private async take(length: number) {
    const missing = this.written + length - this.reserved;
    if (missing > 0) await this.reserve(missing);
    this.written += length;
  }

  /**
   * First the declared length, whole or not at all; without one (or past it), a step ahead when there is room for
   * it, else just what the chunk needs (a budget nearly spent).
   */
  private async reserve(missing: number) {
    const { expectedBytes } = this.options;
    const whole = this.reserved === 0 && expectedBytes !== undefined;
    const ahead = Math.max(missing, whole ? expectedBytes : RESERVATION_STEP_BYTES);
    let answer = await this.tryReserve(ahead);
    if (!answer.ok && !whole && missing < ahead) answer = await this.tryReserve(missing);
    if (!answer.ok) throw uploadOverBudget(this.options.locale, answer.over, answer.over === 'address' ? answer.retryAfterMs : 0, this.options.limits);
  }

  private async tryReserve(bytes: number): Promise<Reserved> {
    const { db, id, address, limits, now } = this.options;
    const answer = await reserveUploadBytes(db, { id, address, bytes, limits, now: now().getTime(), leaseMs: RESERVATION_LEASE_MS });
    if (answer.ok) {
      this.reserved += bytes;
      this.steps.push({ countedIn: answer.countedIn, bytes });
    }
    return answer;
  }

  /**
   * Ends the reservation: with `kept`, the file stays (its row, written by the caller before this, now counts it)
   * and only what was reserved beyond its size is given back; without, everything reserved is given back.
   */
  async end(kept: boolean): Promise<void> {
    const { db, id } = this.options;
    // A reservation still running when the body broke off would otherwise land after the drop, and stay.
    await this.pending;
    await dropUploadReservation(db, id);
    let surplus = kept ? this.reserved - this.written : this.reserved;
    // The surplus is the newest steps' (each step is reserved only once the ones before are written).
    const refunds: { countedIn: CountedIn; bytes: number }[] = [];
    for (const step of [...this.steps].reverse()) {
      if (surplus <= 0) break;
      const bytes = Math.min(step.bytes, surplus);
      refunds.push({ countedIn: step.countedIn, bytes });
      surplus -= bytes;
    }
    this.steps.length = 0;
    this.reserved = 0;
    await refundUploadBytes(db, refunds);
  }
}

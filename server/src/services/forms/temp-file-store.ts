/**
 * Files visitors upload to a form before sending it. They land under `<DATA_DIR>/uploads/tmp/` with a generated
 * name (never the visitor's), are recognised by content, and move to `<DATA_DIR>/uploads/entries/` when an entry
 * refers to them. Both folders are outside PUBLIC_DIR and no route serves them. Files never attached are deleted
 * after TEMP_FILE_MAX_AGE_MS by a sweep that runs with the app. What an upload writes is reserved first against the
 * budget of upload-budget.ts (per address, per site, the folder's size; ADR 064).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { deleteUnattachedTempFile, deleteUnattachedTempFiles, insertTempFile, knownStoredNames } from '../../db/repositories/temp-files';
import { dropUploadReservation, pruneUploadBudget, type UploadLimits } from '../../db/repositories/upload-budget';
import { stripBidiControls } from '../../../../contract/control-characters';
import type { TempFileCreated } from '../../../../contract/schemas/forms';
import { extensionOf, kindClaimedBy, uploadKinds, type UploadKind } from '../../../../contract/upload-kinds';
import { asUploadError, uploadRefused } from './upload-messages';
import { fileSource, sniffUpload } from './sniff-upload';
import { pruneFormEntries } from './entry-files';
import { uploadFolders } from './upload-folders';
import { RESERVATION_LEASE_MS, UploadAllowance } from './upload-budget';
import type { Locale } from '../../../../contract/locales';

/** How long an uploaded file waits for its entry; after that an entry may not use it and the sweep deletes it. */
export const TEMP_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs. */
export const TEMP_FILE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How long one upload may take; well within its reservation's lease, which the sweep ends (ADR 064). */
export const UPLOAD_TIME_LIMIT_MS = RESERVATION_LEASE_MS / 2;

export { uploadFolders };

/**
 * The visitor's file name without folders, control characters or bidirectional controls (which make a name read
 * differently from what it is, ADR 064), at most 200 characters, never empty.
 */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = stripBidiControls(name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!base) return 'upload';
  if (base.length <= 200) return base;
  const extension = extensionOf(base);
  return extension && extension.length < 20 ? `${base.slice(0, 199 - extension.length)}.${extension}` : base.slice(0, 200);
}

export interface IncomingUpload {
  filename: string;
  stream: Readable & { truncated?: boolean };
}

export interface StoreUploadOptions {
  db: Db;
  dataDir: string;
  now: () => Date;
  locale: Locale;
  /** The client address, whose budget the upload counts in. */
  address: string;
  limits: UploadLimits;
  /** The request's declared length, if any: reserved at once (upload-budget.ts). */
  expectedBytes?: number;
  /** How long the upload may take; default UPLOAD_TIME_LIMIT_MS. */
  timeLimitMs?: number;
}

/**
 * Writes an upload to the temp folder and records it; resolves with the id the entry will send. Refuses (and
 * leaves nothing behind) a file over the size limit (413), content of a kind we do not take (415), a file whose
 * name claims another kind than its content is (400, a disguised upload), and a file past the budget, stopped as
 * it crosses it (429 for the address's, 507 for the site's or the folder's).
 */
export async function storeUpload(upload: IncomingUpload, options: StoreUploadOptions): Promise<TempFileCreated> {
  const { db, dataDir, now, locale } = options;
  const folder = uploadFolders(dataDir).tmp;
  await fs.mkdir(folder, { recursive: true });
  const id = randomUUID();
  const partial = path.join(folder, `${id}.part`);
  const allowance = new UploadAllowance({ ...options, id });
  let stored: string | undefined;
  try {
    // An upload that trickles in for longer than its reservation lasts is given up (Fastify sets no request
    // timeout), so the sweep never frees the room of a file still being written.
    const slow = new AbortController();
    const timer = setTimeout(() => slow.abort(), options.timeLimitMs ?? UPLOAD_TIME_LIMIT_MS);
    try {
      await pipeline(upload.stream, allowance.meter(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }), { signal: slow.signal });
    } catch (error) {
      throw slow.signal.aborted ? uploadRefused(locale, 'malformed') : asUploadError(error, locale);
    } finally {
      clearTimeout(timer);
    }
    if (upload.stream.truncated) throw uploadRefused(locale, 'tooLarge');
    const { size } = await fs.stat(partial);
    if (size === 0) throw uploadRefused(locale, 'empty');
    const kind = await sniffFile(partial, size);
    if (!kind) throw uploadRefused(locale, 'kind');
    const name = cleanFileName(upload.filename);
    if (extensionOf(name) && kindClaimedBy(name) !== kind) throw uploadRefused(locale, 'disguised', kind);
    stored = `${id}.${uploadKinds[kind].extensions[0]}`;
    await fs.rename(partial, path.join(folder, stored));
    const row = { id, original_name: name, stored_name: stored, size, mime: uploadKinds[kind].mime, created_at: now().toISOString(), attached_entry_id: null };
    // The row takes over the reservation's room at once: the folder's total never counts the file twice or not at all.
    await db.transaction().execute(async (trx) => {
      await insertTempFile(trx, row);
      await dropUploadReservation(trx, id);
    });
    await allowance.end(true);
    return { id, name, size };
  } catch (error) {
    await fs.rm(partial, { force: true });
    if (stored) await fs.rm(path.join(folder, stored), { force: true });
    // The refusal matters more than the refund: a reservation that could not be ended expires, and the sweep frees it.
    await allowance.end(false).catch(() => undefined);
    throw error;
  }
}

/** Takes back an upload just stored (its request turned out malformed after the file): row and file. */
export async function discardUpload(db: Db, dataDir: string, id: string): Promise<void> {
  const storedName = await deleteUnattachedTempFile(db, id);
  if (storedName !== undefined) await fs.rm(path.join(uploadFolders(dataDir).tmp, storedName), { force: true });
}

async function sniffFile(file: string, size: number): Promise<UploadKind | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    return await sniffUpload(fileSource(handle, size));
  } finally {
    await handle.close();
  }
}

/**
 * Moves attached files from the temp folder to the entries folder; resolves with a function that moves them back
 * (for when the entry's transaction fails after the move). A file already moved (a retried move) counts as moved.
 */
export async function moveToEntries(dataDir: string, storedNames: readonly string[]): Promise<() => Promise<void>> {
  const { tmp, entries } = uploadFolders(dataDir);
  await fs.mkdir(entries, { recursive: true });
  const moved: string[] = [];
  const undo = async () => {
    for (const name of moved) await fs.rename(path.join(entries, name), path.join(tmp, name)).catch(() => undefined);
  };
  try {
    for (const name of storedNames) {
      await fs.rename(path.join(tmp, name), path.join(entries, name));
      moved.push(name);
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return undo;
}

export interface SweepResult {
  /** Rows (and their files) of uploads never attached, now deleted. */
  expired: number;
  /** Files in the temp folder without a row (an upload cut off midway), now deleted. */
  orphans: number;
}

/**
 * Deletes uploads never attached that are older than `maxAgeMs`, rows and files, and orphaned temp files; and the
 * budget's ended windows and the reservations of uploads a stopped server left, with their part files.
 */
export async function sweepTempFiles(db: Db, dataDir: string, now: Date, maxAgeMs = TEMP_FILE_MAX_AGE_MS): Promise<SweepResult> {
  const cutoff = now.getTime() - maxAgeMs;
  const { tmp, entries } = uploadFolders(dataDir);
  for (const id of await pruneUploadBudget(db, now.getTime())) await fs.rm(path.join(tmp, `${id}.part`), { force: true });
  const expired = await deleteUnattachedTempFiles(db, new Date(cutoff).toISOString());
  // A row whose entry went away (attached_entry_id set null) may still have its file in the entries folder.
  for (const row of expired) {
    await fs.rm(path.join(tmp, row.stored_name), { force: true });
    await fs.rm(path.join(entries, row.stored_name), { force: true });
  }
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  const known = await knownStoredNames(db, names);
  let orphans = 0;
  for (const name of names.filter((file) => !known.has(file))) {
    const stat = await fs.stat(path.join(tmp, name)).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < cutoff) {
      await fs.rm(path.join(tmp, name), { force: true });
      orphans += 1;
    }
  }
  return { expired: expired.length, orphans };
}

/**
 * Runs the sweep every `intervalMs` while the app is open, and with it the form entries' retention (ADR 060:
 * entries past FORM_ENTRY_RETENTION_DAYS go with their files); a failed sweep is logged and tried again next time.
 */
export function startTempFileSweeper(app: FastifyInstance, db: Db, dataDir: string, now: () => Date, intervalMs = TEMP_FILE_SWEEP_INTERVAL_MS) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      const at = now();
      const result = await sweepTempFiles(db, dataDir, at);
      if (result.expired || result.orphans) app.log.info(result, 'deleted uploads never attached to a form entry');
      const entries = await pruneFormEntries(db, dataDir, at);
      if (entries) app.log.info({ entries }, 'deleted form entries past their retention, with their files');
      app.log.debug({ at: at.toISOString() }, 'temp-file sweep done');
    })()
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping temp files or old form entries failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

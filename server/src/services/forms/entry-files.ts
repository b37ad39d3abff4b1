/**
 * The files of form entries as staff use them (ADR 060): opened for a download by entry and file id, deleted from
 * disk with their entry, and deleted with entries past the retention by the sweep of ./temp-file-store.ts. The
 * visitor's file name is only ever sent back inside `Content-Disposition`, made safe by `attachmentDisposition`.
 */
import { promises as fs, type ReadStream } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database';
import { deleteForm, deleteFormEntriesBefore, deleteFormEntry } from '../../db/repositories/forms';
import { findEntryFile } from '../../db/repositories/temp-files';
import { FORM_ENTRY_RETENTION_DAYS } from '../../../../contract/form-entry-retention';
import { replaceControlCharacters } from '../../../../contract/control-characters';
import { extensionOf } from '../../../../contract/upload-kinds';
import { uploadFolders } from './upload-folders';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes stored files from both upload folders (an entry's files are in `entries`; `tmp` after a failed move). */
async function removeStoredFiles(dataDir: string, storedNames: readonly string[]): Promise<void> {
  const { tmp, entries } = uploadFolders(dataDir);
  for (const name of storedNames) {
    await fs.rm(path.join(entries, name), { force: true });
    await fs.rm(path.join(tmp, name), { force: true });
  }
}

/** Deletes an entry with its files, rows and disk; resolves with whether there was one. */
export async function deleteEntryWithFiles(db: Db, dataDir: string, id: number): Promise<boolean> {
  const storedNames = await deleteFormEntry(db, id);
  if (!storedNames) return false;
  await removeStoredFiles(dataDir, storedNames);
  return true;
}

/** Deletes a form (with its entries and their files when `withEntries`, else 409 while it has any). */
export async function deleteFormWithFiles(db: Db, dataDir: string, id: number, withEntries: boolean): Promise<void> {
  const { storedNames } = await deleteForm(db, id, { withEntries });
  await removeStoredFiles(dataDir, storedNames);
}

/** Deletes the entries older than the retention with their files; resolves with how many entries went. */
export async function pruneFormEntries(db: Db, dataDir: string, now: Date, days = FORM_ENTRY_RETENTION_DAYS): Promise<number> {
  const { entries, storedNames } = await deleteFormEntriesBefore(db, new Date(now.getTime() - days * DAY_MS).toISOString());
  await removeStoredFiles(dataDir, storedNames);
  return entries;
}

export interface OpenedEntryFile {
  name: string;
  size: number;
  stream: ReadStream;
}

/**
 * The file `fileId` of entry `entryId`, opened for reading; undefined when the entry has no such file or it is gone
 * from disk (the caller answers both with the same 404).
 */
export async function openEntryFile(db: Db, dataDir: string, entryId: number, fileId: string): Promise<OpenedEntryFile | undefined> {
  const row = await findEntryFile(db, entryId, fileId);
  if (!row) return undefined;
  const file = path.join(uploadFolders(dataDir).entries, row.stored_name);
  const handle = await fs.open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  const { size } = await handle.stat();
  const name = extensionOf(row.original_name) ? row.original_name : `${row.original_name}.${extensionOf(row.stored_name) || 'bin'}`;
  return { name, size, stream: handle.createReadStream() };
}

// Tab, line feed and carriage return, which the shared replacement keeps.
const lineBreaksAndTabs = /[\t\n\r]/g;
/** Everything outside printable ASCII and the characters that end or escape a quoted header value. */
const notPlainAscii = /[^\x20-\x7e]|["\\%;]/g;

/**
 * `Content-Disposition: attachment` for a visitor's file name (RFC 6266): a plain ASCII `filename` for old clients
 * (accents dropped, anything else `_`) and the whole name UTF-8 encoded in `filename*`. Quotes, backslashes and
 * slashes never reach the header as they are; line breaks, control characters and lone surrogates are dropped.
 */
export function attachmentDisposition(name: string): string {
  const clean = replaceControlCharacters(name).replace(/\ufffd/g, '').replace(lineBreaksAndTabs, '').replace(/[\\/]/g, '_').trim() || 'download';
  const ascii = clean.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(notPlainAscii, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Rows of files visitors uploaded for a form entry (services/forms/temp-file-store.ts keeps the files). Not
 * content: never in the change log.
 */
import type { Db } from '../database';
import type { TempFileRow } from '../tables/form.table';
import { chunks } from './shared';

export async function insertTempFile(db: Db, row: TempFileRow): Promise<void> {
  await db.insertInto('temp_file').values(row).execute();
}

/** The rows of these ids that exist, by id (an entry names a few at most). */
export async function findTempFiles(db: Db, ids: readonly string[]): Promise<Map<string, TempFileRow>> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await db.selectFrom('temp_file').selectAll().where('id', 'in', unique).execute() : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Marks unattached files as belonging to an entry (the caller's transaction); resolves with how many it marked, so
 * the caller sees when another entry took one of them first.
 */
export async function attachTempFiles(trx: Db, ids: readonly string[], entryId: number): Promise<number> {
  if (!ids.length) return 0;
  const result = await trx
    .updateTable('temp_file')
    .set({ attached_entry_id: entryId })
    .where('id', 'in', [...ids])
    .where('attached_entry_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the rows of files never attached that were uploaded before `cutoff`; resolves with them. */
export function deleteUnattachedTempFiles(db: Db, cutoff: string): Promise<TempFileRow[]> {
  return db
    .deleteFrom('temp_file')
    .where('attached_entry_id', 'is', null)
    .where('created_at', '<', cutoff)
    .returningAll()
    .execute();
}

/** Every stored name the table knows, so the sweep can tell orphaned files on disk from live ones. */
export async function knownStoredNames(db: Db, names: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const chunk of chunks(names)) {
    const rows = await db.selectFrom('temp_file').select('stored_name').where('stored_name', 'in', chunk).execute();
    for (const row of rows) known.add(row.stored_name);
  }
  return known;
}

/** Deletes an upload that no entry took yet; resolves with its file's name, or undefined when there was none. */
export async function deleteUnattachedTempFile(db: Db, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('temp_file').where('id', '=', id).where('attached_entry_id', 'is', null).returning('stored_name').executeTakeFirst();
  return row?.stored_name;
}

/** The file `fileId` if entry `entryId` holds it (a file of another entry, or none yet, is not found). */
export function findEntryFile(db: Db, entryId: number, fileId: string): Promise<TempFileRow | undefined> {
  return db.selectFrom('temp_file').selectAll().where('id', '=', fileId).where('attached_entry_id', '=', entryId).executeTakeFirst();
}

/**
 * Keeps the search index current (ADR 010). Every content write logs the records it changed in the change log
 * (repositories/change-log.ts), and the log passes them here in the same transaction: the documents of those
 * records are rewritten from the database as it now stands, so search never shows what was not committed and
 * never misses what was. A full rebuild serves a database whose index is missing or was built by older rules.
 */
import type { Db } from '../database';
import type { Change } from '../tables/change-log.table';
import { descendantIds } from '../repositories/page-reads';
import { inTransaction } from '../repositories/shared';
import type { SearchKind } from '../tables/search-document.table';
import { loadSearchDocuments, searchKinds } from './search-documents';
import { clearSearchIndex, insertSearchDocuments, removeSearchDocuments } from './search-index';

/**
 * The version of the rules that turn records into indexed words (folding, the texts taken). A database whose
 * index was built by other rules is rebuilt on its next start (ensureSearchIndex).
 */
export const searchIndexVersion = '1';
export const searchIndexVersionKey = 'search_index_version';

const isSearchKind = (entity: string): entity is SearchKind => (searchKinds as readonly string[]).includes(entity);

/** Rewrites the documents of the given records from what the database holds now; offline or deleted ones go. */
export async function reindexRecords(trx: Db, kind: SearchKind, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await removeSearchDocuments(trx, kind, ids);
  await insertSearchDocuments(trx, await loadSearchDocuments(trx, kind, ids));
}

/**
 * The hook of the change log: reindexes every page, event, article and subscription a write changed. A container
 * or module write logs its owner, so its text lands here too; `page_subtree` (a new slug moved the descendants'
 * addresses) reindexes the descendants.
 */
export async function updateSearchIndex(trx: Db, changes: Change[]): Promise<void> {
  for (const [kind, recordIds] of await recordsOfChanges(trx, changes)) await reindexRecords(trx, kind, [...recordIds]);
}

/**
 * The records whose documents a batch of changes may have changed, per kind: the searchable records named, and
 * the descendants of a `page_subtree`. Also what the autocomplete's title index reloads (services/search/title-index.ts).
 */
export async function recordsOfChanges(db: Db, changes: readonly { entity: string; id: string | number }[]): Promise<Map<SearchKind, Set<number>>> {
  const ids = new Map<SearchKind, Set<number>>(searchKinds.map((kind) => [kind, new Set()]));
  for (const change of changes) {
    const id = Number(change.id);
    if (!Number.isInteger(id)) continue;
    if (isSearchKind(change.entity)) ids.get(change.entity)!.add(id);
    else if (change.entity === 'page_subtree') for (const below of await descendantIds(db, id)) ids.get('page')!.add(below);
  }
  return ids;
}

/** Builds the whole index anew in one transaction; resolves with the number of documents. */
export function rebuildSearchIndex(db: Db): Promise<number> {
  return inTransaction(db, async (trx) => {
    await clearSearchIndex(trx);
    let count = 0;
    for (const kind of searchKinds) {
      const docs = await loadSearchDocuments(trx, kind);
      await insertSearchDocuments(trx, docs);
      count += docs.length;
    }
    await trx
      .insertInto('meta')
      .values({ key: searchIndexVersionKey, value: searchIndexVersion })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: searchIndexVersion }))
      .execute();
    return count;
  });
}

/**
 * Rebuilds the index unless it was built by the current rules (after the migration that created it, or after
 * the rules changed). Run after migrating and seeding; resolves with the number of documents, or null when the
 * index was current.
 */
export async function ensureSearchIndex(db: Db): Promise<number | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', searchIndexVersionKey).executeTakeFirst();
  if (row?.value === searchIndexVersion) return null;
  return rebuildSearchIndex(db);
}

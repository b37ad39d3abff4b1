/**
 * The containers whose modules link to given pages or events by reference (ADR 034). A page's new address, an
 * event's new slug, either going offline or away changes what those modules show, so their containers are logged
 * with the record's own change and the next build re-sources them.
 */
import { storedLinkReferences } from '../../services/module-rules';
import { linkReference, type LinkReferenceKind } from '../../shared/link-reference';
import type { Db } from '../database';
import type { Change } from './change-log';

export async function referringContainers(trx: Db, kind: LinkReferenceKind, ids: readonly number[]): Promise<Change[]> {
  if (!ids.length) return [];
  const wanted = new Set(ids.map((id) => linkReference(kind, id)));
  // The text match narrows the rows (a stored reference is the JSON string "kind:id"); the module's fields decide.
  const rows = await trx.selectFrom('module').select(['container_id', 'type', 'data']).where('data', 'like', `%"${kind}:%`).execute();
  const containers = new Set<number>();
  for (const row of rows) if (storedLinkReferences(row).some((reference) => wanted.has(reference))) containers.add(row.container_id);
  return [...containers].sort((a, b) => a - b).map((id) => ({ entity: 'container' as const, id }));
}

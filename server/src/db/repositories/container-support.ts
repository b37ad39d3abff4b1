import { layoutColumns } from '../../../../contract/schemas/content';
import { ContentNotFoundError } from '../errors';
import type { Db } from '../database';
import type { ContainerRow } from '../tables/container.table';
import type { Change } from '../tables/change-log.table';
import { logChanges } from './change-log';
import { touchOwner } from './container-owners';
import { isDraftContainer } from './draft-rows';
import { writePageVersion } from './page-versions';
import { isRecordOwner, writeRecordVersion } from './record-versions';
import { nowIso } from './shared';

export const columnCount = (layout: number) => layoutColumns[layout]?.length ?? 1;

/** Who makes a content write: a staff user's id, or null (the default) for the seed, the sync and scripts. */
export interface WriteOptions {
  by?: number | null;
}

export async function requireContainer(trx: Db, id: number, field = 'id'): Promise<ContainerRow> {
  const row = await trx.selectFrom('container').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`Container ${id} not found`, field);
  return row;
}

/**
 * Every container write ends here: the container's version goes up and remembers the writer, the container and
 * its owner (page, event, subscription or article) change in the feed, the owner's timestamp moves and the
 * owner keeps a version (a page's, ADR 031; a record's, ADR 059).
 */
export async function afterContainerWrite(trx: Db, container: ContainerRow, changes: Change[] = [], options: WriteOptions = {}) {
  await afterContainersWrite(trx, [container], changes, options);
}

/**
 * afterContainerWrite for a write that changed several containers at once (a module moved between two): each
 * version goes up once, and a page holding several of them gets one page version, of the finished write.
 */
export async function afterContainersWrite(trx: Db, containers: ContainerRow[], changes: Change[] = [], { by = null }: WriteOptions = {}) {
  const ids = [...new Set(containers.map((container) => container.id))];
  await trx
    .updateTable('container')
    .set((eb) => ({ version: eb('version', '+', 1), updated_by: by, updated_at: nowIso() }))
    .where('id', 'in', ids)
    .execute();
  // A draft's sections (ADR 085) are not published: the draft remembers the write, and nothing is logged or versioned.
  const drafts = [...new Set(containers.filter(isDraftContainer).map((container) => container.object_id))];
  if (drafts.length) await trx.updateTable('content_draft').set({ updated_by: by, updated_at: nowIso() }).where('id', 'in', drafts).execute();
  const draftIds = new Set(containers.filter(isDraftContainer).map((container) => container.id));
  const live = containers.filter((container) => !isDraftContainer(container));
  if (!live.length) return;
  const owners = new Map(live.map((c) => [`${c.content_type}\u0000${c.object_id}`, c]));
  const own: Change[] = [];
  for (const owner of owners.values()) own.push(...(await touchOwner(trx, owner.content_type, owner.object_id)));
  const logged = changes.filter((change) => !(change.entity === 'container' && draftIds.has(Number(change.id))));
  await logChanges(trx, [...logged, ...own], { by });
  for (const owner of owners.values()) {
    if (owner.content_type === 'page') await writePageVersion(trx, owner.object_id, by);
    else if (isRecordOwner(owner.content_type)) await writeRecordVersion(trx, owner.content_type, owner.object_id, by);
  }
}

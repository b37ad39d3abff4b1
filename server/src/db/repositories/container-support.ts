import { layoutColumns } from '../../schemas/content';
import { ContentNotFoundError } from '../../services/errors';
import type { Db } from '../database';
import type { ContainerRow } from '../tables/container.table';
import { logChanges, type Change } from './change-log';
import { writePageVersion } from './page-versions';
import { nowIso } from './shared';

export const columnCount = (layout: number) => layoutColumns[layout]?.length ?? 1;

export async function requireContainer(trx: Db, id: number, field = 'id'): Promise<ContainerRow> {
  const row = await trx.selectFrom('container').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`Container ${id} not found`, field);
  return row;
}

/**
 * Every container write ends here: the container and its owner page change in the feed, the page's timestamp moves
 * and a page version is kept.
 */
export async function afterContainerWrite(trx: Db, container: ContainerRow, changes: Change[] = []) {
  const own: Change[] = [];
  if (container.content_type === 'page') {
    await trx.updateTable('page').set({ updated_at: nowIso() }).where('id', '=', container.object_id).execute();
    own.push({ entity: 'page', id: container.object_id });
  }
  await logChanges(trx, [...changes, ...own]);
  if (container.content_type === 'page') await writePageVersion(trx, container.object_id);
}


import { layoutColumns } from '../../schemas/content';
import { ContentNotFoundError } from '../../services/errors';
import type { Db } from '../database';
import type { ContainerRow } from '../tables/container.table';
import { logChanges, type Change } from './change-log';
import { touchOwner } from './container-owners';
import { writePageVersion } from './page-versions';

export const columnCount = (layout: number) => layoutColumns[layout]?.length ?? 1;

export async function requireContainer(trx: Db, id: number, field = 'id'): Promise<ContainerRow> {
  const row = await trx.selectFrom('container').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ContentNotFoundError(`Container ${id} not found`, field);
  return row;
}

/**
 * Every container write ends here: the container and its owner (page, event, subscription or article) change in
 * the feed, the owner's timestamp moves and, for a page, a page version is kept.
 */
export async function afterContainerWrite(trx: Db, container: ContainerRow, changes: Change[] = []) {
  const own = await touchOwner(trx, container.content_type, container.object_id);
  await logChanges(trx, [...changes, ...own]);
  if (container.content_type === 'page') await writePageVersion(trx, container.object_id);
}


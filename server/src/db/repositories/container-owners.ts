import type { Locale } from '../../../../contract/locales';
import { ContentValidationError } from '../errors';
import type { Db } from '../database';
import type { Change } from '../tables/change-log.table';
import { deleteRecordVersions } from './record-versions';
import { deleteDraftsOf } from './draft-rows';
import { nowIso } from './shared';

/** Kinds of records that own containers: pages, and the programme's events, subscription series and articles. */
export const containerOwners = ['page', 'event', 'subscription', 'article'] as const;
export type ContainerOwner = (typeof containerOwners)[number];
/** Owners that are programme records: a table of that name, both languages always present. */
type RecordOwner = Exclude<ContainerOwner, 'page'>;

export const isContainerOwner = (value: string): value is ContainerOwner =>
  (containerOwners as readonly string[]).includes(value);

const ownerNames: Record<ContainerOwner, string> = {
  page: 'Page',
  event: 'Event',
  subscription: 'Subscription',
  article: 'Article',
};

/** Whether the owner exists and, for a page, has the language; records always have both (ADR 059). */
export async function ownerHasLocale(db: Db, contentType: ContainerOwner, objectId: number, locale: Locale): Promise<boolean> {
  if (contentType === 'page') {
    return Boolean(await db.selectFrom('page_translation').select('page_id').where('page_id', '=', objectId).where('locale', '=', locale).executeTakeFirst());
  }
  return Boolean(await db.selectFrom(contentType as RecordOwner).select('id').where('id', '=', objectId).executeTakeFirst());
}

/** Refuses a container for an owner that does not exist (or, for a page, lacks that language). */
export async function assertOwnerExists(trx: Db, contentType: ContainerOwner, objectId: number, locale: Locale) {
  if (await ownerHasLocale(trx, contentType, objectId, locale)) return;
  const message = contentType === 'page' ? `Page ${objectId} has no ${locale} version` : `${ownerNames[contentType]} ${objectId} does not exist`;
  throw new ContentValidationError('object_id', message);
}

/**
 * A container of this owner changed: the owner's timestamp moves, and its record (whose data lists its container
 * ids) goes into the changes feed. Resolves with the change to log.
 */
export async function touchOwner(trx: Db, contentType: string, objectId: number): Promise<Change[]> {
  if (!isContainerOwner(contentType)) return [];
  await trx
    .updateTable(contentType as RecordOwner)
    .set({ updated_at: nowIso() })
    .where('id', '=', objectId)
    .execute();
  return [{ entity: contentType, id: objectId }];
}

/** Whether visitors may see the owner's content (an unknown kind of owner counts as online; a draft never). */
export async function isOwnerOnline(db: Db, contentType: string, objectId: number): Promise<boolean> {
  // A draft (ADR 085) is never visitors'.
  if (contentType === 'draft') return false;
  if (!isContainerOwner(contentType)) return true;
  const table = contentType === 'page' ? 'page' : (contentType as RecordOwner);
  const owner = await db.selectFrom(table as RecordOwner).select('is_online').where('id', '=', objectId).executeTakeFirst();
  return owner?.is_online === 1;
}

/**
 * Removes the containers (with their modules) of records about to be deleted; resolves with the tombstones to
 * log. Part of the caller's transaction.
 */
export async function deleteOwnedContainers(trx: Db, contentType: ContainerOwner, objectId: number): Promise<Change[]> {
  const containers = await trx
    .selectFrom('container')
    .select('id')
    .where('content_type', '=', contentType)
    .where('object_id', '=', objectId)
    .execute();
  const ids = containers.map((row) => row.id);
  await deleteDraftsOf(trx, contentType, objectId);
  if (contentType !== 'page') await deleteRecordVersions(trx, contentType, objectId);
  // Which language changed last (ADR 083) means nothing once the record is gone.
  await trx.deleteFrom('section_change').where('content_type', '=', contentType).where('object_id', '=', objectId).execute();
  if (!ids.length) return [];
  await trx.deleteFrom('module').where('container_id', 'in', ids).execute();
  await trx.deleteFrom('container').where('id', 'in', ids).execute();
  return ids.map((id) => ({ entity: 'container' as const, id, op: 'delete' as const }));
}

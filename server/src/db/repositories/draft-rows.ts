/**
 * How a draft's sections are stored among the live ones (ADR 085; repositories/drafts.ts has the draft's life): the
 * owner kind `draft`, and slugs that carry the draft's id while they are a draft's; and the read of an owner's
 * sections in one language, a record's or a draft's. Imports no repository, so every repository that reads
 * containers can use it.
 */
import type { Locale } from '../../../../contract/locales';
import type { DraftOwnerType } from '../../../../contract/schemas/drafts';
import type { Db } from '../database';
import type { ContainerRow } from '../tables/container.table';
import type { ContentDraftRow } from '../tables/content-draft.table';

/** The owner kind of a draft's containers. */
export const draftOwner = 'draft';

/** How a draft section's slug is stored: the draft's id, `~`, the slug it will have (slugs never hold `~`). */
export const storedDraftSlug = (draftId: number, slug: string) => `${draftId}~${slug}`;
/** The slug a stored container shows: a draft section's without its draft prefix. */
export const draftSlugOf = (row: Pick<ContainerRow, 'content_type' | 'slug'>) => (row.content_type === draftOwner ? row.slug.replace(/^\d+~/, '') : row.slug);
export const isDraftContainer = (row: Pick<ContainerRow, 'content_type'>) => row.content_type === draftOwner;
/** The `parent` of a draft's sections. */
export const draftParent = (draftId: number, locale: Locale) => `${draftOwner}-${draftId}-${locale}`;


/** The draft's containers and modules, and the draft, removed (in the caller's transaction). */
export async function dropDraft(trx: Db, draft: ContentDraftRow) {
  const containers = await trx.selectFrom('container').select('id').where('content_type', '=', draftOwner).where('object_id', '=', draft.id).execute();
  if (containers.length) {
    await trx.deleteFrom('module').where('container_id', 'in', containers.map((row) => row.id)).execute();
    await trx.deleteFrom('container').where('id', 'in', containers.map((row) => row.id)).execute();
  }
  await trx.deleteFrom('content_draft').where('id', '=', draft.id).execute();
}

/** Removes every draft of an owner (both languages): part of deleting the owner, in the caller's transaction. */
export async function deleteDraftsOf(trx: Db, contentType: DraftOwnerType, objectId: number) {
  const drafts = await trx.selectFrom('content_draft').selectAll().where('content_type', '=', contentType).where('object_id', '=', objectId).execute();
  for (const draft of drafts) await dropDraft(trx, draft);
}


/** An owner's containers in one language, in order: a record's sections, or a draft's (ADR 059, ADR 085). */
export const sectionsOf = (db: Db, contentType: string, objectId: number, locale: Locale) =>
  db
    .selectFrom('container')
    .selectAll()
    .where('content_type', '=', contentType)
    .where('object_id', '=', objectId)
    .where('locale', '=', locale)
    .orderBy('position')
    .orderBy('id')
    .execute();


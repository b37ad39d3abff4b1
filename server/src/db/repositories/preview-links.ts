/**
 * Preview links (ADR 084): the rows behind the links staff hand to people without an account. A row says what a
 * link shows (an owner of sections in one language), who made it, until when it holds and whether it was revoked;
 * the token is signed from the row by services/preview-links.ts and never stored.
 */
import type { Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import type { PreviewLinkOwner, PreviewLinkRow } from '../tables/preview-link.table';

/** The most rows the hub's list shows (newest first); older ones are past and revoked links nobody needs to see. */
export const previewLinkListLimit = 500;

export async function createPreviewLink(
  db: Db,
  link: { content_type: PreviewLinkOwner; object_id: number; locale: Locale; created_by: number | null; created_at: string; expires_at: string },
): Promise<number> {
  const row = await db
    .insertInto('preview_link')
    .values({ ...link, revoked_at: null, revoked_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findPreviewLink = (db: Db, id: number): Promise<PreviewLinkRow | undefined> =>
  db.selectFrom('preview_link').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Revokes a link: from now on it opens nothing. A link revoked before keeps its first revocation. Resolves with the
 * row as it is now, or undefined when there is none.
 */
export async function revokePreviewLink(db: Db, id: number, by: number | null, at: string): Promise<PreviewLinkRow | undefined> {
  await db.updateTable('preview_link').set({ revoked_at: at, revoked_by: by }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  return findPreviewLink(db, id);
}

/** The newest links (or the one with `id`) with the usernames of who made and who revoked them (null when the account is gone). */
export function listPreviewLinks(db: Db, { id, limit = previewLinkListLimit }: { id?: number; limit?: number } = {}) {
  let query = db
    .selectFrom('preview_link')
    .leftJoin('staff_user as creator', 'creator.id', 'preview_link.created_by')
    .leftJoin('staff_user as revoker', 'revoker.id', 'preview_link.revoked_by')
    .select([
      'preview_link.id',
      'preview_link.content_type',
      'preview_link.object_id',
      'preview_link.locale',
      'preview_link.created_at',
      'preview_link.expires_at',
      'preview_link.revoked_at',
      'creator.username as created_by',
      'revoker.username as revoked_by',
    ]);
  if (id !== undefined) query = query.where('preview_link.id', '=', id);
  return query.orderBy('preview_link.created_at', 'desc').orderBy('preview_link.id', 'desc').limit(limit).execute();
}

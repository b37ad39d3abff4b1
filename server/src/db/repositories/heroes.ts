import type { Locale } from '../../../../contract/locales';
import { assertValid } from '../rules/assert-valid';
import { HeroInputSchema, type HeroInput } from '../../../../contract/schemas/content-input';
import { allowedHost, embedHosts } from '../../../../contract/embed-hosts';
import { ContentNotFoundError, ContentValidationError } from '../errors';
import { assertReferencesExist } from './link-references';
import type { PrepareOptions } from './modules';
import type { Db } from '../database';
import type { Change } from '../tables/change-log.table';
import { logChanges } from './change-log';
import { assertMediaExists } from './media';
import { getPage } from './page-reads';
import { writePageVersion } from './page-versions';
import { inTransaction, nowIso } from './shared';

/** The home page's hero is also the site hero (`/api/hero/`, sync type `hero`). */
async function heroChanges(trx: Db, pageId: number, locale: Locale, op: 'upsert' | 'delete'): Promise<Change[]> {
  const page = await getPage(trx, pageId);
  const changes: Change[] = [{ entity: 'page', id: pageId }];
  if (page?.content_type === 'home') changes.push({ entity: 'hero', id: locale, op });
  return changes;
}

/**
 * Sets the hero of a page in one language (creating or replacing it). Its link may be a picked page or event
 * (`page:12`, ADR 038), which must exist (unless copied from the store: PrepareOptions); the site then shows its
 * current address.
 */
export async function upsertHero(db: Db, input: HeroInput, options: PrepareOptions = {}): Promise<void> {
  assertValid(HeroInputSchema, input);
  if (input.video && !allowedHost('video', input.video)) {
    throw new ContentValidationError('video', `video must be an https link to one of: ${embedHosts.video.join(', ')}`).because('embed_host_not_allowed', { hosts: embedHosts.video.join(', ') });
  }
  await inTransaction(db, async (trx) => {
    const page = await getPage(trx, input.page_id);
    if (!page) throw new ContentNotFoundError(`Page ${input.page_id} not found`, 'page_id');
    await assertMediaExists(trx, input.image_id, 'image_id');
    if (!options.heldReferences) await assertReferencesExist(trx, [{ field: 'link', value: input.link }]);
    const values = {
      headline: input.headline.trim(),
      text: input.text ?? '',
      link: input.link ?? '',
      link_text: input.link_text ?? '',
      image_id: input.image_id ?? null,
      video: input.video ?? '',
      updated_at: nowIso(),
    };
    const existing = await trx
      .selectFrom('hero')
      .select('id')
      .where('page_id', '=', input.page_id)
      .where('locale', '=', input.locale)
      .executeTakeFirst();
    if (existing) await trx.updateTable('hero').set(values).where('id', '=', existing.id).execute();
    else await trx.insertInto('hero').values({ ...values, page_id: input.page_id, locale: input.locale }).execute();
    await trx.updateTable('page').set({ updated_at: values.updated_at }).where('id', '=', input.page_id).execute();
    await logChanges(trx, await heroChanges(trx, input.page_id, input.locale, 'upsert'));
    await writePageVersion(trx, input.page_id);
  });
}

export async function deleteHero(db: Db, pageId: number, locale: Locale): Promise<void> {
  await inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('hero').where('page_id', '=', pageId).where('locale', '=', locale).executeTakeFirst();
    if (!Number(result.numDeletedRows)) throw new ContentNotFoundError(`Page ${pageId} has no ${locale} hero`, 'page_id');
    await trx.updateTable('page').set({ updated_at: nowIso() }).where('id', '=', pageId).execute();
    await logChanges(trx, await heroChanges(trx, pageId, locale, 'delete'));
    await writePageVersion(trx, pageId);
  });
}

/** The hero rows of some pages (all when `pageIds` is left out). */
export function listHeroes(db: Db, pageIds?: readonly number[]) {
  let query = db.selectFrom('hero').selectAll();
  if (pageIds) {
    if (!pageIds.length) return Promise.resolve([]);
    query = query.where('page_id', 'in', [...pageIds]);
  }
  return query.execute();
}

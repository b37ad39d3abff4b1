/**
 * The reads behind the content calls and the sync (services/content-reader.ts assembles them): containers by
 * owner or slug, their modules in one query per batch, the home page's hero.
 */
import type { Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import type { ContainerOwner } from './container-owners';
import { selectInChunks } from './shared';

export const modulesOfContainers = (db: Db, containerIds: number[]) =>
  selectInChunks(containerIds, (chunk) => db.selectFrom('module').selectAll().where('container_id', 'in', chunk).execute());

/** The containers of some records of one kind (pages, events, …), by owner, language and position. */
export function ownedContainerRows(db: Db, contentType: ContainerOwner, ownerIds: readonly number[]) {
  return selectInChunks(ownerIds, (chunk) =>
    db
      .selectFrom('container')
      .selectAll()
      .where('content_type', '=', contentType)
      .where('object_id', 'in', chunk)
      .orderBy('object_id')
      .orderBy('locale')
      .orderBy('position')
      .orderBy('id')
      .execute(),
  );
}

/** A live container by its slug; a draft's sections (ADR 085) are never found by slug. */
export const containerBySlug = (db: Db, slug: string) =>
  db.selectFrom('container').selectAll().where('slug', '=', slug).where('content_type', '!=', 'draft').executeTakeFirst();

/** A page's hero in one language (the site shows the home page's). */
export const heroOfPage = (db: Db, pageId: number, locale: Locale) =>
  db.selectFrom('hero').selectAll().where('page_id', '=', pageId).where('locale', '=', locale).executeTakeFirst();

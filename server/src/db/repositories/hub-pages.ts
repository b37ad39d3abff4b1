/**
 * The reads the hub's page calls make beside the page repositories (server/src/hub/resources/pages.ts and
 * hub/routes/page-routes.ts): the list and tree with both languages joined, a page's translations as its change
 * page shows them, and what a delete must check first (children, navigation entries, the legal pages).
 */
import type { Locale } from '../../../../contract/locales';
import type { Db } from '../database';

/** Pages with their German (`de`) and English (`en`) translation rows, either missing when the page lacks it. */
export function pagesWithTranslations(db: Db) {
  return db
    .selectFrom('page')
    .leftJoin('page_translation as de', (join) => join.onRef('de.page_id', '=', 'page.id').on('de.locale', '=', 'de'))
    .leftJoin('page_translation as en', (join) => join.onRef('en.page_id', '=', 'page.id').on('en.locale', '=', 'en'));
}

/** Every page with its title and path in both languages, in the order of the tree (position, then id). */
export function pageTreeRows(db: Db) {
  return pagesWithTranslations(db)
    .select([
      'page.id',
      'page.parent_id',
      'page.position',
      'page.content_type',
      'page.is_online',
      'page.in_menu',
      'de.title as title_de',
      'de.path as path_de',
      'en.title as title_en',
      'en.path as path_en',
    ])
    .orderBy('page.position')
    .orderBy('page.id')
    .execute();
}

/** A page's row; a missing page fails (Kysely's NoResultError), for writes whose caller checked it exists. */
export const getPageOrThrow = (db: Db, id: number) => db.selectFrom('page').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Every translation row of a page. */
export const pageTranslations = (db: Db, pageId: number) => db.selectFrom('page_translation').selectAll().where('page_id', '=', pageId).execute();

/** A page's translation row in one language, if it has one. */
export const pageTranslation = (db: Db, pageId: number, locale: Locale) =>
  db.selectFrom('page_translation').selectAll().where('page_id', '=', pageId).where('locale', '=', locale).executeTakeFirst();

/** A page's titles, one row per language (alphabetically by language). */
export const pageTitles = (db: Db, pageId: number) => db.selectFrom('page_translation').select(['locale', 'title']).where('page_id', '=', pageId).orderBy('locale').execute();

/** The titles of several pages, one row per page and language (alphabetically by language). */
export const titlesOfPages = (db: Db, ids: number[]) =>
  db.selectFrom('page_translation').select(['page_id', 'locale', 'title']).where('page_id', 'in', ids).orderBy('locale').execute();

/** A page's content type; a missing page fails (Kysely's NoResultError). */
export const pageContentType = (db: Db, id: number) => db.selectFrom('page').select(['content_type']).where('id', '=', id).executeTakeFirstOrThrow();

/** The pages directly below a page, in their order. */
export const childPages = (db: Db, id: number) => db.selectFrom('page').select('id').where('parent_id', '=', id).orderBy('position').orderBy('id').execute();

/** A page's paths, one per language it has. */
export const pagePaths = async (db: Db, pageId: number) => (await db.selectFrom('page_translation').select('path').where('page_id', '=', pageId).execute()).map((row) => row.path);

/** The menu and footer entries whose address is one of `urls`, by id. */
export const navEntriesTo = (db: Db, urls: string[]) => db.selectFrom('nav_item').select(['id', 'menu', 'title', 'url']).where('url', 'in', urls).orderBy('id').execute();

/** The imprint and privacy addresses the settings of each language point to. */
export const legalPageUrls = (db: Db) => db.selectFrom('site_settings').select(['locale', 'imprint_url', 'privacy_url']).execute();

/** A page's hero rows, one per language it has. */
export const pageHeroes = (db: Db, pageId: number) => db.selectFrom('hero').selectAll().where('page_id', '=', pageId).execute();

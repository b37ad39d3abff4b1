/**
 * What the hub's one search reads (ADR 089, server/src/hub/hub-search.ts): every record of each kind it searches,
 * online or not, with the columns it matches, most recently changed first (the order its hits are listed in). The
 * query text never reaches SQL: the records are compared in JavaScript with the site search's folding.
 */
import type { Db } from '../database';

export const pageSearchRows = (db: Db) => db.selectFrom('page').select(['id', 'is_online']).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();

export const pageTranslationSearchRows = (db: Db) =>
  db.selectFrom('page_translation').select(['page_id', 'locale', 'title', 'headline', 'meta_title', 'meta_description']).execute();

export const eventSearchRows = (db: Db) =>
  db
    .selectFrom('event as e')
    .leftJoin('venue as v', 'v.id', 'e.venue_id')
    .select(['e.id', 'e.title_de', 'e.title_en', 'e.subtitle_de', 'e.subtitle_en', 'e.performers', 'e.works', 'e.is_online', 'v.name_de', 'v.name_en', 'v.city'])
    .orderBy('e.updated_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();

export const articleSearchRows = (db: Db) =>
  db.selectFrom('article').select(['id', 'title_de', 'title_en', 'teaser_de', 'teaser_en', 'author', 'is_online']).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();

export const subscriptionSearchRows = (db: Db) =>
  db
    .selectFrom('subscription')
    .select(['id', 'title_de', 'title_en', 'subtitle_de', 'subtitle_en', 'teaser_de', 'teaser_en', 'season', 'is_online'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const mediaSearchRows = (db: Db) => db.selectFrom('media').select(['id', 'filename', 'alt_de', 'alt_en', 'copyright']).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

/** Form entries with their form's titles, newest first. */
export const formEntrySearchRows = (db: Db) =>
  db
    .selectFrom('form_entry as e')
    .innerJoin('form as f', 'f.id', 'e.form_id')
    .select(['e.id', 'e.field_values', 'e.created_at', 'f.title_de', 'f.title_en'])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();

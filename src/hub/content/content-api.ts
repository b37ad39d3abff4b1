/**
 * The calls of the content sections (categories, venues, subscriptions, articles): the resource factory's five
 * (server/src/hub/resource.ts), typed as their definitions make them. One helper for all four, beside `hubApi`.
 */
import { getJson, postJson, sendJson, type PostResult } from '../../staff/staff-api';
import { hubLocale, queryString, type Paged, type VenueRow } from '../api';
import type { ArticleRecord, CategoryRecord, SubscriptionRecord, VenueRecord } from './content-values';

export type ListParams = Record<string, string | number | undefined>;

export interface ResourceApi<Row, Record> {
  list: (params: ListParams, signal?: AbortSignal) => Promise<PostResult<Paged<Row>>>;
  read: (id: number, signal?: AbortSignal) => Promise<PostResult<Record>>;
  create: (body: object) => Promise<PostResult<Record>>;
  update: (id: number, body: object) => Promise<PostResult<Record>>;
  remove: (id: number) => Promise<PostResult<null>>;
}

function resourceApi<Row, Record>(key: string): ResourceApi<Row, Record> {
  const base = `/${hubLocale}/pageeditor-api/hub/${key}/`;
  return {
    list: (params, signal) => getJson<Paged<Row>>(`${base}${queryString(params)}`, { signal }),
    read: (id, signal) => getJson<Record>(`${base}${id}/`, { signal }),
    create: (body) => postJson<Record>(base, body),
    update: (id, body) => postJson<Record>(`${base}${id}/`, body),
    remove: (id) => sendJson<null>('DELETE', `${base}${id}/`),
  };
}

/** A row of the categories list (`categories.list.columns` in server/src/hub/definitions.ts). */
export interface CategoryRow {
  id: number;
  name_de: string;
  name_en: string;
  slug_de: string;
  slug_en: string;
  position: number;
}

/** A row of the subscriptions list (server/src/hub/resources/subscriptions.ts). */
export interface SubscriptionRow {
  id: number;
  title_de: string;
  title_en: string;
  season: string;
  is_online: boolean | number;
  position: number;
}

/** A row of the articles list (server/src/hub/resources/articles.ts; the teasers are left out). */
export interface ArticleRow {
  id: number;
  title_de: string;
  title_en: string;
  published_on: string;
  category_id: number;
  is_online: boolean | number;
  is_main_teaser: boolean | number;
  author: string;
}

export const contentApi = {
  categories: resourceApi<CategoryRow, CategoryRecord>('categories'),
  venues: resourceApi<VenueRow & { updated_at: string }, VenueRecord>('venues'),
  subscriptions: resourceApi<SubscriptionRow, SubscriptionRecord>('subscriptions'),
  articles: resourceApi<ArticleRow, ArticleRecord>('articles'),
};

/** The largest page the server gives: every category or series for a select or filter (an association has a few). */
export const everything = { page_size: 100 };

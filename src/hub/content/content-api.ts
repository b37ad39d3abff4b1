/**
 * The calls of the content sections (categories, venues, subscriptions, articles): the resource factory's five
 * (server/src/hub/resource.ts), typed by their schemas in contract/hub/. One helper for all four, beside `hubApi`.
 */
import { getJson, postJson, sendJson, type PostResult } from '../../staff/staff-api';
import { hubLocale, queryString, type Paged } from '../api';
import type { ArticleRow, CategoryRow, SubscriptionRow, VenueRow } from '../../../contract/hub/rows';
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

export type { ArticleRow, CategoryRow, SubscriptionRow };

export const contentApi = {
  categories: resourceApi<CategoryRow, CategoryRecord>('categories'),
  venues: resourceApi<VenueRow, VenueRecord>('venues'),
  subscriptions: resourceApi<SubscriptionRow, SubscriptionRecord>('subscriptions'),
  articles: resourceApi<ArticleRow, ArticleRecord>('articles'),
};

/** The largest page the server gives: every category or series for a select or filter (an association has a few). */
export const everything = { page_size: 100 };

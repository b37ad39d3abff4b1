/**
 * What the search indexes (ADR 010): an online page, event, article or subscription in each of its languages,
 * with the title, the page's address, a date where results show one, and the text a visitor reads on the page
 * (headline or teaser, the programme's facts, the modules of its containers). Offline records have no documents,
 * nor have articles dated ahead (ADR 069).
 */
import { locales, type Locale } from '../../../../contract/locales';
import type { Db } from '../database';
import { selectInChunks } from '../repositories/shared';
import { publicationDay } from '../repositories/programme-reads';
import type { SearchKind } from '../tables/search-document.table';
import { detailPath } from '../../../../contract/site-routes';
import { joinTexts, moduleTexts } from './document-text';

export const searchKinds = ['page', 'event', 'article', 'subscription'] as const satisfies readonly SearchKind[];

export interface SearchDocument {
  kind: SearchKind;
  recordId: number;
  locale: Locale;
  title: string;
  url: string;
  date: string | null;
  /** The page's text in one line, without the title. */
  body: string;
}

type Texts = Map<string, string[]>;
/** The key of an owner's texts in what containerTexts answers. */
export const ownerKey = (id: number, locale: Locale) => `${id}:${locale}`;

/** The module texts of the given owners' containers per `id:locale`, in page order. */
export async function containerTexts(db: Db, kind: SearchKind, ids: number[]): Promise<Texts> {
  const containers = await selectInChunks(ids, (chunk) =>
    db
      .selectFrom('container')
      .select(['id', 'object_id', 'locale'])
      .where('content_type', '=', kind)
      .where('object_id', 'in', chunk)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  );
  const modules = await selectInChunks(
    containers.map((container) => container.id),
    (chunk) =>
      db
        .selectFrom('module')
        .select(['container_id', 'type', 'data'])
        .where('container_id', 'in', chunk)
        .orderBy('column')
        .orderBy('position')
        .orderBy('id')
        .execute(),
  );
  const byContainer = new Map<number, string[]>();
  for (const module of modules) {
    const texts = byContainer.get(module.container_id) ?? [];
    texts.push(...moduleTexts(module.type, JSON.parse(module.data) as Record<string, unknown>));
    byContainer.set(module.container_id, texts);
  }
  const out: Texts = new Map();
  for (const container of containers) {
    const owner = ownerKey(container.object_id, container.locale);
    out.set(owner, [...(out.get(owner) ?? []), ...(byContainer.get(container.id) ?? [])]);
  }
  return out;
}

const byIds = <T>(ids: number[] | undefined, query: (chunk: number[] | undefined) => Promise<T[]>) =>
  ids ? selectInChunks(ids, query) : query(undefined);

async function pageDocuments(db: Db, ids?: number[]): Promise<SearchDocument[]> {
  const rows = await byIds(ids, (chunk) => {
    let query = db
      .selectFrom('page_translation as t')
      .innerJoin('page as p', 'p.id', 't.page_id')
      .select(['t.page_id', 't.locale', 't.title', 't.headline', 't.path'])
      .where('p.is_online', '=', 1);
    if (chunk) query = query.where('t.page_id', 'in', chunk);
    return query.execute();
  });
  const texts = await containerTexts(db, 'page', [...new Set(rows.map((row) => row.page_id))]);
  return rows.map((row) => ({
    kind: 'page',
    recordId: row.page_id,
    locale: row.locale,
    title: row.title,
    url: row.path,
    date: null,
    body: joinTexts([row.headline === row.title ? '' : row.headline, ...(texts.get(ownerKey(row.page_id, row.locale)) ?? [])]),
  }));
}

interface Performer {
  name?: string;
  role_de?: string;
  role_en?: string;
}
interface Work {
  composer?: string;
  title_de?: string;
  title_en?: string;
}

const list = <T>(json: string): T[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as T[]) : [];
};

/** A document per language of each online programme record (all of them hold both languages). */
async function recordDocuments<R extends { id: number }>(
  db: Db,
  kind: Exclude<SearchKind, 'page'>,
  rows: R[],
  document: (row: R, locale: Locale) => Pick<SearchDocument, 'title' | 'url' | 'date'> & { texts: string[] },
): Promise<SearchDocument[]> {
  const texts = await containerTexts(db, kind, rows.map((row) => row.id));
  return rows.flatMap((row) =>
    locales.map((locale) => {
      const { texts: own, ...fields } = document(row, locale);
      return { kind, recordId: row.id, locale, ...fields, body: joinTexts([...own, ...(texts.get(ownerKey(row.id, locale)) ?? [])]) };
    }),
  );
}

async function eventDocuments(db: Db, ids?: number[]): Promise<SearchDocument[]> {
  const rows = await byIds(ids, (chunk) => {
    let query = db
      .selectFrom('event as e')
      .leftJoin('venue as v', 'v.id', 'e.venue_id')
      .select([
        'e.id',
        'e.slug_de',
        'e.slug_en',
        'e.title_de',
        'e.title_en',
        'e.subtitle_de',
        'e.subtitle_en',
        'e.start_at',
        'e.performers',
        'e.works',
        'v.name_de as venue_de',
        'v.name_en as venue_en',
        'v.city as venue_city',
      ])
      .where('e.is_online', '=', 1);
    if (chunk) query = query.where('e.id', 'in', chunk);
    return query.execute();
  });
  return recordDocuments(db, 'event', rows, (row, locale) => ({
    title: row[`title_${locale}`],
    url: detailPath('events', locale, row[`slug_${locale}`], row.id),
    date: row.start_at,
    texts: [
      row[`subtitle_${locale}`],
      [row[`venue_${locale}`], row.venue_city].filter(Boolean).join(', '),
      ...list<Performer>(row.performers).map((p) => [p.name, p[`role_${locale}`]].filter(Boolean).join(', ')),
      ...list<Work>(row.works).map((w) => [w.composer, w[`title_${locale}`]].filter(Boolean).join(': ')),
    ],
  }));
}

async function articleDocuments(db: Db, ids?: number[]): Promise<SearchDocument[]> {
  const rows = await byIds(ids, (chunk) => {
    let query = db
      .selectFrom('article')
      .select(['id', 'slug_de', 'slug_en', 'title_de', 'title_en', 'teaser_de', 'teaser_en', 'author', 'published_on'])
      .where('is_online', '=', 1)
      // Dated ahead: indexed when the scheduler logs it on its day (ADR 069).
      .where('published_on', '<=', publicationDay());
    if (chunk) query = query.where('id', 'in', chunk);
    return query.execute();
  });
  return recordDocuments(db, 'article', rows, (row, locale) => ({
    title: row[`title_${locale}`],
    url: detailPath('magazine', locale, row[`slug_${locale}`], row.id),
    date: row.published_on,
    texts: [row[`teaser_${locale}`], row.author],
  }));
}

async function subscriptionDocuments(db: Db, ids?: number[]): Promise<SearchDocument[]> {
  const rows = await byIds(ids, (chunk) => {
    let query = db
      .selectFrom('subscription')
      .select(['id', 'slug_de', 'slug_en', 'title_de', 'title_en', 'subtitle_de', 'subtitle_en', 'teaser_de', 'teaser_en', 'season'])
      .where('is_online', '=', 1);
    if (chunk) query = query.where('id', 'in', chunk);
    return query.execute();
  });
  return recordDocuments(db, 'subscription', rows, (row, locale) => ({
    title: row[`title_${locale}`],
    url: detailPath('abonnements', locale, row[`slug_${locale}`], row.id),
    date: null,
    texts: [row[`subtitle_${locale}`], row[`teaser_${locale}`], row.season],
  }));
}

const loaders: Record<SearchKind, (db: Db, ids?: number[]) => Promise<SearchDocument[]>> = {
  page: pageDocuments,
  event: eventDocuments,
  article: articleDocuments,
  subscription: subscriptionDocuments,
};

/** The documents of the given records (every online one of the kind when `ids` is left out); offline ones have none. */
export function loadSearchDocuments(db: Db, kind: SearchKind, ids?: number[]): Promise<SearchDocument[]> {
  return loaders[kind](db, ids);
}

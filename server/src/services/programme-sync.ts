/**
 * The programme's records in the changes feed: `event`, `subscription`, `article` and `article_category`, one
 * node per record and language, key `{id}:{locale}`, data as the calls send it plus the ids of the record's
 * containers. Offline records are not sent: the full feed leaves them out, a delta sends tombstones for them.
 */
import { locales } from '../../../contract/locales';
import type { SyncNode, SyncType } from '../../../contract/schemas/sync';
import type { Db } from '../db/database';
import { articlesByIds, categoriesByIds, eventsByIds, isPublicArticle, programmeIds, publicationDay, subscriptionsByIds } from '../db/repositories/programme-reads';
import { eventOf, subscriptionOf, syncCategoryOf } from './programme-assembler';
import { assembleArticles, containerIdsOf, loadEventContext, seriesEventIds } from './programme-reader';
import { getMediaMap } from '../db/repositories/media';

export interface ProgrammeSelection {
  events: Set<number>;
  subscriptions: Set<number>;
  articles: Set<number>;
  categories: Set<number>;
}

export const programmeKinds = ['event', 'subscription', 'article', 'article_category'] as const;
export type ProgrammeKind = (typeof programmeKinds)[number];

export const selectionKey: Record<ProgrammeKind, keyof ProgrammeSelection> = {
  event: 'events',
  subscription: 'subscriptions',
  article: 'articles',
  article_category: 'categories',
};

export const emptyProgrammeSelection = (): ProgrammeSelection => ({
  events: new Set(),
  subscriptions: new Set(),
  articles: new Set(),
  categories: new Set(),
});

/** Every programme record, for the full feed (offline ones are dropped while building). */
export async function allProgramme(trx: Db): Promise<ProgrammeSelection> {
  const ids = async (table: 'event' | 'subscription' | 'article' | 'article_category') =>
    new Set(await programmeIds(trx, table));
  return {
    events: await ids('event'),
    subscriptions: await ids('subscription'),
    articles: await ids('article'),
    categories: await ids('article_category'),
  };
}

/**
 * Nodes for the selected records; `gone` is told every key that has no node (deleted or offline records), which
 * the delta turns into tombstones.
 */
export async function buildProgrammeNodes(
  trx: Db,
  selection: ProgrammeSelection,
  gone: (type: SyncType, key: string) => void,
): Promise<SyncNode[]> {
  const nodes: SyncNode[] = [];
  const visible = <R extends { id: number; is_online?: number }>(type: ProgrammeKind, ids: Set<number>, rows: R[], shown = (row: R) => row.is_online === undefined || row.is_online === 1) => {
    const found = new Map(rows.filter(shown).map((row) => [row.id, row]));
    for (const id of ids) if (!found.has(id)) for (const locale of locales) gone(type, `${id}:${locale}`);
    return [...found.values()];
  };

  if (selection.events.size) {
    const rows = visible('event', selection.events, await eventsByIds(trx, [...selection.events]));
    const [context, containers] = await Promise.all([
      loadEventContext(trx, rows),
      containerIdsOf(trx, 'event', rows.map((row) => row.id)),
    ]);
    for (const row of rows) {
      for (const locale of locales) {
        const key = `${row.id}:${locale}`;
        nodes.push({ type: 'event', key, data: { ...eventOf(row, context, locale), container_ids: containers.get(key) ?? [] } });
      }
    }
  }

  if (selection.subscriptions.size) {
    const rows = visible('subscription', selection.subscriptions, await subscriptionsByIds(trx, [...selection.subscriptions]));
    const ids = rows.map((row) => row.id);
    const [eventIds, media, containers] = await Promise.all([
      seriesEventIds(trx, ids),
      getMediaMap(trx, rows.map((row) => row.image_id).filter((id): id is number => id !== null)),
      containerIdsOf(trx, 'subscription', ids),
    ]);
    for (const row of rows) {
      for (const locale of locales) {
        const key = `${row.id}:${locale}`;
        const data = { ...subscriptionOf(row, eventIds.get(row.id) ?? [], media, locale), container_ids: containers.get(key) ?? [] };
        nodes.push({ type: 'subscription', key, data });
      }
    }
  }

  if (selection.articles.size) {
    // An article dated ahead has no node until its day; the scheduler logs it then (ADR 069).
    const day = publicationDay();
    const rows = visible('article', selection.articles, await articlesByIds(trx, [...selection.articles]), (row) => isPublicArticle(row, day));
    const containers = await containerIdsOf(trx, 'article', rows.map((row) => row.id));
    for (const locale of locales) {
      const articles = await assembleArticles(trx, rows, locale);
      for (const article of articles) {
        const key = `${article.id}:${locale}`;
        nodes.push({ type: 'article', key, data: { ...article, container_ids: containers.get(key) ?? [] } });
      }
    }
  }

  if (selection.categories.size) {
    const rows = visible('article_category', selection.categories, await categoriesByIds(trx, [...selection.categories]));
    for (const row of rows) {
      for (const locale of locales) nodes.push({ type: 'article_category', key: `${row.id}:${locale}`, data: syncCategoryOf(row, locale) });
    }
  }
  return nodes;
}

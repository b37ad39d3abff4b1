import { assertValid } from '../rules/assert-valid';
import { ArticleInputSchema, ArticlePatchSchema, type ArticleInput, type ArticlePatch } from '../../../../contract/schemas/programme-input';
import type { Db } from '../database';
import type { ArticleRow } from '../tables/article.table';
import { logChanges } from './change-log';
import { deleteOwnedContainers } from './container-owners';
import { assertMediaExists } from './media';
import { assertCalendarDate, assertReference, columnsOf, mergePair, pairOf, requireRow, trimPair } from './programme-support';
import { inTransaction, nowIso, stripUndefined, toFlag } from './shared';

const noText = { de: '', en: '' };

function articleValues(input: ArticleInput) {
  assertCalendarDate(input.published_on, 'published_on');
  return {
    ...columnsOf('slug', input.slug),
    ...columnsOf('title', trimPair(input.title)),
    ...columnsOf('teaser', trimPair(input.teaser ?? noText)),
    author: input.author?.trim() ?? '',
    published_on: input.published_on,
    image_id: input.image_id ?? null,
    category_id: input.category_id,
    is_main_teaser: toFlag(input.is_main_teaser, false),
    is_online: toFlag(input.is_online, true),
  };
}

function inputOf(row: ArticleRow): ArticleInput {
  return {
    slug: pairOf(row, 'slug'),
    title: pairOf(row, 'title'),
    teaser: pairOf(row, 'teaser'),
    author: row.author,
    published_on: row.published_on,
    image_id: row.image_id,
    category_id: row.category_id,
    is_main_teaser: row.is_main_teaser === 1,
    is_online: row.is_online === 1,
  };
}

/** An article as its change page edits it (the create/patch input shape), or undefined when there is none. */
export async function readArticleInput(db: Db, id: number): Promise<(ArticleInput & { id: number }) | undefined> {
  const row = await db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, ...inputOf(row) };
}

async function checkReferences(trx: Db, input: ArticleInput) {
  await assertReference(trx, 'article_category', input.category_id, 'category_id');
  await assertMediaExists(trx, input.image_id, 'image_id');
}

/** Creates a magazine article in both languages (its body goes into containers); resolves with its id. */
export async function createArticle(db: Db, input: ArticleInput): Promise<number> {
  assertValid(ArticleInputSchema, input);
  const values = articleValues(input);
  return inTransaction(db, async (trx) => {
    await checkReferences(trx, input);
    const now = nowIso();
    const { id } = await trx
      .insertInto('article')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logChanges(trx, [{ entity: 'article', id }]);
    return id;
  });
}

/** Changes an article; given fields replace stored ones (one language of a text pair may be given alone). */
export async function updateArticle(db: Db, id: number, patch: ArticlePatch): Promise<void> {
  assertValid(ArticlePatchSchema, patch);
  await inTransaction(db, async (trx) => {
    const current = inputOf(await requireRow(trx, 'article', id));
    const { slug, title, teaser, ...rest } = patch;
    const merged: ArticleInput = {
      ...current,
      ...stripUndefined(rest),
      slug: mergePair(current.slug, slug),
      title: mergePair(current.title, title),
      teaser: mergePair(current.teaser ?? noText, teaser),
    };
    const values = articleValues(merged);
    await checkReferences(trx, merged);
    await trx.updateTable('article').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    await logChanges(trx, [{ entity: 'article', id }]);
  });
}

/** Deletes an article with its body containers. */
export async function deleteArticle(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await requireRow(trx, 'article', id);
    const containers = await deleteOwnedContainers(trx, 'article', id);
    await trx.deleteFrom('article').where('id', '=', id).execute();
    await logChanges(trx, [{ entity: 'article', id, op: 'delete' }, ...containers]);
  });
}

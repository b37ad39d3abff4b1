import { locales } from '../../../../contract/locales';
import { assertValid } from '../rules/assert-valid';
import {
  ArticleCategoryInputSchema,
  ArticleCategoryPatchSchema,
  type ArticleCategoryInput,
  type ArticleCategoryPatch,
} from '../../../../contract/schemas/programme-input';
import type { LocaleMap } from '../../../../contract/schemas/programme';
import { ContentConflictError, ContentInUseError } from '../errors';
import type { Db } from '../database';
import { logChanges } from './change-log';
import { columnsOf, listIds, mergePair, nextPosition, pairOf, requireRow, trimPair } from './programme-support';
import { inTransaction, nowIso } from './shared';

/** A slug names one category per language. */
async function assertSlugsFree(trx: Db, slug: LocaleMap, exceptId?: number) {
  for (const locale of locales) {
    let query = trx.selectFrom('article_category').select('id').where(`slug_${locale}`, '=', slug[locale]);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    const taken = await query.executeTakeFirst();
    if (taken) {
      throw new ContentConflictError(`slug.${locale}`, `slug.${locale} ${slug[locale]} already names article category ${taken.id}`).because('slug_taken');
    }
  }
}

const articleIdsOf = async (trx: Db, categoryId: number) =>
  (await trx.selectFrom('article').select('id').where('category_id', '=', categoryId).orderBy('id').execute()).map((row) => row.id);

/** Creates a magazine category; resolves with its id. */
export async function createArticleCategory(db: Db, input: ArticleCategoryInput): Promise<number> {
  assertValid(ArticleCategoryInputSchema, input);
  return inTransaction(db, async (trx) => {
    await assertSlugsFree(trx, input.slug);
    const now = nowIso();
    const { id } = await trx
      .insertInto('article_category')
      .values({
        ...columnsOf('name', trimPair(input.name)),
        ...columnsOf('slug', input.slug),
        position: input.position ?? (await nextPosition(trx, 'article_category')),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logChanges(trx, [{ entity: 'article_category', id }]);
    return id;
  });
}

/** Renames or moves a category; a new name or slug changes each of its articles too, since they show both. */
export async function updateArticleCategory(db: Db, id: number, patch: ArticleCategoryPatch): Promise<void> {
  assertValid(ArticleCategoryPatchSchema, patch);
  await inTransaction(db, async (trx) => {
    const current = await requireRow(trx, 'article_category', id);
    const name = trimPair(mergePair(pairOf(current, 'name'), patch.name));
    const slug = mergePair(pairOf(current, 'slug'), patch.slug);
    await assertSlugsFree(trx, slug, id);
    await trx
      .updateTable('article_category')
      .set({
        ...columnsOf('name', name),
        ...columnsOf('slug', slug),
        position: patch.position ?? current.position,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    const renamed = locales.some((l) => name[l] !== current[`name_${l}`] || slug[l] !== current[`slug_${l}`]);
    const articles = renamed ? await articleIdsOf(trx, id) : [];
    await logChanges(trx, [{ entity: 'article_category', id }, ...articles.map((articleId) => ({ entity: 'article' as const, id: articleId }))]);
  });
}

/** Deletes a category without articles; one that still has articles is refused (409) with their ids. */
export async function deleteArticleCategory(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const category = await requireRow(trx, 'article_category', id);
    const articles = await articleIdsOf(trx, id);
    if (articles.length) {
      throw new ContentInUseError(
        'id',
        `Article category ${id} (${category.name_de}) still has ${articles.length === 1 ? 'article' : `${articles.length} articles:`} ${listIds(articles)}; move them to another category or delete them first`,
        { entity: 'article', ids: articles },
      ).because('category_not_empty', { count: articles.length });
    }
    await trx.deleteFrom('article_category').where('id', '=', id).execute();
    await logChanges(trx, [{ entity: 'article_category', id, op: 'delete' }]);
  });
}

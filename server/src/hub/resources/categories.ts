/** Magazine categories in the hub: names and slugs in both languages, refused on delete while articles use one. */
import { createArticleCategory, deleteArticleCategory, updateArticleCategory } from '../../db/repositories/article-categories';
import { readArticleCategory } from '../../db/repositories/hub-records';
import { CategoryRecordSchema, type CategoryRecord } from '../../../../contract/hub/records';
import { CategoryRowSchema } from '../../../../contract/hub/rows';
import { ArticleCategoryInputSchema, ArticleCategoryPatchSchema } from '../../../../contract/schemas/programme-input';
import type { ResourceDefinition } from '../resource';

export const categories: ResourceDefinition = {
  key: 'categories',
  row: CategoryRowSchema,
  record: CategoryRecordSchema,
  role: 'editor',
  label: 'Category',
  list: {
    table: 'article_category',
    columns: { name_de: 'name_de', name_en: 'name_en', slug_de: 'slug_de', slug_en: 'slug_en', position: 'position' },
    search: ['name_de', 'name_en', 'slug_de', 'slug_en'],
    ordering: ['position', 'name_de'],
    defaultOrdering: 'position',
  },
  read: async ({ db }, id): Promise<CategoryRecord | undefined> => {
    const row = await readArticleCategory(db, id);
    return row && { id: row.id, name: { de: row.name_de, en: row.name_en }, slug: { de: row.slug_de, en: row.slug_en }, position: row.position };
  },
  create: { body: ArticleCategoryInputSchema, run: ({ db }, body) => createArticleCategory(db, body) },
  update: { body: ArticleCategoryPatchSchema, run: ({ db }, id, body) => updateArticleCategory(db, id, body) },
  // Refused while articles are filed under it (the repository names them).
  remove: ({ db }, id) => deleteArticleCategory(db, id),
};

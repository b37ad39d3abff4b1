/** Magazine articles in the hub, through their repository (which checks the category and logs the change). */
import { createArticle, deleteArticle, readArticleInput, updateArticle } from '../../db/repositories/articles';
import { ArticleInputSchema, ArticlePatchSchema } from '../../../../contract/schemas/programme-input';
import type { ResourceDefinition } from '../resource';
import { ArticleRecordSchema } from '../../../../contract/hub/records';
import { ArticleRowSchema } from '../../../../contract/hub/rows';

export const articles: ResourceDefinition = {
  key: 'articles',
  row: ArticleRowSchema,
  record: ArticleRecordSchema,
  role: 'editor',
  label: 'Article',
  list: {
    table: 'article',
    columns: {
      title_de: 'title_de',
      title_en: 'title_en',
      published_on: 'published_on',
      category_id: 'category_id',
      is_online: 'is_online',
      is_main_teaser: 'is_main_teaser',
      author: 'author',
      teaser_de: 'teaser_de',
      teaser_en: 'teaser_en',
    },
    search: ['title_de', 'title_en', 'teaser_de', 'teaser_en', 'author'],
    filters: {
      category_id: { column: 'category_id', type: 'integer' },
      is_online: { column: 'is_online', type: 'boolean' },
    },
    ordering: ['published_on', 'title_de'],
    defaultOrdering: '-published_on',
    // The teasers are selected to be searched, not shown: the list stays one line per article.
    present: ({ teaser_de: _de, teaser_en: _en, ...row }) => row,
  },
  read: ({ db }, id) => readArticleInput(db, id),
  create: { body: ArticleInputSchema, run: ({ db }, body) => createArticle(db, body) },
  update: { body: ArticlePatchSchema, run: ({ db }, id, body) => updateArticle(db, id, body) },
  remove: ({ db }, id) => deleteArticle(db, id),
};

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A magazine section; its slug is unique per language and never only digits (a number means an id). */
export interface ArticleCategoryTable {
  id: Generated<number>;
  name_de: string;
  name_en: string;
  slug_de: string;
  slug_en: string;
  position: number;
  created_at: string;
  updated_at: string;
}
export type ArticleCategoryRow = Selectable<ArticleCategoryTable>;
export type NewArticleCategoryRow = Insertable<ArticleCategoryTable>;
export type ArticleCategoryRowUpdate = Updateable<ArticleCategoryTable>;

/** A magazine article in both languages; the body lives in containers (`content_type` `article`). */
export interface ArticleTable {
  id: Generated<number>;
  slug_de: string;
  slug_en: string;
  title_de: string;
  title_en: string;
  teaser_de: string;
  teaser_en: string;
  author: string;
  /** A calendar date, YYYY-MM-DD. */
  published_on: string;
  image_id: number | null;
  category_id: number;
  is_main_teaser: number;
  is_online: number;
  created_at: string;
  updated_at: string;
}
export type ArticleRow = Selectable<ArticleTable>;
export type NewArticleRow = Insertable<ArticleTable>;
export type ArticleRowUpdate = Updateable<ArticleTable>;

import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { articlesPerPage } from '../src/components/magazine/magazine-state';
import { isLocale, locales, type Locale } from '../contract/locales';
import { routePath } from '../src/lib/route-path';
import { localisedContext } from './page-context';

const templates = {
  magazine: path.resolve(__dirname, '../src/templates/magazine-page.tsx'),
  article: path.resolve(__dirname, '../src/templates/article-page.tsx'),
};

interface CategoryNode {
  kf_id: number;
  locale: string;
  slug: string;
}

interface ArticleNode {
  id: string;
  locale: string;
  url: string;
}

/**
 * The magazine per language: the list of all articles, one list per category (its slug in that language) and
 * one page per article at its `url`. Only online articles are sourced, so every article node gets a page. The
 * lists' context holds the category id and the page size; the template queries the rest.
 */
export function createMagazinePages({ actions, getNodesByType }: CreatePagesArgs): void {
  const list = (locale: Locale, pagePath: string, categoryId?: number) =>
    actions.createPage({
      path: pagePath,
      component: templates.magazine,
      context: localisedContext(locale, { limit: articlesPerPage, ...(categoryId === undefined ? {} : { categoryId }) }),
    });

  for (const locale of locales) list(locale, routePath('magazine', locale));
  for (const category of getNodesByType('KfArticleCategory') as unknown as CategoryNode[]) {
    if (!isLocale(category.locale)) continue;
    list(category.locale, routePath('magazine', category.locale, { category: category.slug }), category.kf_id);
  }
  for (const article of getNodesByType('KfArticle') as unknown as ArticleNode[]) {
    if (!isLocale(article.locale)) continue;
    actions.createPage({
      path: article.url,
      component: templates.article,
      context: localisedContext(article.locale, { id: article.id }),
    });
  }
}

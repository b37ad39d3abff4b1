/**
 * One page of `GET /{locale}/api/articles/?category&page` from the content server on the site's own origin
 * (design.md: the site and its calls share an origin locally and behind Netlify's proxy).
 */
import { fetchPage } from '../../lib/api-read';
import type { Locale } from '../../../contract/locales';
import type { ArticleCardData } from './article-data';

export interface ArticlesPage {
  results: ArticleCardData[];
  hasMore: boolean;
}

export const articlesPageUrl = (locale: Locale, category: string | null, page: number) => {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  query.set('page', String(page));
  return `/${locale}/api/articles/?${query.toString()}`;
};

/** Rejects on a network error, a status other than 2xx or a body that is not a page of articles. */
export async function fetchArticlesPage(locale: Locale, category: string | null, page: number, signal?: AbortSignal): Promise<ArticlesPage> {
  const body = await fetchPage<ArticleCardData>(articlesPageUrl(locale, category, page), signal);
  return { results: body.results, hasMore: body.next !== null };
}

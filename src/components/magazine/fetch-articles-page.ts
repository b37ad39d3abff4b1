/**
 * One page of `GET /{locale}/api/articles/?category&page` from the content server on the site's own origin
 * (design.md: the site and its calls share an origin locally and behind Netlify's proxy).
 */
import type { Article, Paged } from '../../../server/src/schemas/programme';
import type { Locale } from '../../lib/locales';
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

const isPaged = (body: unknown): body is Paged<Article> =>
  typeof body === 'object' && body !== null && Array.isArray((body as Paged<Article>).results);

/** Rejects on a network error, a status other than 2xx or a body that is not a page of articles. */
export async function fetchArticlesPage(locale: Locale, category: string | null, page: number, signal?: AbortSignal): Promise<ArticlesPage> {
  const response = await fetch(articlesPageUrl(locale, category, page), { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Articles page ${page} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isPaged(body)) throw new Error(`Articles page ${page} is not a page of articles`);
  return { results: body.results, hasMore: body.next !== null };
}

/**
 * The magazine list's state (docs/product.md, States: its category filter and a page counter), as a pure reducer.
 *
 * The page counter counts pages of `GET /{locale}/api/articles/?category&page`, which lists every online article,
 * main teasers included. Main teasers are already shown above the list, so a loaded page adds only the articles
 * the page does not show yet: every article appears once, and the counter still follows the server's pages.
 */
import { pageSize } from '../../../contract/paging';
import type { ArticleCardData } from './article-data';

/** Articles per page of the articles call (the list calls' one page size). */
export const articlesPerPage = pageSize;

export interface MagazineState {
  /** The category's slug in the page's language; null lists all articles. */
  category: string | null;
  /** The last page of the articles call that is shown. */
  page: number;
  /** Whether the articles call has pages after `page`. */
  hasMore: boolean;
  /** Main teasers, shown above the list. */
  mainTeasers: ArticleCardData[];
  /** The list below them, newest first. */
  articles: ArticleCardData[];
  /** The page being fetched, or null. */
  loading: number | null;
  /** The last fetch failed (cleared by the next request). */
  failed: boolean;
  /** Index in `articles` of the first article the last loaded page added, or null when it added none. */
  firstAdded: number | null;
}

export type MagazineAction =
  | { type: 'request'; page: number }
  | { type: 'receive'; page: number; results: ArticleCardData[]; hasMore: boolean }
  | { type: 'fail'; page: number };

export interface MagazineInit {
  category: string | null;
  mainTeasers: ArticleCardData[];
  /** Page 1 of the articles call. */
  firstPage: ArticleCardData[];
  /** How many articles the articles call lists in all. */
  count: number;
}

/** Page 1 as prebuilt: its articles that are not main teasers. */
export function initialMagazineState({ category, mainTeasers, firstPage, count }: MagazineInit): MagazineState {
  const teaserIds = new Set(mainTeasers.map((article) => article.id));
  return {
    category,
    page: 1,
    hasMore: count > articlesPerPage,
    mainTeasers,
    articles: firstPage.filter((article) => !teaserIds.has(article.id)),
    loading: null,
    failed: false,
    firstAdded: null,
  };
}

/** The page a "load more" asks for. */
export const nextPage = (state: MagazineState) => state.page + 1;

export function magazineReducer(state: MagazineState, action: MagazineAction): MagazineState {
  switch (action.type) {
    case 'request':
      // A page already shown, or a second request while one runs, changes nothing.
      if (action.page <= state.page || state.loading !== null || !state.hasMore) return state;
      return { ...state, loading: action.page, failed: false };
    case 'receive': {
      // A late answer for a page already shown, or one nobody asked for, is dropped.
      if (action.page <= state.page || action.page !== state.loading) return state;
      const shown = new Set([...state.mainTeasers, ...state.articles].map((article) => article.id));
      const added = action.results.filter((article) => !shown.has(article.id));
      return {
        ...state,
        page: action.page,
        hasMore: action.hasMore,
        articles: [...state.articles, ...added],
        loading: null,
        firstAdded: added.length > 0 ? state.articles.length : null,
      };
    }
    case 'fail':
      if (action.page !== state.loading) return state;
      return { ...state, loading: null, failed: true };
  }
}

import React, { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Locale } from '../../../contract/locales';
import { ArticleCard } from './article-card';
import type { ArticleCardData } from './article-data';
import { fetchArticlesPage } from './fetch-articles-page';
import { initialMagazineState, magazineReducer, nextPage } from './magazine-state';

interface Props {
  locale: Locale;
  /** The category's slug in `locale`, or null for all articles. */
  category: string | null;
  mainTeasers: ArticleCardData[];
  /** Page 1 of the articles call, as prebuilt. */
  firstPage: ArticleCardData[];
  /** How many articles the articles call lists in all. */
  count: number;
}

/**
 * Main teasers, then the other articles newest first, with "load more" for the next page of the articles call.
 * Everything but the button works without JavaScript. After a load, focus moves to the first new article, so
 * keyboard and screen-reader users continue where the new content starts.
 */
export function ArticleList({ locale, category, mainTeasers, firstPage, count }: Props) {
  const { t } = useTranslation('magazine');
  const [state, dispatch] = useReducer(magazineReducer, { category, mainTeasers, firstPage, count }, initialMagazineState);
  const listRef = useRef<HTMLUListElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    if (state.page === 1) return;
    if (state.firstAdded !== null) {
      listRef.current?.children[state.firstAdded]?.querySelector<HTMLElement>('a')?.focus();
    } else if (!state.hasMore) {
      // The button is gone and nothing new arrived: the status line says so and keeps focus on the page.
      statusRef.current?.focus();
    }
  }, [state.page, state.firstAdded, state.hasMore]);

  const loadMore = () => {
    if (state.loading !== null) return;
    const page = nextPage(state);
    dispatch({ type: 'request', page });
    const controller = new AbortController();
    abort.current = controller;
    fetchArticlesPage(locale, state.category, page, controller.signal).then(
      ({ results, hasMore }) => dispatch({ type: 'receive', page, results, hasMore }),
      () => dispatch({ type: 'fail', page }),
    );
  };

  const added = state.firstAdded === null ? 0 : state.articles.length - state.firstAdded;
  const status = state.loading !== null ? t('loading') : state.page > 1 ? t('loaded', { count: added }) : '';

  if (state.mainTeasers.length === 0 && state.articles.length === 0) {
    return <p className="magazine-empty">{t('empty')}</p>;
  }
  return (
    <div className="magazine-articles">
      {state.mainTeasers.length > 0 && (
        <ul className="magazine-teasers">
          {state.mainTeasers.map((article, index) => (
            <li key={article.id}>
              <ArticleCard article={article} locale={locale} large first={index === 0} />
            </li>
          ))}
        </ul>
      )}
      {state.articles.length > 0 && (
        <ul className="teaser-list teaser-list--grid magazine-list" ref={listRef}>
          {state.articles.map((article, index) => (
            <li key={article.id}>
              <ArticleCard article={article} locale={locale} first={index === 0 && state.mainTeasers.length === 0} />
            </li>
          ))}
        </ul>
      )}
      <p className="magazine-status" role="status" ref={statusRef} tabIndex={-1}>
        {status}
      </p>
      {state.failed && (
        <p className="magazine-error" role="alert">
          {t('loadError')}
        </p>
      )}
      {state.hasMore && (
        <p className="magazine-more">
          <button type="button" className="button magazine-more__button" onClick={loadMore} aria-disabled={state.loading !== null}>
            {t('loadMore')}
          </button>
        </p>
      )}
    </div>
  );
}

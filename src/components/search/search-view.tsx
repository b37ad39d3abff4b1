import { Link } from 'gatsby';
import React, { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { SearchCategory, SearchResult } from '../../../contract/schemas/search';
import { queryProblem } from '../../../contract/search-rules';
import { pageSize } from '../../../contract/paging';
import type { Locale } from '../../../contract/locales';
import { SearchForm } from './search-form';
import { SearchResultItem } from './search-result';
import { parseSearchRoute, searchCategories, searchRoutePath, type SearchRoute } from './search-route';
import { setSearchString } from './search-store';
import { useSearchResults } from './use-search-results';

interface Props {
  locale: Locale;
  location: { pathname: string; search: string };
}

function ResultList({ results, locale, start = 1 }: { results: SearchResult[]; locale: Locale; start?: number }) {
  return (
    <ol className="search-results" start={start}>
      {results.map((result) => (
        <SearchResultItem key={result.url} result={result} locale={locale} />
      ))}
    </ol>
  );
}

/**
 * The search page (`/{locale}/search/{category}/{page}`, docs/product.md, Routes): the search form, then either both
 * categories with their counts and first results, or one category's results with paging. The route and the search
 * string come from the address once the page runs in the browser (the prebuilt pages hold none); an address without a
 * search string is a fresh search page, whatever was searched for before. A polite status line says what is
 * happening and how much was found. A string the search refuses takes the results away while its explanation
 * shows (search-form.tsx), so the explanation never stands above the results of another string.
 */
export function SearchView({ locale, location }: Props) {
  const { t } = useTranslation('search');
  /** undefined until read from the address; null for a path below the search page that is no search route. */
  const [route, setRoute] = useState<SearchRoute | null | undefined>(undefined);
  const [value, setValue] = useState('');
  const [refused, setRefused] = useState(false);
  const found = useSearchResults(locale, route);
  const { retry } = found;
  const summary = refused ? null : found.summary;
  const results = refused ? null : found.page;
  const pages = refused ? null : found.pages;

  useEffect(() => {
    const parsed = parseSearchRoute(locale, location.pathname, location.search);
    setRoute(parsed);
    setRefused(false);
    if (parsed?.query) setSearchString(parsed.query);
    setValue(parsed?.query ?? '');
  }, [locale, location.pathname, location.search]);

  const change = (next: string) => {
    setRefused(false);
    setValue(next);
  };

  const query = route?.query.trim() ?? '';
  const problem = query ? queryProblem(query) : null;
  const category = route?.category ?? null;
  const label = (which: SearchCategory) => t(`category_${which}`);
  const link = (to: Omit<SearchRoute, 'query'>) => searchRoutePath(locale, { ...to, query });
  const counts = summary?.status === 'done' ? summary.data : null;
  const total = counts ? counts.pages.count + counts.others.count : 0;
  const failed = summary?.status === 'error' || results?.status === 'error';
  const pastEnd = category !== null && pages !== null && route !== undefined && route !== null && route.page > pages;

  let status = '';
  if (summary?.status === 'loading' || results?.status === 'loading') status = t('loading');
  else if (counts && category) status = t('foundIn', { count: counts[category].count, query, category: label(category) });
  else if (counts) status = t('found', { count: total, query });

  return (
    <div className="search-page">
      <h1 className="page-title">{t('title')}</h1>
      <SearchForm
        locale={locale}
        value={value}
        onChange={change}
        onRefused={() => setRefused(true)}
        target={{ category, page: 1 }}
        className="search-form--page"
      />
      <p className="search-status" role="status">
        {status}
      </p>

      {route && !query && !refused && <p className="search-message">{t('prompt')}</p>}
      {problem && !refused && <p className="search-message">{t(`problem_${problem}`)}</p>}
      {failed && (
        <div className="search-message" role="alert">
          <p>{t('error')}</p>
          <button type="button" className="button" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      )}

      {counts && total > 0 && (
        <nav className="search-tabs tab-navigation" aria-label={t('categories')}>
          <ul>
            {[null, ...searchCategories].map((which) => (
              <li key={which ?? 'all'}>
                <Link
                  to={link({ category: which, page: 1 })}
                  className="search-tabs__link"
                  aria-current={which === category ? 'page' : undefined}
                >
                  {which ? label(which) : t('category_all')} <span className="search-tabs__count">({which ? counts[which].count : total})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {counts && total === 0 && (
        <div className="search-message">
          <p>{t('none', { query })}</p>
          <p>{t('noneHint')}</p>
        </div>
      )}

      {counts &&
        category === null &&
        searchCategories
          .filter((which) => counts[which].count > 0)
          .map((which) => (
            <section key={which} className="search-group" aria-labelledby={`search-group-${which}`}>
              <h2 id={`search-group-${which}`} className="search-group__title">
                {label(which)} <span className="search-group__count">({counts[which].count})</span>
              </h2>
              <ResultList results={counts[which].results} locale={locale} />
              {counts[which].count > counts[which].results.length && (
                <p className="search-group__more">
                  <Link to={link({ category: which, page: 1 })}>{t('showAll', { count: counts[which].count, category: label(which) })}</Link>
                </p>
              )}
            </section>
          ))}

      {counts && category && counts[category].count === 0 && total > 0 && <p className="search-message">{t('noneIn', { category: label(category) })}</p>}
      {pastEnd && (
        <div className="search-message">
          <p>{t('pageNotFound')}</p>
          <Link to={link({ category, page: 1 })}>{t('toFirstPage')}</Link>
        </div>
      )}
      {category && route && results?.status === 'done' && (
        <section className="search-group" aria-labelledby="search-category">
          <h2 id="search-category" className="search-group__title">
            {label(category)} <span className="search-group__count">({results.data.count})</span>
          </h2>
          <ResultList results={results.data.results} locale={locale} start={(route.page - 1) * pageSize + 1} />
          {pages !== null && pages > 1 && (
            <nav className="search-paging" aria-label={t('paging')}>
              {route.page > 1 ? (
                <Link to={link({ category, page: route.page - 1 })} rel="prev" className="search-paging__link">
                  {t('previous')}
                </Link>
              ) : (
                <span />
              )}
              <span className="search-paging__position">{t('pageOf', { page: route.page, pages })}</span>
              {route.page < pages ? (
                <Link to={link({ category, page: route.page + 1 })} rel="next" className="search-paging__link">
                  {t('next')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </section>
      )}
    </div>
  );
}

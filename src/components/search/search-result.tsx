import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { SearchResult } from '../../../contract/schemas/search';
import type { Locale } from '../../../contract/locales';
import { searchDate } from './result-date';
import { snippetParts } from './snippet-parts';

/** One result: what it is (and when), its title linking to its page, and the snippet with the matches marked. */
export function SearchResultItem({ result, locale }: { result: SearchResult; locale: Locale }) {
  const { t } = useTranslation('search');
  const date = searchDate(result.type, result.date, locale);
  return (
    <li className="search-result">
      <p className="search-result__meta">
        <span className="search-result__type">{t(`type_${result.type}`)}</span>
        {date && <span className="search-result__date">{date}</span>}
      </p>
      <h3 className="search-result__title">
        <Link to={result.url}>{result.title}</Link>
      </h3>
      {result.snippet && (
        <p className="search-result__snippet">
          {snippetParts(result.snippet).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <React.Fragment key={index}>{part.text}</React.Fragment>))}
        </p>
      )}
    </li>
  );
}

import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Locale } from '../../../contract/locales';
import { programmePagePath } from '../../lib/programme-pages';

interface Props {
  locale: Locale;
  /** The list page shown. */
  page: number;
  /** How many list pages the build made. */
  pages: number;
}

/**
 * Links to the programme's list pages (ADR 074): previous, every page by number, next. Real links in the built
 * HTML, so every coming concert is reached without script; the current page is marked `aria-current`.
 */
export function ProgrammePager({ locale, page, pages }: Props) {
  const { t } = useTranslation('programme');
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, index) => index + 1);
  return (
    <nav className="pager" aria-label={t('pagerLabel')}>
      <ul className="pager__items plain-list">
        {page > 1 && (
          <li>
            <Link className="pager__step" rel="prev" to={programmePagePath(locale, page - 1)}>
              {t('pagePrevious')}
            </Link>
          </li>
        )}
        {numbers.map((number) => (
          <li key={number}>
            <Link className="pager__number" to={programmePagePath(locale, number)} aria-current={number === page ? 'page' : undefined}>
              <span className="visually-hidden">{t('pageWord')} </span>
              {number}
            </Link>
          </li>
        ))}
        {page < pages && (
          <li>
            <Link className="pager__step" rel="next" to={programmePagePath(locale, page + 1)}>
              {t('pageNext')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Locale } from '../../../contract/locales';
import { routePath } from '../../lib/route-path';
import type { CategoryNode } from './article-data';
import { MagazineFilter } from './magazine-filter';

interface ListProps {
  locale: Locale;
  categories: readonly CategoryNode[];
  currentPath: string;
}

/** The magazine header of a list page: the headline is the page's h1, with the category filter below it. */
export function MagazineHeader({ locale, categories, currentPath }: ListProps) {
  const { t } = useTranslation('magazine');
  return (
    <header className="magazine-header">
      <h1 className="magazine-header__title">{t('headline')}</h1>
      <MagazineFilter locale={locale} categories={categories} currentPath={currentPath} />
    </header>
  );
}

/** The magazine header of an article: the headline leads back to the magazine; the article's title is the h1. */
export function MagazineHeaderLink({ locale }: { locale: Locale }) {
  const { t } = useTranslation('magazine');
  return (
    <div className="magazine-header magazine-header--article">
      <p className="magazine-header__title">
        <Link to={routePath('magazine', locale)} className="magazine-header__link">
          {t('headline')}
        </Link>
      </p>
    </div>
  );
}

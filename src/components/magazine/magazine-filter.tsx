import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Locale } from '../../../contract/locales';
import { routePath } from '../../lib/route-path';
import type { CategoryNode } from './article-data';

interface Props {
  locale: Locale;
  /** In display order. */
  categories: readonly CategoryNode[];
  /** The page's own path: the entry linking to exactly this path is the active one. */
  currentPath: string;
}

/**
 * "All" and one entry per category (docs/product.md, Magazine), in the look of the site's tab navigation (layout.css);
 * shown only when there are categories.
 */
export function MagazineFilter({ locale, categories, currentPath }: Props) {
  const { t } = useTranslation('magazine');
  if (categories.length === 0) return null;
  const entries = [
    { key: 'all', label: t('all'), to: routePath('magazine', locale) },
    ...categories.map((category) => ({
      key: String(category.kf_id),
      label: category.name,
      to: routePath('magazine', locale, { category: category.slug }),
    })),
  ];
  return (
    <nav className="tab-navigation magazine-filter" aria-label={t('filterLabel')}>
      <ul>
        {entries.map(({ key, label, to }) => {
          const active = to === currentPath;
          return (
            <li key={key}>
              <Link
                to={to}
                className={`magazine-filter__link${active ? ' magazine-filter__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Breadcrumb } from '../../../contract/schemas/content';

/** Breadcrumbs always start with Home at /{locale} (spec §2); the last entry is the current page. */
export function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }) {
  const { t } = useTranslation();
  if (items.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.link}>
              {last ? (
                <span aria-current="page">{item.text}</span>
              ) : (
                <Link to={item.link}>{index === 0 ? t('home') : item.text}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Page } from '../../../contract/schemas/content';

/** Links to the pages beside this one, for sections that ask for tab navigation. */
export function TabNavigation({ siblings, current }: { siblings: Readonly<Page['siblings']>; current: string }) {
  const { t } = useTranslation();
  if (siblings.length < 2) return null;
  return (
    <nav className="tab-navigation" aria-label={t('tabNavigation')}>
      <ul>
        {siblings.map((sibling) => (
          <li key={sibling.id}>
            <Link to={sibling.url} aria-current={sibling.url === current ? 'page' : undefined}>
              {sibling.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

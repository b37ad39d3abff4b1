import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useSiteUrl } from '../../lib/site-url';
import type { Breadcrumb } from '../../../contract/schemas/content';
import { JsonLd } from '../seo/json-ld';

/**
 * The trail as schema.org's BreadcrumbList, for search engines (docs/decisions/076): the same entries and names the
 * visitor reads, each with its absolute address.
 */
export function breadcrumbListJsonLd(items: readonly Breadcrumb[], siteUrl: string, homeName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: index === 0 ? homeName : item.text,
      item: /^https?:\/\//.test(item.link) ? item.link : `${siteUrl}${item.link}`,
    })),
  };
}

/**
 * Breadcrumbs always start with Home at /{locale}; the last entry is the current page. The trail is in
 * the built HTML twice: as the navigation and as its BreadcrumbList.
 */
export function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }) {
  const { t } = useTranslation();
  const siteUrl = useSiteUrl();
  if (items.length < 2) return null;
  return (
    <>
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
      <JsonLd data={breadcrumbListJsonLd(items, siteUrl, t('home'))} />
    </>
  );
}

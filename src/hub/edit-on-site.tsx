/**
 * "Auf der Website bearbeiten" on the change page of a page, event, subscription or article (ADR 059): the record's
 * page on the site with `?edit`, once per language it has; the editor's toolbar links back here (src/staff/admin-url.ts).
 * A plain link: the site is not part of the hub's app.
 */
import React from 'react';
import type { Locale } from '../../contract/locales';
import { texts } from './texts';

export function EditOnSite({ paths }: { paths: Partial<Record<Locale, string | null>> }) {
  const links = (['de', 'en'] as const).flatMap((locale) => {
    const path = paths[locale];
    return path ? [{ locale, href: `${path}?edit` }] : [];
  });
  if (!links.length) return null;
  return (
    <nav className="kfh-meta" aria-label={texts.editOnSiteLabel}>
      {links.map(({ locale, href }) => (
        <a key={locale} href={href}>
          {locale === 'de' ? texts.editOnSite : texts.editOnSiteEnglish}
        </a>
      ))}
    </nav>
  );
}

import React from 'react';
import type { Media } from '../../../contract/schemas/content';
import { type Locale, locales } from '../../../contract/locales';

interface Props {
  locale: Locale;
  path: string;
  siteUrl: string;
  title: string;
  description?: string;
  og?: { title?: string; description?: string; image?: Media | null; type?: string };
  /** Url of this page per language, for hreflang alternates. */
  urls?: Partial<Record<Locale, string | null>>;
  noindex?: boolean;
}

const siteName = 'Konzertfreunde';

/** Search engines show about 70 characters of a title (html-validate's long-title rule, ADR 075). */
export const titleLength = 70;

/**
 * A page's `<title>`: its own title and the site's name, or its own title alone when both would not fit in
 * `titleLength` (the page's own words matter more in a result list than the name beside them).
 */
export function documentTitle(title: string): string {
  if (!title) return siteName;
  const full = `${title} | ${siteName}`;
  return full.length <= titleLength ? full : title;
}

/** Document head for every template: title, description, Open Graph, canonical, hreflang and `lang`. */
export function PageHead({ locale, path, siteUrl, title, description, og, urls, noindex }: Props) {
  const fullTitle = documentTitle(title);
  const canonical = `${siteUrl}${path}`;
  const image = og?.image ? `${siteUrl}/media/${og.image.id}/1240.jpg` : undefined;
  return (
    <>
      <html lang={locale} />
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      {locales.map((lng) =>
        urls?.[lng] ? <link key={lng} rel="alternate" hrefLang={lng} href={`${siteUrl}${urls[lng]}`} /> : null,
      )}
      {urls?.de && <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${urls.de}`} />}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content={locale === 'de' ? 'de_DE' : 'en_GB'} />
      <meta property="og:title" content={og?.title || title || siteName} />
      {(og?.description || description) && <meta property="og:description" content={og?.description || description} />}
      <meta property="og:type" content={og?.type || 'website'} />
      <meta property="og:url" content={canonical} />
      {image && <meta property="og:image" content={image} />}
      {image && og?.image?.alt && <meta property="og:image:alt" content={og.image.alt} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  );
}

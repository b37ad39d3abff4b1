import React from 'react';
import type { Media } from '../../../contract/schemas/content';
import { type Locale, locales } from '../../../contract/locales';
import { clampDescription, documentTitle, siteName, titleLength } from './head-texts';
import { siteShareImage } from './share-image';
import { cropUrl } from '../../../contract/media-variants';

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

export { documentTitle, titleLength };

/** The page's share image: its own, else the site's (docs/decisions/076), with the size when it is known. */
function shareImage(siteUrl: string, image: Media | null | undefined) {
  // The share crop around the focal point (ADR 087), in link previews' 1.91 : 1.
  if (image) return { url: `${siteUrl}${cropUrl(image, 'og', 1240, 'jpg')}`, alt: image.alt };
  return { url: `${siteUrl}${siteShareImage.path}`, width: siteShareImage.width, height: siteShareImage.height, type: siteShareImage.type, alt: siteShareImage.alt };
}

/**
 * Document head for every template: title, description, Open Graph, canonical, hreflang and `lang`. Descriptions
 * are clamped to what search engines show whole; a page without an image of its own shares the site's image.
 */
export function PageHead({ locale, path, siteUrl, title, description: fullDescription, og, urls, noindex }: Props) {
  const fullTitle = documentTitle(title);
  const canonical = `${siteUrl}${path}`;
  const image = shareImage(siteUrl, og?.image);
  const description = fullDescription ? clampDescription(fullDescription) : undefined;
  const ogDescription = og?.description ? clampDescription(og.description) : description;
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
      {ogDescription && <meta property="og:description" content={ogDescription} />}
      <meta property="og:type" content={og?.type || 'website'} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image.url} />
      {image.type && <meta property="og:image:type" content={image.type} />}
      {image.width && <meta property="og:image:width" content={String(image.width)} />}
      {image.height && <meta property="og:image:height" content={String(image.height)} />}
      {image.alt && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

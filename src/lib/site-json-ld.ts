/**
 * schema.org data for the site as a whole (the home page: the association as `Organization`, the site as
 * `WebSite` with a `SearchAction` into our search) and for magazine articles (`NewsArticle`, published by the
 * association). Event data lives in event-json-ld.ts.
 */
import type { Locale } from '../../contract/locales';
import { routes } from '../../contract/locales';

export const association = { name: 'Konzertfreunde Freiburg e. V.', alternateName: 'Konzertfreunde' } as const;

const organizationId = (siteUrl: string) => `${siteUrl}/#organization`;

export function organizationJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: association.name,
    alternateName: association.alternateName,
    url: siteUrl,
    logo: `${siteUrl}/icon-512.png`,
  };
}

/** The site in one language, with the search a visitor may start from a search engine's result. */
export function websiteJsonLd(siteUrl: string, locale: Locale) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: association.alternateName,
    url: `${siteUrl}/${locale}`,
    inLanguage: locale,
    publisher: { '@id': organizationId(siteUrl) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}${routes.search[locale]}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface ArticleFacts {
  title: string;
  teaser: string;
  url: string;
  locale: string;
  /** YYYY-MM-DD. */
  published_on: string;
  author: string;
  section: string;
  /** Absolute image address, if the article has one. */
  image?: string;
}

export function articleJsonLd(article: ArticleFacts, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    ...(article.teaser ? { description: article.teaser } : {}),
    url: `${siteUrl}${article.url}`,
    mainEntityOfPage: `${siteUrl}${article.url}`,
    inLanguage: article.locale,
    datePublished: article.published_on,
    articleSection: article.section,
    ...(article.image ? { image: [article.image] } : {}),
    // Without a named author the association speaks.
    author: article.author
      ? { '@type': 'Person', name: article.author }
      : { '@type': 'Organization', name: association.name, url: siteUrl },
    publisher: { '@type': 'Organization', '@id': organizationId(siteUrl), name: association.name, logo: { '@type': 'ImageObject', url: `${siteUrl}/icon-512.png` } },
  };
}

import type { Locale } from '../contract/locales';

/**
 * The context every page we create carries: its language (the page queries' `$language`, and the language
 * gatsby-browser and gatsby-ssr give the page's components, ADR 041) and what the page family adds. Nothing else: the context
 * is part of every page-data file.
 */
export function localisedContext(locale: Locale, extra: Record<string, unknown> = {}) {
  return { ...extra, language: locale };
}

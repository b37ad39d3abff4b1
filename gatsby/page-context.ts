import { defaultLocale, locales, type Locale } from '../src/lib/locales';

/**
 * The context every page we create carries: its language and the i18n block gatsby-plugin-react-i18next reads.
 * With the block present the plugin leaves the page alone instead of creating copies per language.
 */
export function localisedContext(locale: Locale, pagePath: string, extra: Record<string, unknown> = {}) {
  const routed = pagePath !== '/404';
  const originalPath = routed ? pagePath.replace(new RegExp(`^/${locale}`), '') || '/' : pagePath;
  return {
    ...extra,
    language: locale,
    i18n: {
      language: locale,
      languages: [...locales],
      defaultLanguage: defaultLocale,
      generateDefaultLanguagePage: true,
      routed,
      originalPath,
      path: pagePath,
    },
  };
}

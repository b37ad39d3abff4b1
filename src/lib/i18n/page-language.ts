import { defaultLocale, isLocale, type Locale } from '../../../contract/locales';

/**
 * The language a page is shown in at `pathname`: its context's (gatsby/page-context.ts), or, for a page whose context
 * names none (the bare 404 page, shown by the browser at an unknown address of either language, ADR 095), the
 * address's.
 */
export function pageLanguageAt(pageContext: unknown, pathname: string): Locale {
  const language = (pageContext as { language?: unknown } | null | undefined)?.language;
  return typeof language === 'string' && isLocale(language) ? language : pathLanguage(pathname);
}

/** A path's language from its prefix, for the server render's `<head>` (which sees the path only). */
export function pathLanguage(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? first : defaultLocale;
}

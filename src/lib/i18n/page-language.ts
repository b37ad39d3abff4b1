import { defaultLocale, isLocale, type Locale } from '../../../contract/locales';

/** A page's language from its context (gatsby/page-context.ts); the hub, German only, has none. */
export function pageLanguage(pageContext: unknown): Locale {
  const language = (pageContext as { language?: unknown } | null | undefined)?.language;
  return typeof language === 'string' && isLocale(language) ? language : defaultLocale;
}

/** A path's language from its prefix, for the server render's `<head>` (which sees the path only). */
export function pathLanguage(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? first : defaultLocale;
}

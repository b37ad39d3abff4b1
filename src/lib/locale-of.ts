/**
 * The language of the page a template renders: its page context's `language`, or its node's `locale` where the
 * page stands for one record; the default language for anything else, so a page built from odd data still renders.
 */
import { defaultLocale, isLocale, type Locale } from '../../contract/locales';

export function localeOf(source: { language?: string | null } | { locale?: string | null }): Locale {
  const value = 'language' in source ? source.language : 'locale' in source ? source.locale : undefined;
  return value && isLocale(value) ? value : defaultLocale;
}

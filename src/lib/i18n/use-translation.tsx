/**
 * The page's language for its components, and `useTranslation` to read it (the shape react-i18next had, which the
 * components were written against: `const { t } = useTranslation('search')`). gatsby-browser and gatsby-ssr put
 * the provider around every page with the page's language.
 */
import React, { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { defaultLocale, type Locale } from '../../../contract/locales';
import { subscribeTranslations, translate, translationsVersion, type TFunction } from './instances';

const LanguageContext = createContext<Locale>(defaultLocale);

export function TranslationProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LanguageContext.Provider value={locale}>{children}</LanguageContext.Provider>;
}

export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: { language: Locale } } {
  const language = useContext(LanguageContext);
  // Strings registered after the first render (a retried fetch) render the component again.
  const version = useSyncExternalStore(subscribeTranslations, translationsVersion, translationsVersion);
  const key = typeof ns === 'string' ? ns : (ns ?? []).join(',');
  const namespaces = useMemo(() => (key ? key.split(',') : []), [key]);
  // `version` makes a new function once strings arrive, so memoised children see the change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback<TFunction>((k, options) => translate(language, namespaces, k, options), [language, namespaces, version]);
  return useMemo(() => ({ t, i18n: { language } }), [t, language]);
}

/**
 * One i18next instance per language, made from that language's translations once they are here (ADR 041). The
 * server render registers both languages from the JSON at build time (./all-translations.ts); the browser
 * registers the language of each page it is about to show, fetched once from a hashed file
 * (./load-translations.ts), so no page-data file carries them.
 */
import i18next, { type i18n } from 'i18next';
import type { Locale } from '../locales';

/** Namespace → strings, as in `locales/<language>/<namespace>.json`. */
export type Translations = Record<string, Record<string, string>>;

const registered = new Map<Locale, Translations>();
const instances = new Map<Locale, i18n>();

export const hasTranslations = (locale: Locale): boolean => registered.has(locale);

export function registerTranslations(locale: Locale, translations: Translations): void {
  registered.set(locale, translations);
  const existing = instances.get(locale);
  // Only when a page rendered before its strings arrived (a failed fetch retried): react-i18next re-renders on
  // `added` (bindI18nStore below).
  if (existing) for (const [ns, strings] of Object.entries(translations)) existing.addResourceBundle(locale, ns, strings, true, true);
}

/** The strings of one namespace (a template's `Head`, which Gatsby renders outside the i18next provider). */
export function namespaceOf<T>(locale: Locale, ns: string): T {
  const strings = registered.get(locale)?.[ns];
  if (!strings) throw new Error(`The ${locale} translations of "${ns}" are not loaded`);
  return strings as T;
}

export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (instance) return instance;
  const translations = registered.get(locale) ?? {};
  const namespaces = Object.keys(translations).sort();
  instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: translations },
    ns: namespaces,
    // A key is looked up in `translation` and then in every other namespace, as gatsby-plugin-react-i18next set
    // it up before: components name a namespace only where keys would clash.
    defaultNS: 'translation',
    fallbackNS: namespaces.filter((ns) => ns !== 'translation'),
    interpolation: { escapeValue: false },
    keySeparator: false,
    nsSeparator: ':',
    returnNull: false,
    // Synchronous: the resources are here, and the server render cannot wait.
    initImmediate: false,
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  instances.set(locale, instance);
  return instance;
}
